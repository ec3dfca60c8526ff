"""The binary reader's and writer's fast paths read and write exactly what the per-tag paths do.

Files are read by ``NbtIo`` with free charges, which takes the inline paths (cached keys and
strings, same-shaped list elements by :mod:`harness.formats.nbt.compound_shape`). The same
bytes read under a quota far above any charge go through the precise per-tag methods. Both
must give equal trees, and on damaged input the same error (kind, message, offset and path).
Expected values are the precise path's results and the real files' own bytes: nothing here
is invented.
"""

from __future__ import annotations

import struct

import pytest

from conftest import REPO
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt import tags as T
from harness.formats.nbt.accounter import NbtAccounter
from harness.formats.nbt.binary_reader import NbtReader
from harness.formats.nbt.encoding import BEDROCK, JAVA
from harness.formats.nbt.java_hashmap import iteration_order

pytestmark = pytest.mark.usefixtures("nbt_path")  # each test on the compiled and the pure path

REAL = REPO / "tests" / "data" / "real"
VERSIONS = [versions.get("1.20.1"), versions.get("26.3")]
HUGE_QUOTA = 1 << 62  # counted, so every tag takes the per-tag path, but never reached


def _read(data: bytes, version, encoding=JAVA, *, precise: bool):
    """``(root name, tag)`` of a named root, or the error as ``(kind, message, where)``."""
    rules = version.nbt
    accounter = NbtAccounter(rules, HUGE_QUOTA) if precise else NbtAccounter.for_file(rules)
    reader = NbtReader(data, encoding, rules, accounter)
    assert reader.fast is not precise
    try:
        t = reader.read_byte()
        name = reader.read_string()
        return name, reader.read_root_payload(t)
    except GameError as e:
        return e.kind, e.message, e.where


def _same(a, b) -> bool:
    """Equal trees with equal tag types all the way down (== already compares types)."""
    return type(a) is type(b) and a == b


JAVA_FILES = ["java-nbt/bigtest.nbt", "java-nbt/complex_player.dat", "java-nbt/level.dat",
              "java-chunks/21w44a-test1.nbt", "java-chunks/chunk1.14.nbt", "java-chunks/unicode.chunk"]


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.id)
@pytest.mark.parametrize("name", JAVA_FILES)
def test_fast_and_precise_paths_read_the_same_tree(name, version):
    data = compression.decompress((REAL / name).read_bytes())
    fast = _read(data, version, precise=False)
    precise = _read(data, version, precise=True)
    assert isinstance(fast[1], T.CompoundTag)
    assert fast[0] == precise[0] and _same(fast[1], precise[1])


def test_fast_and_precise_paths_read_the_same_bedrock_tree():
    data = (REAL / "bedrock" / "caged_villager.mcstructure").read_bytes()
    fast = _read(data, VERSIONS[1], BEDROCK, precise=False)
    assert _same(fast[1], _read(data, VERSIONS[1], BEDROCK, precise=True)[1])


def _entry(t: int, key: bytes, payload: bytes) -> bytes:
    return bytes([t]) + struct.pack(">H", len(key)) + key + payload


def _string(text: bytes) -> bytes:
    return struct.pack(">H", len(text)) + text


def _tick(x: int, block: bytes, *extra: bytes) -> bytes:
    """A ``block_ticks``-like flat compound payload: ints x, y and a string id."""
    return (_entry(3, b"x", struct.pack(">i", x)) + _entry(8, b"i", _string(block)) + b"".join(extra)
            + _entry(3, b"y", struct.pack(">i", -x)) + b"\x00")


def _list_doc(elements: list[bytes]) -> bytes:
    """A named root compound holding list ``l`` of the given compound payloads."""
    body = b"\x0a" + struct.pack(">i", len(elements)) + b"".join(elements)
    return b"\x0a\x00\x00" + _entry(9, b"l", body) + b"\x00"


