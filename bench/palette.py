"""Benchmark: PalettedContainer sections per second, beside a plain pure-Python packing loop.

Run ``python3 bench/palette.py`` (quick: about 0.3 s per row) or ``--seconds 2`` for steadier
figures. One 26.3 block-state section with 200 distinct states over 35,723 (an 8-bit hash map
palette) is packed, unpacked, written and filled value by value with ``set_at``; the
baseline packs the same 4,096 ids into longs with a straightforward Python loop, in the
same run, so the ratios say how we compare on this machine rather than in absolute terms.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from harness.formats import versions  # noqa: E402
from harness.formats.palette import PalettedContainer, Strategy  # noqa: E402

REGISTRY = 35723
DISTINCT = 200


def python_pack_loop(ids: list[int], bits: int) -> list[int]:
    """The baseline: ids packed ``64 // bits`` to a long, low bits first, one Python step per id."""
    per_long = 64 // bits
    longs = []
    word = 0
    used = 0
    for v in ids:
        word |= v << (used * bits)
        used += 1
        if used == per_long:
            longs.append(word - (1 << 64) if word >> 63 else word)
            word = used = 0
    if used:
        longs.append(word - (1 << 64) if word >> 63 else word)
    return longs


def rate(work, seconds: float) -> float:
    """Calls of ``work`` per second, measured for about ``seconds``."""
    work()  # warm up
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        work()
        n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="seconds per row (default 0.3)")
    parser.add_argument("--quick", action="store_true", help="0.3 s per row (the default)")
    args = parser.parse_args(argv)
    seconds = args.seconds or 0.3

    rng = random.Random(3)
    strategy = Strategy.block_states(REGISTRY)
    states = rng.sample(range(REGISTRY), DISTINCT)
    values = [rng.choice(states) for _ in range(strategy.size)]

    def fill() -> PalettedContainer:
        c = PalettedContainer(strategy, values[0])
        for i, v in enumerate(values):
            c.set_at(i, v)
        return c

    section = fill()
    saved = section.pack()
    rules = versions.get("26.3").palette
    ids = [saved.palette.index(v) for v in values]
    bits = strategy.bits_for_serialization(len(saved.palette))
    assert python_pack_loop(ids, bits) == saved.data  # the baseline does the same job

    baseline = rate(lambda: python_pack_loop(ids, bits), seconds)
    rows = [
        ("pack", rate(section.pack, seconds)),
        ("unpack", rate(lambda: PalettedContainer.unpack(strategy, saved.palette, saved.data), seconds)),
        ("write", rate(lambda: section.write(rules), seconds)),
        ("fill value by value (4,096 set_at)", rate(fill, seconds)),
    ]
    table = Table(title=f"PalettedContainer, 26.3 block states: {DISTINCT} states, {section.bits()} bits "
                        f"({seconds:g} s a row)")
    table.add_column("operation")
    table.add_column("sections/s", justify="right")
    table.add_column("× pure-Python packing loop", justify="right")
    table.add_row("pure-Python packing loop (baseline)", f"{baseline:,.0f}", "1.00")
    for name, r in rows:
        table.add_row(name, f"{r:,.0f}", f"{r / baseline:.2f}")
    Console().print(table)


if __name__ == "__main__":
    main()
