"""Fuzzing the binary readers with damaged real files: a typed refusal or a value, nothing else.

Hypothesis mutates the real files (tests/data/real/) with flipped bytes, cut tails, inserted
and deleted bytes, and inflated lengths written at the positions of string, array and list
length fields. Every reader then runs on the result: ``NbtIo``'s three forms in two versions,
``read_named`` in the three encodings, the Bedrock ``level.dat`` reader, detection
(``open_nbt``), decompression and the region reader. Each must return a value (which is then
written back) or raise :class:`~harness.formats.errors.GameError`; any other exception, a
``RecursionError``, a ``MemoryError`` or a run over :data:`TIME_LIMIT` seconds fails the test.

Bounded and reproducible: a fixed number of examples, derandomized, no example database.
"""

from __future__ import annotations

import signal
import struct
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.detect import open_nbt, save_nbt
from harness.formats.region import RegionFile
from helpers_nbt_paths import on_each_nbt_path  # each example on the compiled and the pure path, drawn once

REAL = REPO / "tests" / "data" / "real"
TIME_LIMIT = 10  # seconds for all readers on one input; a hang is a failure
VERSIONS = [versions.get("1.20.1"), versions.get("26.3")]
FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# decompressed samples: (bytes, little-endian?) — Java big-endian and Bedrock little-endian
SAMPLE_FILES = {
    "java-nbt/hello_world.nbt": False, "java-nbt/bigtest.nbt": False, "java-nbt/simple_player.dat": False,
    "java-nbt/complex_player.dat": False, "java-nbt/inttest1023.nbt": False, "java-nbt/J1_13_level.nbt": False,
    "bedrock/level.dat": True, "bedrock/cmdblock.mcstructure": True, "bedrock/barrel.mcstructure": True,
}
SAMPLES = {name: compression.decompress((REAL / name).read_bytes()) for name in SAMPLE_FILES}
SAMPLES["bedrock/level.dat+header"] = struct.pack("<iI", 9, len(SAMPLES["bedrock/level.dat"])) + SAMPLES["bedrock/level.dat"]
SAMPLE_FILES["bedrock/level.dat+header"] = True
SAMPLES["bedrock/cmdblock.mcstructure as varints"] = nbt_io.write_named(
    *nbt_io.read_named(SAMPLES["bedrock/cmdblock.mcstructure"], encoding="bedrock"), encoding="bedrock_network")

_FIXED = {1: 1, 2: 2, 3: 4, 4: 8, 5: 4, 6: 8}
_WIDTH = {7: 1, 11: 4, 12: 8}


def length_fields(data: bytes, little: bool) -> tuple[list[int], list[int]]:
    """Offsets of the 2-byte string lengths and the 4-byte array/list lengths in a well-formed
    named-root document (fixed-width encodings), found by walking it."""
    order = "<" if little else ">"
    shorts: list[int] = []
    ints: list[int] = []
    pos = 8 if data[:1] != b"\x0a" else 0  # a level.dat header before the root

    def string() -> None:
        nonlocal pos
        shorts.append(pos)
        pos += 2 + struct.unpack_from(order + "H", data, pos)[0]

    def count() -> int:
        nonlocal pos
        ints.append(pos)
        pos += 4
        return struct.unpack_from(order + "i", data, pos - 4)[0]

    def payload(t: int) -> None:
        nonlocal pos
        if t in _FIXED:
            pos += _FIXED[t]
        elif t == 8:
            string()
        elif t in _WIDTH:
            n = count()  # (not "pos += count() * w": that reads pos before count() moves it)
            pos += n * _WIDTH[t]
        elif t == 9:
            element = data[pos]
            pos += 1
            for _ in range(count()):
                payload(element)
        elif t == 10:
            while data[pos] != 0:
                child = data[pos]
                pos += 1
                string()
                payload(child)
            pos += 1

    root = data[pos]
    pos += 1
    string()
    payload(root)
    return shorts, ints


FIELDS = {name: length_fields(data, SAMPLE_FILES[name]) if name in SAMPLE_FILES else ([], [])
          for name, data in SAMPLES.items()}
INFLATED_INTS = [0x7FFFFFFF, -0x80000000, -1, 0x10000000, 0x00FFFFFF, 0x10000, 513]


@st.composite
def damaged(draw) -> tuple[str, bytes]:
    """A sample file with one to four mutations."""
    name = draw(st.sampled_from(sorted(SAMPLES)))
    data = bytearray(SAMPLES[name])
    little = SAMPLE_FILES.get(name, True)
    shorts, ints = FIELDS[name]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "delete", "short-length", "int-length"]))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[at] ^= draw(st.integers(1, 255))
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 8))]
        elif kind == "short-length" and shorts:
            at = draw(st.sampled_from(shorts))
            data[at:at + 2] = struct.pack("<H" if little else ">H", draw(st.sampled_from([0xFFFF, 0x8000, 0x0100])))
        elif kind == "int-length" and ints:
            at = draw(st.sampled_from(ints))
            data[at:at + 4] = struct.pack("<i" if little else ">i", draw(st.sampled_from(INFLATED_INTS)))
    return name, bytes(data)


