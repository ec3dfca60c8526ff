"""Benchmark: how fast ``harness check`` gets through the bundled references.

Measured in one run, on the same cases (every bundled reference, or ``--version`` ones):

- ``load``: reading and parsing the reference files alone (the floor);
- ``null``: the engine with a null implementation that echoes the recorded answers
  (loading, running, comparing everything; the engine's own cost);
- ``python``: the engine with our Python implementation (what ``harness check`` does),
  per area too, so a slow area shows;
- ``process`` (``--process``): our Python implementation behind the line protocol as a
  subprocess (``python -m harness.implementations.process``): the protocol's cost.

Prints cases per second for each, the ratios to ``null``, and how many cases **failed** in
each row: a crash is usually fast and a crash-and-restart cycle is not the protocol's cost,
so a row's time means something only next to its failures. The peers of ``python`` must
not fail where it passes: ``null`` fails no case, and ``process`` fails exactly the cases
``python`` fails, without one restart; otherwise the bench says why and exits 1.

Run: ``python3 bench/harness.py [--repeat N] [--version V] [--process]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.engine.reference import BUNDLED, bundled_versions, load_reference  # noqa: E402
from harness.engine.runner import CallableImplementation, CheckItem, python_implementation, run_checks  # noqa: E402


@dataclass
class Row:
    """One measurement: the best ``seconds`` of the repeats, and the cases that failed in it."""

    name: str
    seconds: float
    failed: list[str] = field(default_factory=list)  # "version id" of each failed case
    restarts: int = 0  # process restarts after a crash or hang (protocol rows)


def _items(versions):
    items = []
    for v in versions:
        for c in load_reference(BUNDLED / v).cases:
            items.append(CheckItem({k: c[k] for k in ("id", "area", "version", "setup", "ops")}, c["answers"], c["source"]))
    return items


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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best is kept (default 3)")
    ap.add_argument("--version", action="append", help="only these versions (default: every bundled one)")
    ap.add_argument("--process", action="store_true", help="also time our implementation as a protocol subprocess")
    args = ap.parse_args(argv)
    versions = args.version or bundled_versions()

    t_load, items = _best(lambda: _items(versions), args.repeat)
    n = len(items)
    answers = {(i.case["version"], i.case["id"]): i.expected for i in items}
    null = CallableImplementation("null", lambda case: answers[(case["version"], case["id"])])
    rows = [Row("load (parse references)", t_load)]
    null_row, _ = measure("null (echo recorded)", null, items, args.repeat)
    py_row, outcomes = measure("python", python_implementation(), items, args.repeat)
    rows += [null_row, py_row]
    if args.process:
        from harness.implementations.process import ProcessImplementation

        proc = ProcessImplementation([sys.executable, "-m", "harness.implementations.process"], timeout=60)
        try:
            rows.append(measure("python via --impl protocol", proc, items, args.repeat)[0])
        finally:
            proc.close()

    print(f"{n} cases from {', '.join(versions)}; best of {args.repeat}")
    print(f"{'what':<30} {'seconds':>9} {'cases/s':>10} {'x null':>8} {'failed':>7}")
    for row in rows:
        failed = "" if row is rows[0] else str(len(row.failed))
        print(f"{row.name:<30} {row.seconds:>9.3f} {n / row.seconds:>10.0f} {row.seconds / null_row.seconds:>8.1f} "
              f"{failed:>7}")
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
