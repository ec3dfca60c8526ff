"""Where a difference falls inside an answer, in the words of the operation that gave it.

A :class:`~harness.engine.compare.Difference` has a path (``("data", 12)``) and, for bytes,
an offset; this module names that place for a person: ``"data long 12"`` of a ``pack``
answer, ``"counts entry 3 (count)"``, ``"value index 7"`` of ``values``, and for a palette
``write`` answer the part of the network form the byte belongs to (bits byte, palette,
the long array's VarInt length where the version writes one, data long k).

The network form's layout is GAME_FACTS.md section 2.3 (``PalettedContainer.write``): a
bits byte, the palette (single value: one VarInt id; linear and hash map: VarInt count then
VarInt ids; global: nothing), then the data longs big-endian, with a VarInt length before
them where ``version.palette.write_long_array_length`` (up to 1.21.4; a single-value
container then ends with VarInt 0). The count of longs follows from the bits and the
number of entries, so the data is located from the end.

>>> write_parts(bytes.fromhex("0401" "00" + "00" * 8 * 256), "block_states", "26.3")[:3]
[(0, 1, 'bits byte'), (1, 3, 'palette'), (3, 11, 'data long 0')]

A region ``files`` answer keeps the timestamp table apart (``"timestamps"``: the game writes
the wall clock there): :func:`judged_view` compares which entries have a timestamp, never
their values, and a byte of a region file is named by its place (sector table entry and
chunk, or sector):

>>> judged_view(["files"], {"files": {}, "timestamps": [[0, 1764580000], [33, 7]]}, {"area": "region"})
{'files': {}, 'timestamps': [0, 33]}
>>> region_place(4 * 33 + 1)
'sector table entry 33: chunk (1, 1), byte 1 of it'
"""

from __future__ import annotations

from harness.engine.compare import Difference, MISSING

# labels of list items per operation: op -> (label of item i) or {key: label of key's item i}
_ITEM_LABELS = {
    "values": "value index",
    "longs": "long",
    "counts": "counts entry",
    "pack": {"palette": "palette entry", "data": "data long"},
}
_ENTRY_SIDE = {"counts": ("id", "count")}
_ENTRIES = {"block_states": 4096, "biomes": 64}
_ERROR_FIELD = {"error": "error kind", "message": "error message", "cause": "error cause",
                "cause_message": "error cause message"}


def holds_long(op: list, path: tuple) -> bool:
    """True when ``path`` leads to a long in the answer to ``op``: an item of ``longs``, a
    data long of ``pack``.

    >>> holds_long(["longs"], (3,)), holds_long(["pack"], ("data", 0)), holds_long(["values"], (3,))
    (True, True, False)
    """
    labels = _ITEM_LABELS.get(op[0] if op else "")
    if isinstance(labels, dict):
        return len(path) == 2 and labels.get(path[0]) == "data long"
    return labels == "long" and len(path) == 1


def may_hold_long(op: list) -> bool:
    """Whether the answer to ``op`` has any place :func:`holds_long` names (``longs``, ``pack``).

    >>> may_hold_long(["longs"]), may_hold_long(["pack"]), may_hold_long(["values"])
    (True, True, False)
    """
    labels = _ITEM_LABELS.get(op[0] if op else "")
    return labels == "long" or isinstance(labels, dict) and "data long" in labels.values()


def describe(op: list, d: Difference, case: dict) -> str:
    """A short label for where ``d`` falls in the answer to ``op`` (``""`` at the top level)."""
    name = op[0] if op else ""
    parts = []
    path = list(d.path)
    labels = _ITEM_LABELS.get(name)
    if path and path[0] in _ERROR_FIELD and not labels:
        parts.append(_ERROR_FIELD[path.pop(0)])
    elif isinstance(labels, dict) and path and path[0] in labels and len(path) > 1:
        key = path.pop(0)
        parts.append(f"{labels[key]} {path.pop(0)}")
    elif isinstance(labels, str) and path and isinstance(path[0], int):
        parts.append(f"{labels} {path.pop(0)}")
        sides = _ENTRY_SIDE.get(name)
        if sides and path and isinstance(path[0], int) and path[0] < len(sides):
            parts[-1] += f" ({sides[path.pop(0)]})"
    parts.extend(f"[{p!r}]" if isinstance(p, str) else f"[{p}]" for p in path)
    if d.unit == "byte" and d.offset is not None:
        parts.append(_byte_place(name, d, case))
    elif d.unit == "char" and d.offset is not None:
        parts.append(f"character {d.offset}")
    return ", ".join(p for p in parts if p)


