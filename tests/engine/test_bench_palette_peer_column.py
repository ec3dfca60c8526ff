"""``bench/palette.py``'s peer column compares like with like: on each pack row, the same
section packed by a plain Python loop (``python_pack``, which gives ``pack``'s answer) ÷ ours;
the other rows (unpack, write, the fill: other work) show a dash, and the caption says so."""

from __future__ import annotations

import io

import pytest
from helpers_cli import bench_module
from rich.console import Console

from harness.formats.palette import PalettedContainer, Strategy


@pytest.fixture(scope="module")
def bench():
    return bench_module("palette")


def test_the_python_pack_does_packs_job(bench):
    strategy = Strategy.block_states(bench.REGISTRY)
    for k in bench.DISTINCT:
        values = bench.section_values(k, strategy.size)
        c = PalettedContainer(strategy, values[0])
        for i, v in enumerate(values):
            c.set_at(i, v)
        packed = c.pack()
        assert bench.python_pack(values, strategy.bits_for_serialization) == (packed.palette, packed.data)


def test_only_pack_rows_carry_the_ratio_to_the_python_pack(bench):
    rates = {"pack": 100.0, "unpack": 1000.0, "write": 5000.0, bench.FILL: 10.0}
    ours = {k: {"bits": 4, "warm": rates, "cold": rates} for k in bench.DISTINCT}
    baselines = {k: 10.0 * (i + 1) for i, k in enumerate(bench.DISTINCT)}
    console = Console(file=io.StringIO(), width=300)
    console.print(bench.ours_table(ours, baselines, 0.5, None))
    text = console.file.getvalue()
    rows = [line for line in text.splitlines() if line.startswith("│")]
    assert len(rows) == 4 * len(bench.DISTINCT)
    for row in rows:
        cells = [c.strip() for c in row.strip("│").split("│")]
        if cells[2] == "pack":
            assert cells[5] == f"{100.0 / baselines[int(cells[0])]:.2f}"  # rates: its own loop ÷ ours in time
        else:
            assert cells[5] == "-"
    assert "× Python pack (pack rows only): the same section packed by a plain Python loop" in " ".join(text.split())
