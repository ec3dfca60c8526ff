"""Reading NBT through a stream inflated only as far as the reader needs
(``compression.read_streaming``, region chunks' ``RegionFileVersion.read_through``): the same
answers as inflating the whole stream first, and a read the tools' budget stops early inflates
no more than its first piece.

The expected answers are the whole-stream read's (``decompress_prefix`` then ``read_to_fault``,
the rule the game's lazily inflating stream follows, tested on its own in
test_nbt_compression.py); the inputs are built here."""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

import pytest

from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.region import region_file_version as rfv


def _byte_array_file(n: int) -> bytes:
    """Java NBT: root compound "" holding ``b``, a byte array of ``n`` bytes (0 to 250 over and over)."""
    return b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", n) + (bytes(range(251)) * (n // 251 + 1))[:n] + b"\x00"


def _bomb(n: int) -> bytes:
    """Java NBT: root compound "" holding ``l``, a list of ``n`` empty compounds."""
    return b"\x0a\x00\x00\x09\x00\x01l\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"


NAMES = ["small", "over the first piece", "gzip, over the first piece", "wrong Adler-32 after the end",
         "cut inside the NBT", "bad tag id past the first piece", "2 MB of zeros after the end", "bad zlib data inside"]


@lru_cache(maxsize=None)
def _streams() -> dict[str, tuple[str, bytes]]:
    """Each of :data:`NAMES`: ``(compression, stream)``."""
    big = _byte_array_file(1_500_000)  # over FIRST_PIECE: read again on 4 MiB
    wrong_check = bytearray(zlib.compress(big))
    wrong_check[-1] ^= 1  # the fault after the NBT's end: the read gives the value, the fault beside it
    trailing = _byte_array_file(10) + bytes(2_000_000)  # the NBT ends in the first piece, the stream later
    return {
        "small": ("zlib", zlib.compress(_byte_array_file(100))),
        "over the first piece": ("zlib", zlib.compress(big)),
        "gzip, over the first piece": ("gzip", compression.compress(big, "gzip")),
        "wrong Adler-32 after the end": ("zlib", bytes(wrong_check)),
        "cut inside the NBT": ("zlib", zlib.compress(big)[:-20_000]),
        "bad tag id past the first piece": ("zlib", zlib.compress(big[:-1] + b"\x0d")),
        "2 MB of zeros after the end": ("zlib", zlib.compress(trailing)),
        "bad zlib data inside": ("zlib", zlib.compress(big)[:1000] + b"\xff" * 64),
    }


def _outcome(call, kept: list | None = None):
    """What ``call()`` gave, as comparable values: its error, or its tag and problem (the whole
    value appended to ``kept`` when given: the streamed read's bytes inflated)."""
    try:
        value = call()
    except GameError as e:
        return ("error", e.kind, e.message, e.cause, e.where)
    if kept is not None:
        kept.append(value)
    tag, problem, *_ = value
    return ("read", tag, None if problem is None else (problem.kind, problem.message, problem.where))


def _counted_read(given: list):
    """A read of Java NBT as 26.3 reads it that appends to ``given`` the length of each prefix it is given."""
    def read(prefix: bytes):
        given.append(len(prefix))
        return nbt_io.read_file(prefix, "26.3")

    return read


@pytest.mark.parametrize("name", NAMES)
def test_a_streamed_read_answers_as_a_read_of_the_whole_stream(name):
    kind, data = _streams()[name]
    given = []
    read = _counted_read(given)

    def whole():
        prefix, problem = compression.decompress_prefix(data, kind)
        return compression.read_to_fault(read, prefix, problem), problem

    expected = _outcome(whole)
    kept = []
    streamed = _outcome(lambda: compression.read_streaming(read, data, kind), kept)
    assert streamed == expected
    if expected[0] == "read":
        inflated = kept[0][2]
        assert inflated == len(compression.decompress_prefix(data, kind)[0]), "bytes inflated, told the caller"


def test_a_read_the_budget_stops_inflates_only_its_first_piece():
    stream = zlib.compress(_bomb(4_000_000), 9)  # 4 MB inflated; the budget stops the read in its first MB
    given = []
    read = _counted_read(given)

    with pytest.raises(budget.BudgetExceeded, match="more than 1000000 tags"):
        rfv.read_through(rfv.VERSION_DEFLATE, stream, read)
    assert given == [compression.FIRST_PIECE]


def test_a_read_that_needs_more_is_given_four_times_as_much_until_it_has_it():
    stream = zlib.compress(_byte_array_file(5_000_000))
    given = []
    read = _counted_read(given)

    tag, problem, inflated = rfv.read_through(rfv.VERSION_DEFLATE, stream, read)
    first = compression.FIRST_PIECE
    assert given == [first, 4 * first, inflated] and inflated == 5_000_012
    assert problem is None and len(tag["b"].array) == 5_000_000
