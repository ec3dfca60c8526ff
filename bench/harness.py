"""Benchmark: how fast ``harness check`` gets through the bundled references.

Measured in one run, on the same cases (every bundled reference, or ``--version`` ones; with
``--area``, only those areas' cases, their files alone read):

- ``load``: reading and parsing the reference files alone (the floor);
- ``null``: the engine with a null implementation that echoes the recorded answers
  (loading, running, comparing everything; the engine's own cost);
- ``python``: the engine with our Python implementation (what ``harness check`` does),
  per area too, so a slow area shows;
- ``process`` (``--process``): our Python implementation behind the line protocol as a
  subprocess (``python -m harness.implementations.process``): the protocol's cost.

Each row has two times: **cold**, the same work as a fresh process's first run with the
load cache (:mod:`harness.engine.load_cache`) empty (a child process per row), and **warm**,
the best of ``--repeat`` runs again in this process (cases/s and ``x null`` are warm). A last
row, ``start-up``, is ``harness check`` from the start of its process until its first case
starts: cold with the cache empty, warm with the cache the cold run left.

Prints cases per second for each, the ratios to ``null``, and how many cases **failed** in
each row: a crash is usually fast and a crash-and-restart cycle is not the protocol's cost,
so a row's time means something only next to its failures. The peers of ``python`` must
not fail where it passes: ``null`` fails no case, and ``process`` fails exactly the cases
``python`` fails, without one restart; otherwise the bench says why and exits 1.

Run: ``python3 bench/harness.py [--repeat N] [--version V] [--area A] [--process] [--warm-only]``
(``--version`` a bundled reference's name; another is refused, exit 2, with the names).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.engine.reference import BUNDLED, bundled_versions, load_reference  # noqa: E402
from harness.engine.load_cache import CACHE_ENV  # noqa: E402
from harness.engine.runner import CallableImplementation, python_implementation, run_checks  # noqa: E402
from harness.engine.sources import _recorded_item  # noqa: E402  (the item check judges)
from harness.engine.vocabulary import AREAS  # noqa: E402


@dataclass
class Row:
    """One measurement: the best ``seconds`` of the repeats, and the cases that failed in it."""

    name: str
    seconds: float
    failed: list[str] = field(default_factory=list)  # "version id" of each failed case
    restarts: int = 0  # process restarts after a crash or hang (protocol rows)


def _items(versions, areas=None):
    """The recorded cases (of ``areas``, else every area) as ``harness check`` judges them (SNBT
    nested past the stable depth is unverified: the game's own answer varies by JVM)."""
    return [_recorded_item(c, True) for v in versions for c in load_reference(BUNDLED / v, areas=areas).cases]


def _best(fn, repeat):
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(name: str, impl, items, repeat: int) -> tuple[Row, list]:
    """Time ``run_checks(impl, items)`` (best of ``repeat``): its :class:`Row` and outcomes."""
    restarts = getattr(impl, "restarts", 0)
    seconds, outcomes = _best(lambda: run_checks(impl, items), repeat)
    failed = [f"{o.item.case['version']} {o.item.case['id']}" for o in outcomes if o.status == "failed"]
    return Row(name, seconds, failed, getattr(impl, "restarts", 0) - restarts), outcomes


def peer_problems(rows: list[Row], baseline: Row) -> list[str]:
    """Why a peer row does not time the same work as ``baseline`` (empty when it does): a
    peer failing a case the baseline passes, or passing one it fails, or restarting."""
    problems = []
    for row in rows:
        if row is baseline:
            continue
        expected = [] if row.name.startswith("null") else baseline.failed
        extra = sorted(set(row.failed) - set(expected))
        missing = sorted(set(expected) - set(row.failed))
        if extra:
            problems.append(f"{row.name}: {len(extra)} cases failed that {baseline.name} passes "
                            f"(first: {extra[0]}); its time includes crashes")
        if missing:
            problems.append(f"{row.name}: passed {len(missing)} cases that {baseline.name} fails (first: {missing[0]})")
        if row.restarts:
            problems.append(f"{row.name}: the process was restarted {row.restarts} times")
    return problems


REPO = Path(__file__).resolve().parent.parent
ROWS = {"load": "load (parse references)", "null": "null (echo recorded)", "python": "python",
        "process": "python via --impl protocol"}


def _implementation(row: str, items):
    if row == "null":
        answers = {(i.case["version"], i.case["id"]): i.expected for i in items}
        return CallableImplementation("null", lambda case: answers[(case["version"], case["id"])])
    if row == "python":
        return python_implementation()
    from harness.implementations.process import ProcessImplementation

    return ProcessImplementation([sys.executable, "-m", "harness.implementations.process"], timeout=60)


def _area_args(areas) -> list[str]:
    return [arg for area in areas or () for arg in ("--area", area)]


def cold_row(row: str, versions: list[str], areas: list[str] | None = None) -> float:
    """In this (fresh) process: the seconds of ``row``'s first run (``load``: reading the
    references; the others: checking the cases once read); ``areas``: only theirs."""
    if row == "load":
        return _best(lambda: _items(versions, areas), 1)[0]
    items = _items(versions, areas)
    impl = _implementation(row, items)
    try:
        return _best(lambda: run_checks(impl, items), 1)[0]
    finally:
        impl.close()


def _child_env(cache: str) -> dict:
    return dict(os.environ, **{CACHE_ENV: cache}, PYTHONPATH=str(REPO))


def cold(row: str, versions: list[str], areas: list[str] | None = None) -> float:
    """:func:`cold_row` in a child process whose load cache is empty."""
    with tempfile.TemporaryDirectory(prefix="bench-cache-") as cache:
        argv = [sys.executable, str(Path(__file__).resolve()), "--cold-row", row, *_area_args(areas)]
        for v in versions:
            argv += ["--version", v]
        done = subprocess.run(argv, capture_output=True, text=True, env=_child_env(cache), cwd=REPO, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"the cold {row} run failed: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])["seconds"]


_FIRST_CASE = """\
import os, sys, time
import harness.engine.runner as runner
def first_case(*args, **kwargs):
    print(time.perf_counter(), flush=True)
    os._exit(0)
runner.run_checks = first_case
from harness.cli import main
main(sys.argv[1:])
"""


def start_up(cache: str, versions: list[str] | None, areas: list[str] | None = None) -> float:
    """Seconds from starting ``harness check`` (a new process; ``versions``' references, else
    every one; ``areas``' cases, else every area's) until it starts its first case, with the
    load cache in ``cache``."""
    argv = [sys.executable, "-c", _FIRST_CASE, "check", "--no-progress", "--quiet", *_area_args(areas)]
    for v in versions or ():
        argv += ["--version", v]
    start = time.perf_counter()  # CLOCK_MONOTONIC: the child's clock too
    done = subprocess.run(argv, capture_output=True, text=True, env=_child_env(cache), cwd=REPO, timeout=600)
    lines = done.stdout.split()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"harness check did not start a case: {done.stderr.strip()[-2000:]}")
    return float(lines[-1]) - start


def heading(n: int, versions: list[str], repeat: int, areas: list[str] | None = None) -> str:
    """The table's first line: what was measured (``areas``' cases only: named) and what the
    columns mean ("warm: best of ``repeat``"; one run is not called a best)."""
    warm = f"best of {repeat}" if repeat > 1 else "one run"
    only = f" ({', '.join(areas)} only)" if areas else ""
    return (f"{n} cases from {', '.join(versions)}{only}; warm: {warm} in this process; cold: a fresh process's first "
            "run, the load cache empty; x null: the row's warm time ÷ the null implementation's (echoing the "
            "recorded answers: the engine's own cost)")


def one_run_note(repeat: int) -> str | None:
    """The line after the table's rows when ``repeat`` is 1: the one run is not a warm one.

    >>> one_run_note(3) is None, one_run_note(1)[:29]
    (True, 'note: --repeat 1: the "warm s')
    """
    if repeat > 1:
        return None
    return ('note: --repeat 1: the "warm s" column is each row\'s only run in this process, its first (imports, '
            "caches and the load cache made by it: not warm); --repeat 2 or more for warm times")


def _repeat_option(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of runs (1 or more)")
    return value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=_repeat_option, default=3, help="runs per measurement; the best is kept (default 3)")
    ap.add_argument("--version", action="append", help="only these versions (default: every bundled one)")
    ap.add_argument("--area", action="append", choices=AREAS, help="only this area's cases (repeatable; default: every area)")
    ap.add_argument("--process", action="store_true", help="also time our implementation as a protocol subprocess")
    ap.add_argument("--warm-only", action="store_true", help="no cold column and no start-up row (quicker)")
    ap.add_argument("--cold-row", choices=ROWS, help=argparse.SUPPRESS)  # the child process of a cold column
    args = ap.parse_args(argv)
    bundled = bundled_versions()
    versions = args.version or bundled
    unknown = [v for v in versions if v not in bundled]
    if unknown:  # refused before any measurement, not a traceback from the first load
        print(f"bench/harness.py: --version {', '.join(unknown)}: no bundled reference; the bundled versions are "
              f"{', '.join(bundled)}", file=sys.stderr)
        return 2
    if args.cold_row:
        print(json.dumps({"seconds": cold_row(args.cold_row, versions, args.area)}))
        return 0

    t_load, items = _best(lambda: _items(versions, args.area), args.repeat)
    n = len(items)
    if not n:  # --area of no recorded case there (refused before any child process): an empty table
        print(f"bench/harness.py: --area {', '.join(args.area)}: no recorded case in {', '.join(versions)}",
              file=sys.stderr)  # with status 0 would read as a pass
        return 2
    names = ["load", "null", "python"] + (["process"] if args.process else [])
    colds = {name: float("nan") if args.warm_only else cold(name, versions, args.area) for name in names}
    start_cold = start_warm = float("nan")
    if not args.warm_only:
        with tempfile.TemporaryDirectory(prefix="bench-cache-") as cache:
            start_cold = start_up(cache, args.version, args.area)
            start_warm = min(start_up(cache, args.version, args.area) for _ in range(args.repeat))

    rows = [Row(ROWS["load"], t_load)]
    null_row, _ = measure(ROWS["null"], _implementation("null", items), items, args.repeat)
    py_row, outcomes = measure(ROWS["python"], python_implementation(), items, args.repeat)
    rows += [null_row, py_row]
    if args.process:
        proc = _implementation("process", items)
        try:
            rows.append(measure(ROWS["process"], proc, items, args.repeat)[0])
        finally:
            proc.close()

    print(heading(n, versions, args.repeat, args.area))
    print(f"{'what':<30} {'cold s':>9} {'warm s':>9} {'cases/s':>10} {'x null':>8} {'failed':>7}")
    for name, row in zip(names, rows):
        failed = "" if row is rows[0] else str(len(row.failed))
        cold_text = "-" if args.warm_only else f"{colds[name]:.3f}"  # not measured
        print(f"{row.name:<30} {cold_text:>9} {row.seconds:>9.3f} {n / row.seconds:>10.0f} "
              f"{row.seconds / null_row.seconds:>8.1f} {failed:>7}")
    if not args.warm_only:
        print(f"{'start-up (to the first case)':<30} {start_cold:>9.3f} {start_warm:>9.3f}")
    if note := one_run_note(args.repeat):
        print(note)
    per_area = defaultdict(lambda: [0, 0.0])
    for o in outcomes:
        per_area[o.item.case["area"]][0] += 1
        per_area[o.item.case["area"]][1] += o.seconds
    print(f"{'python per area':<30} {'seconds':>9} {'cases/s':>10} {'ms/case':>8}")
    for area, (count, secs) in sorted(per_area.items()):
        rate = count / secs if secs else float("inf")
        print(f"{area:<30} {secs:>9.3f} {rate:>10.0f} {1000 * secs / count:>8.2f}")
    problems = peer_problems(rows[1:], py_row)
    for problem in problems:
        print(f"bench: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
