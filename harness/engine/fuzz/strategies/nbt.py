"""NBT fuzz strategies: binary input read by ``NbtIo`` in the file, any and network forms.

The input is a tag tree drawn here and encoded by this module's own small encoder (Java's
big-endian ``DataOutput`` and modified UTF-8: inputs are data we choose, so they never come
from the implementation under test), with the root named or nameless, then sometimes
damaged: cut short, a byte changed, or a length made to lie. Weighted edges: NaN payloads
(quiet, signalling, negative) and -0.0, lone surrogates, NUL and supplementary characters in
strings and keys, lists of element type End with a count, negative counts, unknown tag ids,
and containers nested 511, 512 and 513 deep (the accounter's limit of 512).
"""

from __future__ import annotations

import struct
from functools import cache

from hypothesis import strategies as st

from harness.engine.fuzz.strategies import AreaStrategy, edges, no_args, weighted

DEPTHS = (510, 511, 512, 513, 514)
FLOAT_BITS = (0x7FC00000, 0x7FC00001, 0x7F800001, 0xFFC00000, 0x80000000, 0x7F800000, 0x00000001)
DOUBLE_BITS = (0x7FF8000000000000, 0x7FF8000000000001, 0x7FF0000000000001, 0xFFF8000000000000,
               0x8000000000000000, 0x7FF0000000000000, 0x0000000000000001)
TEXT = st.one_of(
    st.text(max_size=8),
    edges("", "\x00", "\ud800", "\udfff", "a\ud83d", "\ud83d\ude00", "\uffff", "key", "Key", "a b", "\u00e9"),
)


def mutf8(text: str) -> bytes:
    """``text`` as Java's modified UTF-8, each UTF-16 unit on its own (NUL as C0 80, a
    surrogate as its 3 bytes), with the unsigned 16-bit length first (cut at 65535 bytes)."""
    out = bytearray()
    for unit in text.encode("utf-16-be", "surrogatepass").hex(" ", 2).split():
        c = int(unit, 16)
        if 0 < c < 0x80:
            out.append(c)
        elif c < 0x800:
            out += bytes((0xC0 | c >> 6, 0x80 | c & 0x3F))
        else:
            out += bytes((0xE0 | c >> 12, 0x80 | c >> 6 & 0x3F, 0x80 | c & 0x3F))
    return struct.pack(">H", min(len(out), 0xFFFF)) + bytes(out[:0xFFFF])


def _scalar(tag_id: int):
    """``(tag_id, payload bytes)`` strategies of the tags without children."""
    packers = {1: (">b", st.integers(-128, 127)), 2: (">h", st.integers(-(1 << 15), (1 << 15) - 1)),
               3: (">i", edges(0, 1, -1, (1 << 31) - 1, -(1 << 31), around=st.integers(-(1 << 31), (1 << 31) - 1))),
               4: (">q", edges(0, -1, (1 << 63) - 1, -(1 << 63), around=st.integers(-(1 << 63), (1 << 63) - 1))),
               5: (">I", edges(*FLOAT_BITS, around=st.integers(0, (1 << 32) - 1))),
               6: (">Q", edges(*DOUBLE_BITS, around=st.integers(0, (1 << 64) - 1)))}
    if tag_id in packers:
        fmt, values = packers[tag_id]
        return values.map(lambda v: struct.pack(fmt, v))
    if tag_id == 8:
        return TEXT.map(mutf8)
    item = _scalar({7: 1, 11: 3, 12: 4}[tag_id])  # the arrays: a count, then the elements
    return st.lists(item, max_size=6).map(lambda xs: struct.pack(">i", len(xs)) + b"".join(xs))


SCALAR_IDS = (1, 2, 3, 4, 5, 6, 7, 8, 11, 12)
COMMON_IDS = (3, 8, 1)  # ints, strings and bytes: most of what real files hold


@cache
def _leaves():
    """``(tag id, payload)`` of the tags without children."""
    return st.sampled_from(SCALAR_IDS).flatmap(lambda t: _scalar(t).map(lambda p: (t, p)))


@cache
def _common_leaves():
    """``(tag id, payload)`` of ints, strings and bytes."""
    return st.sampled_from(COMMON_IDS).flatmap(lambda t: _scalar(t).map(lambda p: (t, p)))


