"""Where a difference falls inside an answer, in the words of the operation that gave it.

A :class:`~harness.engine.compare.Difference` has a path (``("data", 12)``) and, for bytes,
an offset; this module names that place for a person: ``"data long 12"`` of a ``pack``
answer, ``"counts entry 3 (count)"``, ``"value index 7"`` of ``values``, and for a palette
``write`` answer the part of the network form the byte belongs to (bits byte, palette,
the long array's VarInt length where the version writes one, data long k), and for an NBT
``write_back`` answer the tag the byte belongs to and its part (:func:`nbt_part`: ``byte 159
(payload of Level.xPos, byte 2 of it)``).

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
from harness.formats.budget import BudgetExceeded
from harness.formats.errors import GameError

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
    if name == "write_back" and case.get("area") == "nbt" and d.expected is not MISSING:
        return _nbt_place(place, d, case)
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


def _nbt_place(place: str, d: Difference, case: dict) -> str:
    """``place`` with where byte ``d.offset`` of the expected NBT bytes falls (:func:`nbt_part`)."""
    setup = case.get("setup") or {}
    try:
        found = nbt_part(bytes.fromhex(d.expected), d.offset, setup.get("form", "file"), case.get("version"))
    except (GameError, BudgetExceeded, RecursionError, ValueError, KeyError, TypeError):
        return place  # bytes our reader does not read that far: the offset alone
    return f"{place} ({found})" if found else f"{place} (past the end of the expected bytes)"


def nbt_part(data: bytes, offset: int, form: str, version: str | None) -> str | None:
    """Where byte ``offset`` of the binary NBT ``data`` falls: the part of a tag (type byte,
    name length, name, payload; a list's element type and length, an array's length, a
    compound's End) and the tag's path, as the reader's errors name it; ``None`` past the
    root's end. ``form``: ``file`` (a named root, ``NbtIo.write``), ``any`` (nameless,
    ``writeAnyTag``) or ``network`` (nameless from 1.20.2, named before). The bytes are read
    with our reader (``harness.formats.nbt.binary_reader``) as far as ``offset``; bytes that do
    not read raise its ``GameError`` (a ``ValueError`` for a form it does not know).

    >>> hello = bytes.fromhex("0a0000" "0800046e616d65" "000942616e616e72616d61" "00")
    >>> [nbt_part(hello, n, "file", "26.3") for n in (0, 1, 3, 5, 6, 12, 21, 22)]  # doctest: +NORMALIZE_WHITESPACE
    ['type byte of (root)', 'name length of (root), byte 0 of it', 'type byte of name',
     'name length of name, byte 1 of it', 'name of name, byte 0 of it', 'payload of name, byte 2 of it',
     'End of (root)', None]
    >>> nbt_part(bytes.fromhex("0a0000" "0b00016100000002" "0000000100000007" "00"), 18, "file", "26.3")
    'element 1 of a, byte 3 of it'
    """
    from harness.formats import versions  # the engine reads the one version table
    from harness.formats.nbt.accounter import NbtAccounter
    from harness.formats.nbt.binary_reader import NbtReader, _path_text
    from harness.formats.nbt.encoding import JAVA

    rules = versions.get(version or versions.LATEST).nbt
    if form not in ("file", "any", "network"):
        raise ValueError(f"unknown NBT form {form!r}")
    named = form == "file" or form == "network" and rules.network_named_root
    reader = NbtReader(data, JAVA, rules, NbtAccounter.for_file(rules))
    found = []  # the place, once found

    def holds(start: int, part: str, path: list, end: int | None = None) -> bool:
        """Whether the field from ``start`` to ``end`` (default: the reader's place) holds byte
        ``offset`` (then said in ``found``)."""
        end = reader.pos if end is None else end
        if not start <= offset < end:
            return False
        within = f", byte {offset - start} of it" if end - start > 1 else ""
        found.append(f"{part} of {_path_text(path)}{within}")
        return True

    def payload(t: int, path: list) -> bool:
        """Read the payload of a tag of type ``t`` at ``path``; True once ``found`` (one frame a
        level: the game's 512 levels fit Python's recursion limit)."""
        if t == 10:
            while True:
                start = reader.pos
                if reader.read_byte() == 0:
                    return holds(start, "End", path)
                name_start = reader.pos  # the entry's name, read before its type byte is named by it
                entry = path + [reader.read_string()]
                if holds(start, "type byte", entry, name_start) or holds(name_start, "name length", entry,
                                                                         name_start + 2) \
                        or holds(name_start + 2, "name", entry) or payload(reader.data[start], entry):
                    return True
        if t == 9:
            start = reader.pos
            element = reader.read_byte()
            if holds(start, "element type byte", path):
                return True
            start = reader.pos
            n = reader.read_int()
            if holds(start, "list length", path):
                return True
            for i in range(n):
                if payload(element, path + [i]):
                    return True
            return False
        if t in (7, 11, 12):
            start = reader.pos
            n = reader.read_int()
            if holds(start, "array length", path):
                return True
            size, first = {7: 1, 11: 4, 12: 8}[t], reader.pos
            reader._take(n * size)
            if not first <= offset < reader.pos:
                return False
            k = (offset - first) // size
            return holds(first + k * size, f"element {k}", path, first + k * size + size)
        start = reader.pos
        reader.read_payload(t)
        return holds(start, "payload", path)

    t = reader.read_byte()
    if offset == 0:
        return "type byte of (root)"
    if t == 0:
        return None
    if named:
        start = reader.pos
        reader.skip_string()
        if holds(start, "name length", [], start + 2) or holds(start + 2, "name", []):
            return found[0]
    payload(t, [])
    return found[0] if found else None


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