SHAPE_BREAKERS = {
    "same shape": _tick(7, b"minecraft:water"),
    "longer string": _tick(7, b"minecraft:flowing_water"),
    "extra key": _tick(7, b"minecraft:lava", _entry(1, b"p", b"\x01")),
    "duplicate key": _tick(7, b"a", _entry(3, b"x", struct.pack(">i", 9))),
    "other type": _tick(7, b"a").replace(b"\x03\x00\x01y", b"\x02\x00\x01y")[:-3] + b"\x00",
    "overlong key bytes": _tick(7, b"a").replace(b"\x03\x00\x01x", b"\x03\x00\x02\xc1\xb8"),
    "bad modified UTF-8": _tick(7, b"\xf0\x9f\x98\x80"),
    "not a string": _tick(7, b"a").replace(b"\x08\x00\x01i", b"\x09\x00\x01i"),
}


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.id)
@pytest.mark.parametrize("breaker", sorted(SHAPE_BREAKERS))
def test_a_list_element_unlike_its_siblings_reads_as_the_precise_path_reads_it(breaker, version):
    elements = [_tick(i, b"minecraft:water") for i in range(4)]
    elements.insert(2, SHAPE_BREAKERS[breaker])
    data = _list_doc(elements)
    fast = _read(data, version, precise=False)
    precise = _read(data, version, precise=True)
    if isinstance(precise[1], T.Tag):
        assert _same(fast[1], precise[1])
        assert len(fast[1]["l"]) == 5
    else:
        assert fast == precise  # the same error, at the same offset and path


@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.id)
def test_every_truncation_fails_alike_on_both_paths(version):
    data = _list_doc([_tick(i, b"minecraft:water", _entry(12, b"a", struct.pack(">iq", 1, i))) for i in range(3)])
    for cut in range(len(data)):
        fast = _read(data[:cut], version, precise=False)
        assert fast == _read(data[:cut], version, precise=True), cut
        assert fast[0] in ("EOFException", version.nbt.reported_error), cut


def test_write_plans_keep_put_order_apart():
    # "Aa" and "BB" share String.hashCode 2112: one HashMap bucket, iterated in put order
    first, second = T.CompoundTag(Aa=T.ByteTag(1), BB=T.ByteTag(2)), T.CompoundTag(BB=T.ByteTag(2), Aa=T.ByteTag(1))
    v = versions.get("26.3")
    for tag in (first, second, first):
        written = nbt_io.read_file(nbt_io.write_file(tag, v), v)
        assert list(written) == iteration_order(list(tag)) == list(tag)


def test_long_keys_and_strings_past_the_caches_round_trip():
    v = versions.get("26.3")
    tag = T.CompoundTag({"k" * 300: T.StringTag("v" * 70_000), "n": T.ListTag([T.StringTag("s" * 300)] * 3)})
    data = nbt_io.write_file(tag, v)
    assert _same(nbt_io.read_file(data, v), T.CompoundTag({"k" * 300: T.StringTag(""), "n": tag["n"]}))


def test_byte_array_read_without_a_copy():
    """A byte array read from a file is a read-only view of the file's bytes (no copy: a
    500 MB array is not held twice); a byte-swapped int array is an array of its own."""
    import numpy as np

    data = (b"\x0a\x00\x00" + b"\x07\x00\x01b" + struct.pack(">i", 5) + bytes([1, 2, 255, 0, 128])
            + b"\x0b\x00\x01i" + struct.pack(">ii", 1, -2) + b"\x00")
    _, tag = nbt_io.read_named(data, versions.get("26.3"))
    assert tag["b"].array.tolist() == [1, 2, -1, 0, -128] and tag["i"].array.tolist() == [-2]
    assert np.shares_memory(tag["b"].array, np.frombuffer(data, np.uint8))
    assert not tag["b"].array.flags.writeable
    assert tag["i"].array.dtype == np.int32 and tag["i"].array.dtype.isnative
