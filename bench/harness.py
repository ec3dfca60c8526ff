"""Benchmark: how fast ``harness check`` gets through the bundled references.

Measured in one run, on the same cases (every bundled reference, or ``--version`` ones):

- ``load``: reading and parsing the reference files alone (the floor);
- ``null``: the engine with a null implementation that echoes the recorded answers
  (loading, running, comparing everything; the engine's own cost);
- ``python``: the engine with our Python implementation (what ``harness check`` does),
  per area too, so a slow area shows;
- ``process`` (``--process``): our Python implementation behind the line protocol as a
  subprocess (``python -m harness.implementations.process``): the protocol's cost.

Prints cases per second for each and the ratios to ``null``. Cases that fail or crash
still count (a crash is usually fast, so a young implementation looks faster than it is).

Run: ``python3 bench/harness.py [--repeat N] [--version V] [--process]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.engine.reference import BUNDLED, bundled_versions, load_reference  # noqa: E402
from harness.engine.runner import CallableImplementation, CheckItem, python_implementation, run_checks, tally  # noqa: E402


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
    t_null, _ = _best(lambda: run_checks(null, items), args.repeat)
    py = python_implementation()
    t_py, outcomes = _best(lambda: run_checks(py, items), args.repeat)
    rows = [("load (parse references)", t_load), ("null (echo recorded)", t_null), ("python", t_py)]
    if args.process:
        from harness.implementations.process import ProcessImplementation

        proc = ProcessImplementation([sys.executable, "-m", "harness.implementations.process"], timeout=60)
        try:
            t_proc, _ = _best(lambda: run_checks(proc, items), args.repeat)
        finally:
            proc.close()
        rows.append(("python via --impl protocol", t_proc))

    print(f"{n} cases from {', '.join(versions)}; best of {args.repeat}")
    print(f"{'what':<30} {'seconds':>9} {'cases/s':>10} {'x null':>8}")
    for name, t in rows:
        print(f"{name:<30} {t:>9.3f} {n / t:>10.0f} {t / t_null:>8.1f}")
    c = tally(outcomes)
    print(f"python outcomes: {c['passed']} passed, {c['failed']} failed")
    per_area = defaultdict(lambda: [0, 0.0])
    for o in outcomes:
        per_area[o.item.case["area"]][0] += 1
        per_area[o.item.case["area"]][1] += o.seconds
    print(f"{'python per area':<30} {'seconds':>9} {'cases/s':>10} {'ms/case':>8}")
    for area, (count, secs) in sorted(per_area.items()):
        rate = count / secs if secs else float("inf")
        print(f"{area:<30} {secs:>9.3f} {rate:>10.0f} {1000 * secs / count:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
