"""``harness nbt show`` of a region file where no chunk can be read (a header of random bytes:
1,024 entries pointing past the file) says so in a few rows, not 1,024 before its error;
with a chunk that reads, every row stays. And ``convert --help`` says that ``--to snbt``
writes the pretty, indented text (``show`` prints the compact one)."""

from __future__ import annotations

import random
import struct

from helpers_cli import run_nbt

from harness.cli import main


def test_a_region_of_random_bytes_is_listed_in_a_few_rows(capsys, tmp_path):
    path = tmp_path / "garbage.mca"
    path.write_bytes(random.Random(5).randbytes(20 * 1024))
    status, out, err = run_nbt(capsys, "show", path)
    lines = out.splitlines()
    assert status == 2 and err.startswith(f"harness nbt: {path}: no chunk could be read (1024 chunks present")
    assert lines[1] == "chunks: 1024 of 1024; 1024 the game cannot load"
    assert len(lines) == 7 and len(out) < 2000  # the heading, three rows, one line for the rest
    assert all("problem: Region file has" in line for line in lines[3:6])
    # two problems there (a sector past the file, a sector count of 0): not one the rows above all show
    assert lines[6] == "... and 1021 more chunks, not listed: none of them can be read either"


def _region_of(sectors: list[bytes]) -> bytes:
    """A region file whose entries 0, 1, ... each hold one sector: ``sectors[i]`` (a chunk's header and data)."""
    table = bytearray(8192)
    for i in range(len(sectors)):
        struct.pack_into(">I", table, 4 * i, (2 + i) << 8 | 1)
    return bytes(table) + b"".join(s.ljust(4096, b"\0") for s in sectors)


def test_rows_not_listed_are_said_to_fail_alike_only_when_they_do(capsys, tmp_path):
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(_region_of([struct.pack(">IB", 2, 9)] * 5))  # each chunk: compression id 9
    status, out, _ = run_nbt(capsys, "show", path)
    assert status == 2 and "problem: Chunk [0, 0] has invalid chunk stream version 9" in out
    assert out.splitlines()[-1] == "... and 2 more chunks, not listed: each fails as the rows above do"
    path.write_bytes(_region_of([struct.pack(">IB", 2, 9)] * 4 + [struct.pack(">IB", 9000, 2)]))  # the last: too long
    status, out, _ = run_nbt(capsys, "show", path)
    assert status == 2 and out.splitlines()[-1] == "... and 2 more chunks, not listed: none of them can be read either"


def test_every_row_stays_when_a_chunk_reads(capsys, tmp_path):
    # four damaged entries (compression id 9) and one chunk that loads: all five rows
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(_region_of([struct.pack(">IB", 2, 9)] * 4 + [struct.pack(">IB", 5, 3) + b"\x0a\x00\x00\x00"]))
    status, out, err = run_nbt(capsys, "show", path)
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "chunks: 5 of 1024; 4 the game cannot load"
    assert len(out.splitlines()) == 3 + 5 and "not listed" not in out


def test_convert_help_says_snbt_output_is_the_pretty_text(capsys):
    try:
        main(["nbt", "convert", "--help"])
    except SystemExit:
        pass
    text = " ".join(capsys.readouterr().out.split())
    assert "--to snbt: the pretty, indented text of SnbtPrinterTagVisitor" in text
    assert "show without it prints the compact one-line toString()" in text
