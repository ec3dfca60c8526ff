"""Compression around NBT (harness/formats/nbt/compression.py) on the real files the game wrote.

Expected bytes come from the recorded cases: a ``nbt/p/real/<name>/file`` case's input is the
real file decompressed (recorded/FORMAT.md), so inflating the real gzip file must give it.
"""

from __future__ import annotations

import gzip
import zlib

import pytest

from conftest import REPO, reference_case
from harness.formats.errors import GameError
from harness.formats.nbt import compression
from harness.formats.nbt.compression import (
    CompressionError, compress, decompress, decompress_prefix, detect_compression, unwrap,
)

REAL = REPO / "tests" / "data" / "real"
GZIPPED_WITH_ANSWERS = ["bigtest.nbt", "level.dat", "complex_player.dat", "simple_player.dat"]


@pytest.mark.parametrize("name", GZIPPED_WITH_ANSWERS)
def test_gzip_real_file_inflates_to_the_recorded_input(name):
    raw = (REAL / "java-nbt" / name).read_bytes()
    case = reference_case("26.3", f"nbt/p/real/{name}/file")
    assert detect_compression(raw) == "gzip"
    assert unwrap(raw) == ("gzip", bytes.fromhex(case["setup"]["input"]))


@pytest.mark.parametrize("name", ["J1_13_level.nbt", "hello_world.nbt", "inttest1023.nbt"])
def test_uncompressed_real_file_is_none(name):
    raw = (REAL / "java-nbt" / name).read_bytes()
    assert unwrap(raw) == ("none", raw)


@pytest.mark.parametrize("head,kind", [
    ("1f8b", "gzip"), ("7801", "zlib"), ("785e", "zlib"), ("789c", "zlib"), ("78da", "zlib"),
    ("0a00", "none"), ("7800", "none"), ("08", "none"), ("", "none"), ("1f", "none"),
])
def test_detect_by_magic_bytes(head, kind):
    # seed 001: gzip 1F 8B; zlib 78 01 / 78 9C / 78 DA (and 78 5E, the fourth valid header)
    assert detect_compression(bytes.fromhex(head)) == kind


@pytest.mark.parametrize("kind", ["gzip", "zlib", "none"])
def test_compress_then_decompress_gives_the_bytes_back(kind):
    data = (REAL / "java-chunks" / "1.17.1.chunk").read_bytes()
    packed = compress(data, kind)
    assert detect_compression(packed) == kind
    assert decompress(packed) == data
    # and a standard library reader agrees with what we wrote
    if kind == "gzip":
        assert gzip.decompress(packed) == data
    elif kind == "zlib":
        assert zlib.decompress(packed) == data


def test_gzip_header_is_the_jdk_one():
    assert compress(b"x", "gzip")[:10] == bytes.fromhex("1f8b08000000000000ff")


def test_truncated_gzip_is_an_eof_exception_with_offset():
    raw = (REAL / "java-nbt" / "bigtest.nbt").read_bytes()
    with pytest.raises(CompressionError) as info:
        decompress(raw[:100])
    assert info.value.kind == "EOFException"
    assert info.value.message == "Unexpected end of ZLIB input stream"
    assert "byte 100" in info.value.where
    assert isinstance(info.value, GameError)


def test_truncated_gzip_trailer_keeps_the_whole_content_as_prefix():
    raw = (REAL / "java-nbt" / "bigtest.nbt").read_bytes()
    expected = bytes.fromhex(reference_case("26.3", "nbt/p/real/bigtest.nbt/file")["setup"]["input"])
    out, problem = decompress_prefix(raw[:-3])
    assert out == expected
    assert problem.kind == "EOFException"


def test_corrupt_trailer_is_a_zip_exception():
    raw = bytearray((REAL / "java-nbt" / "bigtest.nbt").read_bytes())
    raw[-5] ^= 0xFF  # inside the CRC-32
    with pytest.raises(CompressionError, match="Corrupt GZIP trailer") as info:
        decompress(bytes(raw))
    assert info.value.kind == "ZipException"


def test_corrupt_deflate_data_is_a_zip_exception_and_keeps_a_prefix():
    data = bytes(range(256)) * 64
    packed = bytearray(zlib.compress(data))
    packed[2] = 0xFF  # block header: type 3 does not exist
    out, problem = decompress_prefix(bytes(packed))
    assert problem.kind == "ZipException" and "invalid" in problem.message
    assert data.startswith(out)


def test_wrong_gzip_method_is_refused():
    with pytest.raises(CompressionError, match="Unsupported compression method"):
        decompress(bytes.fromhex("1f8b0700000000000000") + b"\0" * 10)


def test_trailing_bytes_after_a_member_are_ignored_and_members_concatenate():
    one = compress(b"abc", "gzip")
    assert decompress(one + b"garbage") == b"abc"
    assert decompress(one + compress(b"def", "gzip")) == b"abcdef"


def test_decompression_bomb_is_refused_beyond_the_limit():
    bomb = zlib.compress(b"\0" * (8 << 20), 9)
    assert len(bomb) < 20_000
    with pytest.raises(CompressionError) as info:
        decompress(bomb, limit=1 << 20)
    assert info.value.kind == compression.LIMIT_KIND
    assert "1048576" in info.value.message
    assert len(decompress(bomb, limit=8 << 20)) == 8 << 20  # exactly at the limit is fine


def test_none_gives_the_input_back_without_a_copy():
    raw = (REAL / "java-nbt" / "hello_world.nbt").read_bytes()
    prefix, problem = decompress_prefix(raw, "none")
    assert prefix is raw and problem is None  # a 1 GB uncompressed file stays one 1 GB buffer
