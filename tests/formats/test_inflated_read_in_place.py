"""A compressed NBT file is read from the one buffer it inflates to: a large byte array in it
costs its size once, not again for a copy of the inflated bytes (the reader takes ``bytes``, and
the buffer is handed over as them) nor for copies of the compressed input left unread (zlib
copies what a call leaves unread: the input is given it a piece at a time)."""

from __future__ import annotations

import gzip
import os
import struct
import tracemalloc
import zlib

import pytest

from harness.formats.nbt import compression
from harness.formats.nbt.detect import open_nbt

SIZE = 8 << 20  # the array's bytes: random, so the compressed input is as large


@pytest.mark.parametrize("compress", [gzip.compress, zlib.compress], ids=["gzip", "zlib"])
def test_a_large_array_costs_its_size_once(nbt_path, compress):
    payload = os.urandom(SIZE)
    data = compress(b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", SIZE) + payload + b"\x00", 1)
    tracemalloc.start()
    try:
        doc = open_nbt(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert bytes(doc.tag["b"]) == payload and doc.compression == ("gzip" if compress is gzip.compress else "zlib")
    # the inflated bytes and ~2 MiB of pieces in flight (a copy of them, or of the input, is another 8 MiB)
    assert peak < SIZE + (3 << 20), peak


def test_the_stream_ends_where_the_input_given_in_pieces_says():
    # a stream longer than a piece, bytes after it: its end is found in the last piece given
    stream = zlib.compress(os.urandom(3 << 20), 1)
    _, _, problem, end = compression.read_compressed(stream + b"after", len, "zlib")
    assert (problem, end) == (None, len(stream))
