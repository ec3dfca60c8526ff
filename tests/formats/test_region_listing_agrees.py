"""``harness nbt show`` of a region file: its count line counts every row that says "not checked",
its columns fit their values, and a decompression bomb's stream is never copied whole."""

from __future__ import annotations

import struct
import tracemalloc
import zlib

from harness.cli import main
from harness.formats.nbt import compression
from harness.formats.region import RegionFile


def _ints(n: int) -> bytes:
    """A chunk's NBT: root compound "" holding ``l``, a list of ``n`` ints."""
    return b"\x0a\x00\x00\x09\x00\x01l\x03" + struct.pack(">i", n) + bytes(4 * n) + b"\x00"


def test_the_count_line_counts_each_row_not_checked(tmp_path, capsys):
    region = RegionFile(bytes(8192))
    for x in range(5):
        region.write(x, 0, _ints(150))
    region.close()
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(region.data)
    # each read within 100 tags: two refused alone, the third where the file's 250 run out, two after
    assert main(["nbt", "show", str(path), "--max-tags", "100", "--max-region-tags", "250"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = lines[3:]
    assert len(rows) == 5 and all("note: not checked: " in row for row in rows)
    assert rows[2].endswith("the file's budget of 250 tags ran out in this chunk (harness nbt show --max-region-tags "
                            "N, or harness.formats.budget.MAX_REGION_TAGS = N in Python, to raise it)")
    assert rows[3].endswith("the budget for the whole file is spent")
    assert lines[1] == ("chunks: 5 of 1024; 5 not checked: 3 as their rows say, 2 because the chunks read before "
                        "them used up the budget for the whole file, 250 tags and 268435456 decompressed bytes "
                        "(harness nbt show --max-region-tags N, or harness.formats.budget.MAX_REGION_TAGS = N in "
                        "Python, to raise it)")  # the budget that ran out, not the bytes' too
    assert main(["nbt", "show", str(path), "--max-tags", "100"]) == 0  # the file's budget never spent
    assert capsys.readouterr().out.splitlines()[1] == "chunks: 5 of 1024; 5 not checked (as their rows say)"


def test_the_columns_are_as_wide_as_their_values(tmp_path, capsys):
    table = bytearray(8192)
    struct.pack_into(">II", table, 0, 12_345_678 << 8 | 1, 2 << 8 | 200)  # an 8-digit sector, past the end
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(bytes(table))
    main(["nbt", "show", str(path)])
    heading, far, near = capsys.readouterr().out.splitlines()[2:]
    assert heading.startswith("  x   z   sector sectors    length  compression  saved (UTC)")
    assert far.startswith("  0   0 12345678       1         -  -            -   ")
    assert near.startswith("  1   0        2     200         -  -            -   ")
    assert "problem: Region file has an invalid sector at index: 0; sector 12345678 is out of bounds" in far


def test_a_bombs_stream_is_read_within_about_its_limit(monkeypatch):
    # a list of 1.25 Mi ints declared, 5 MiB of zeros: over a 4 MiB limit, refused without a copy of it
    stream, limit = zlib.compress(_ints(5 << 18)), 4 << 20
    seen = []

    def read(data):
        seen.append((type(data).__name__, len(data)))
        raise compression.CompressionError("EOFException", None)  # runs out, as NbtIo.read of a prefix

    tracemalloc.start()
    try:
        compression.read_streaming(read, stream, "zlib", limit=limit)
    except compression.CompressionError as e:
        assert e.kind == compression.LIMIT_KIND and e.limit == limit
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # a copy of the first MiB (a quarter of the limit); the rest inflated to the limit, not copied
    assert seen == [("bytes", 1 << 20)]
    assert peak < limit + (3 << 20), peak  # the limit and ~2 MiB of pieces in flight (with a copy, twice the limit)
    seen.clear()
    copies = []
    real_copy = compression._Inflated.copy
    monkeypatch.setattr(compression._Inflated, "copy", lambda out: copies.append(len(out)) or real_copy(out))
    value = compression.read_streaming(lambda data: seen.append(type(data)) or len(data), zlib.compress(_ints(9)),
                                       "zlib", limit=100)
    assert value == (len(_ints(9)), None, len(_ints(9))) and seen == [bytes]
    assert copies == []  # a whole stream read in place: the inflated buffer itself, as bytes
