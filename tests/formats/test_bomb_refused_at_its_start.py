"""A compressed document that its first bytes already refuse is refused after inflating only them.

Detection refuses a root of type End (first byte ``00``) with the game's ``IOException`` "Root
tag must be a named compound tag" unless a ``bedrock-level-dat`` header matches (module text of
:mod:`harness.formats.nbt.detect`); through gzip or zlib that refusal is the one an uncompressed
file of the same bytes gets, and a bomb of zeros meets it at byte 0, not at the decompression
limit.
"""

from __future__ import annotations

import struct
import tracemalloc
import zlib

import pytest

from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.detect import open_nbt
from helpers_cli import run_nbt

LIMIT = 32 << 20  # the decompression limit these bombs are made past (the tools' 256 MiB would take 8 times longer)
LEVEL_DAT_OF_256 = struct.pack("<iI", 256, 4) + b"\x0a\x00\x00\x00"  # storage 256: its first byte is 00


def _bomb(kind: str, inflated: int = LIMIT + (1 << 20)) -> bytes:
    """``inflated`` zero bytes, gzip or zlib (about a thousandth of that compressed)."""
    deflater = zlib.compressobj(9, zlib.DEFLATED, 31 if kind == "gzip" else 15)
    zeros = bytes(1 << 20)
    return b"".join(deflater.compress(zeros) for _ in range(inflated >> 20)) + deflater.flush()


def _outcome(data: bytes):
    try:
        doc = open_nbt(data)
    except GameError as e:
        return e.kind, e.message, e.where
    return doc.encoding, doc.header, doc.tag


@pytest.mark.parametrize("kind", ["gzip", "zlib"])
def test_a_bomb_of_zeros_is_refused_at_byte_0_inflating_little(monkeypatch, kind):
    monkeypatch.setattr(budget, "MAX_DECOMPRESSED_BYTES", LIMIT)
    bomb = _bomb(kind)
    tracemalloc.start()
    try:
        with pytest.raises(GameError) as caught:
            open_nbt(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (caught.value.kind, caught.value.message, caught.value.where) == \
        ("IOException", nbt_io.ROOT_MUST_BE_COMPOUND, "offset 0")
    assert peak < 8 << 20  # one inflated piece (1 MiB) and the compressed input, not the 32 MiB limit


@pytest.mark.parametrize("data", [bytes(100), bytes(8), LEVEL_DAT_OF_256, LEVEL_DAT_OF_256 + b"\x00",
                                  struct.pack("<iI", -1, 3) + b"\x0a\x00\x00", b"\x00\x01\x02"],
                         ids=["zeros", "short", "level-dat", "level-dat-and-a-byte", "negative-storage", "end-root"])
@pytest.mark.parametrize("kind", ["gzip", "zlib"])
def test_compressed_the_start_decides_as_uncompressed(kind, data):
    assert _outcome(compression.compress(data, kind)) == _outcome(data)


def test_a_level_dat_whose_header_starts_00_still_opens():
    doc = open_nbt(compression.compress(LEVEL_DAT_OF_256, "gzip"))
    assert (doc.encoding, doc.header, doc.compression) == ("bedrock-level-dat", 256, "gzip")


def test_a_bomb_whose_header_length_is_past_the_limit_meets_the_limit(monkeypatch):
    monkeypatch.setattr(budget, "MAX_DECOMPRESSED_BYTES", 100_000)
    data = compression.compress(struct.pack("<iI", 0, 1_000_000) + bytes(200_000), "gzip")
    with pytest.raises(compression.CompressionError) as caught:
        open_nbt(data)
    assert caught.value.kind == compression.LIMIT_KIND


def test_harness_nbt_show_says_what_a_small_file_of_the_same_start_gets(tmp_path, capsys):
    small, bomb = tmp_path / "small.dat", tmp_path / "bomb.dat"
    small.write_bytes(compression.compress(bytes(100), "gzip"))
    bomb.write_bytes(_bomb("gzip"))
    said = [run_nbt(capsys, "show", path, "--max-bytes", LIMIT)[::2] for path in (small, bomb)]
    assert said[0][0] == said[1][0] == 2
    assert said[1][1] == said[0][1].replace(str(small), str(bomb))
    assert "Root tag must be a named compound tag, at offset 0" in said[1][1]