@cache
def _payloads():
    """``(tag id, payload)`` of any tag, compounds and lists nested a few levels."""
    leaves = _leaves()

    def containers(children):
        entry = st.tuples(TEXT, children)
        compound = st.lists(entry, max_size=5).map(
            lambda es: (10, b"".join(bytes((t,)) + mutf8(k) + p for k, (t, p) in es) + b"\x00"))
        same_type = st.sampled_from(SCALAR_IDS).flatmap(
            lambda t: st.lists(_scalar(t), max_size=5).map(lambda ps: (9, bytes((t,)) + struct.pack(">i", len(ps)) + b"".join(ps))))
        mixed = st.lists(children, max_size=4).map(  # a 26.x list of compounds, or of one kind
            lambda cs: (9, bytes((cs[0][0] if cs else 0,)) + struct.pack(">i", len(cs)) + b"".join(p for _, p in cs)))
        return st.one_of(compound, same_type, mixed)

    return st.recursive(leaves, containers, max_leaves=12)


@cache
def _deep():
    """Containers nested around the accounter's depth limit: lists of lists, or compounds."""
    def build(depth, kind):
        if kind == "list":
            return 9, b"\x09\x00\x00\x00\x01" * (depth - 1) + b"\x00\x00\x00\x00\x00"
        return 10, b"\x0a\x00\x00" * (depth - 1) + b"\x00" * depth
    return st.tuples(st.sampled_from(DEPTHS), st.sampled_from(("list", "compound"))).map(lambda dk: build(*dk))


@cache
def _odd():
    """Tags the game must refuse: a list of End with a count, a negative count, an unknown id."""
    return st.one_of(
        st.integers(1, 3).map(lambda n: (9, b"\x00" + struct.pack(">i", n))),
        st.sampled_from((-1, -(1 << 31))).map(lambda n: (9, b"\x01" + struct.pack(">i", n))),
        st.sampled_from((7, 11, 12)).map(lambda t: (t, struct.pack(">i", -1))),
        st.sampled_from((13, 99, 255)).map(lambda t: (t, b"")),
        st.just((0, b"")),
    )


def _damaged(data: bytes):
    """``data`` as drawn, cut short, with one byte changed, or a 4-byte length lying."""
    if not data:
        return st.just(data)
    cut = st.integers(0, len(data) - 1).map(lambda i: data[:i])
    flip = st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)).map(
        lambda ib: data[:ib[0]] + bytes((ib[1],)) + data[ib[0] + 1:])
    lie = st.tuples(st.integers(0, max(len(data) - 4, 0)), edges(0x7FFFFFFF, 0xFFFFFFFF, 0x00010000, 2, 255)).map(
        lambda iv: data[:iv[0]] + struct.pack(">I", iv[1]) + data[iv[0] + 4:])
    return weighted((5, st.just(data)), (1, cut), (1, flip), (1, lie))


@cache
def _input(named: bool):
    """Input bytes: a root tag (mostly a compound, as files hold), with its name when
    ``named``, sometimes damaged; or a few random bytes."""
    document = st.lists(st.tuples(TEXT, weighted((3, _common_leaves()), (1, _leaves()), (1, _payloads()))), min_size=1, max_size=5).map(
        lambda es: (10, b"".join(bytes((t,)) + mutf8(k) + p for k, (t, p) in es) + b"\x00"))
    root = weighted((8, document), (3, _payloads()), (1, _deep()), (1, _odd()), (1, st.just((10, b"\x00"))))
    name = TEXT if named else st.none()
    tagged = st.tuples(root, name).map(
        lambda rn: bytes((rn[0][0],)) + (b"" if rn[1] is None or rn[0][0] == 0 else mutf8(rn[1])) + rn[0][1])
    return weighted((6, tagged.flatmap(_damaged)), (1, st.binary(max_size=24))).map(bytes.hex)


@cache
def _setup(version):
    """The form, then input whose root is named as that form reads it (file: named; any:
    nameless; network: as the release's ``nbt.network_named_root``), one time in six not."""
    def for_form(form):
        named = form == "file" or (form == "network" and version.nbt.network_named_root)
        inputs = weighted((5, _input(named)), (1, _input(not named)))
        return st.fixed_dictionaries({"form": st.just(form), "input": inputs})
    return st.sampled_from(("file", "any", "network")).flatmap(for_form)


AREA = AreaStrategy(setup=_setup, args={"write_back": no_args, "to_string": no_args, "pretty": no_args}, max_ops=3)