@contextmanager
def time_limit(seconds: int):
    def expired(signum, frame):
        raise TimeoutError(f"a reader ran for over {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused_or_value(call, *args, **kwargs):
    """``call(...)``'s value, or None when it raised a GameError; anything else propagates."""
    try:
        return call(*args, **kwargs)
    except GameError:
        return None


def read_every_way(data: bytes) -> None:
    for version in VERSIONS:
        for read, write in ((nbt_io.read_file, nbt_io.write_file), (nbt_io.read_any, nbt_io.write_any),
                            (nbt_io.read_network, nbt_io.write_network)):
            tag = refused_or_value(read, data, version)
            if tag is not None:
                refused_or_value(write, tag, version)
    for encoding in ("java", "bedrock", "bedrock_network"):
        named = refused_or_value(nbt_io.read_named, data, encoding=encoding)
        if named is not None:
            refused_or_value(nbt_io.write_named, named[0], named[1], encoding=encoding)
    refused_or_value(nbt_io.read_bedrock_level_dat, data)
    doc = refused_or_value(open_nbt, data)
    if doc is not None:
        refused_or_value(save_nbt, doc)


@FUZZ
@given(damaged())
def test_damaged_files_are_read_or_refused_with_a_game_error(sample):
    name, data = sample

    def check(path):
        with time_limit(TIME_LIMIT):
            read_every_way(data)

    on_each_nbt_path(check)


GZIPPED = (REAL / "java-nbt" / "bigtest.nbt").read_bytes()
ZLIBBED = compression.compress(SAMPLES["java-nbt/complex_player.dat"], "zlib")


@FUZZ
@given(st.sampled_from([GZIPPED, ZLIBBED]), st.integers(0, 10_000), st.integers(1, 255), st.booleans())
def test_damaged_compressed_files_are_read_or_refused(raw, at, xor, cut):
    data = bytearray(raw)
    at %= len(data)
    if cut:
        del data[at:]
    else:
        data[at] ^= xor

    def check(path):
        with time_limit(TIME_LIMIT):
            refused_or_value(compression.decompress, bytes(data))
            refused_or_value(open_nbt, bytes(data))

    on_each_nbt_path(check)


REGION = (REAL / "java-region" / "r.4.-4.mca").read_bytes()


@settings(FUZZ, max_examples=40)
@given(st.integers(0, len(REGION) - 1), st.integers(1, 255), st.booleans())
def test_damaged_region_files_are_read_or_refused(at, xor, table):
    data = bytearray(REGION)
    if table:
        at %= 8192  # the sector table and the timestamps
    data[at] ^= xor

    def check(path):
        with time_limit(TIME_LIMIT):
            region = refused_or_value(RegionFile, bytes(data))
            for loc in region.locations if region else ():
                refused_or_value(region.read_chunk, loc, versions.get("26.3"))

    on_each_nbt_path(check)


# --- array printing: the NumPy text equals the per-element text ---------------------------------
# StringTagVisitor prints [B;1B,2B], [I;1,2], [L;1L,2L]; SnbtPrinterTagVisitor the same with a
# space before each element. Java's Byte/Integer/Long.toString is the plain decimal, as Python's.
ARRAY_KINDS = [("ByteArrayTag", "i1", "B", "B"), ("IntArrayTag", "i4", "I", ""), ("LongArrayTag", "i8", "L", "L")]


@pytest.mark.parametrize("cls,dtype,letter,suffix", ARRAY_KINDS)
@given(data=st.data())
@settings(FUZZ, max_examples=60)  # (derandomized) each kind still draws every chunk seam 1-8 and every listed edge value
def test_array_text_equals_the_per_element_text(cls, dtype, letter, suffix, data):
    import numpy as np

    from harness.formats.nbt import string_tag_visitor, tags
    from harness.formats.nbt.snbt_printer_tag_visitor import pretty
    from harness.formats.nbt.string_tag_visitor import to_string

    info = np.iinfo(dtype)
    values = data.draw(st.lists(st.one_of(st.integers(info.min, info.max), st.sampled_from(
        [info.min, info.max, 0, -1, 1, 9, 10, -10, 99, 100])), max_size=40))
    tag = getattr(tags, cls)(np.array(values, dtype=dtype))
    chunk = data.draw(st.integers(1, 8))  # chunk seams

    def check(path):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(string_tag_visitor, "_ARRAY_CHUNK", chunk)
            assert to_string(tag, "26.3") == f"[{letter};" + ",".join(f"{v}{suffix}" for v in values) + "]", path
            assert pretty(tag, "26.3") == f"[{letter};" + ",".join(f" {v}{suffix}" for v in values) + "]", path

    on_each_nbt_path(check)