def judged_view(op: list, answer, case: dict):
    """The part of ``answer`` that is judged: a region ``files`` answer with its timestamps
    reduced to the indices that have one (module text); every other answer as it is."""
    if case.get("area") == "region" and op and op[0] == "files" and isinstance(answer, dict) \
            and isinstance(answer.get("timestamps"), list):
        stamps = answer["timestamps"]
        return {**answer, "timestamps": [s[0] if isinstance(s, list) and s else s for s in stamps]}
    return answer


def region_place(offset: int) -> str:
    """Where byte ``offset`` of a region file falls: a sector table entry and its chunk
    (region x, z), or a sector."""
    if offset < 4096:
        entry = offset // 4
        within = f", byte {offset % 4} of it" if offset % 4 else ""
        return f"sector table entry {entry}: chunk ({entry % 32}, {entry // 32}){within}"
    if offset < 8192:
        return f"timestamp entry {(offset - 4096) // 4}"
    return f"sector {offset // 4096}, byte {offset % 4096} of it"


def _byte_place(name: str, d: Difference, case: dict) -> str:
    place = f"byte {d.offset}"
    if case.get("area") == "region" and name == "files" and len(d.path) == 2 and str(d.path[1]).startswith("r."):
        return f"{place} ({region_place(d.offset)})"
    if name != "write" or case.get("area") != "palette" or d.expected is MISSING:
        return place
    try:
        parts = write_parts(bytes.fromhex(d.expected), (case.get("setup") or {}).get("strategy"), case.get("version"))
    except (ValueError, KeyError):
        return place
    for start, end, label in parts:
        if start <= d.offset < end:
            within = f", byte {d.offset - start} of it" if end - start > 1 else ""
            return f"{place} ({label}{within})"
    return f"{place} (past the end of the expected bytes)"


def write_parts(data: bytes, strategy: str | None, version: str | None) -> list[tuple[int, int, str]]:
    """The parts of a palette ``write`` answer as ``(start, end, label)`` byte ranges.

    ``strategy``: ``"block_states"`` or ``"biomes"`` (the number of entries, 4096 or 64);
    ``version``: a version of the table (whether the longs carry a VarInt length). Raises
    ``ValueError``/``KeyError`` when the bytes cannot be laid out that way.
    """
    from harness.formats import versions  # the engine reads the one version table

    with_length = versions.get(version).palette.write_long_array_length
    entries = _ENTRIES[strategy]
    if not data:
        raise ValueError("no bytes")
    bits = data[0]
    parts = [(0, 1, "bits byte")]
    if bits == 0:
        tail = len(_varint(0)) if with_length else 0
        parts.append((1, len(data) - tail, "palette (single value)"))
        if tail:
            parts.append((len(data) - tail, len(data), "data length VarInt"))
        return parts
    if bits > 64:
        raise ValueError(f"bits byte {bits} is not a storage width")
    nlongs = -(-entries // (64 // bits))
    data_start = len(data) - 8 * nlongs
    length_start = data_start - (len(_varint(nlongs)) if with_length else 0)
    if length_start < 1:
        raise ValueError("shorter than its data")
    parts.append((1, length_start, "palette"))
    if with_length:
        parts.append((length_start, data_start, "data length VarInt"))
    parts.extend((data_start + 8 * k, data_start + 8 * k + 8, f"data long {k}") for k in range(nlongs))
    return [p for p in parts if p[1] > p[0]]


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)
