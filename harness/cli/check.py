"""``harness check``: run cases through an implementation and compare with the game's answers.

Default: every bundled reference (``reference/<version>/*.jsonl``) through our Python
implementation, for every version of the table; a version without a reference (26.2) runs
the generated cases (``cases/<area>/*.yaml``) and reports them unverified. Prints the
failures (case id, op index and text, expected and actual, first differing byte with a hex
window, the place inside the answer), a table per version and area, and last the line
``N passed, M failed, K unverified``. Exit status 1 on any failure, 2 on a malformed file
or a bad option, 0 otherwise.
"""

from __future__ import annotations

import sys
import time

from harness.engine.casefile import CaseFileError
from harness.engine.compare import POLICIES

AREAS = ("storage", "palette", "nbt", "snbt")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "check", help="run cases through an implementation and compare with the references (the main job)",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("--version", action="append", metavar="V", help="only this game version (repeatable)")
    p.add_argument("--area", action="append", choices=AREAS, help="only this area (repeatable)")
    p.add_argument("--case", metavar="ID-or-glob", help="only cases whose id matches (glob, e.g. 'storage/p/fill-*')")
    p.add_argument("--cases", action="store_true",
                   help="also run the generated case files for every version (unverified where not recorded)")
    p.add_argument("--recorded", nargs="+", metavar="FILE",
                   help="check these files in the recorded format instead of the bundled references")
    p.add_argument("--impl", metavar="CMD",
                   help="check another implementation: a program speaking the line protocol (see rig/PROTOCOL.md)")
    p.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                   help="seconds per case before it counts as a hang (default 10)")
    p.add_argument("--errors", choices=POLICIES, default="message",
                   help="how an error answer must match: same kind and message (default), or same kind")
    p.add_argument("--json", metavar="FILE", help="also write a JSON report (atomically)")
    p.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report (atomically)")
    p.add_argument("--quiet", action="store_true", help="one line per failure and the summary line only")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def make_implementation(command: str | None, timeout: float):
    """The implementation to check: ``--impl CMD`` as a subprocess, else our Python one."""
    from harness.engine.runner import python_implementation
    from harness.implementations.process import ProcessImplementation

    if command:
        return ProcessImplementation(command, timeout=timeout)
    return python_implementation(timeout)


def run(args) -> int:
    from rich.console import Console

    from harness.engine import report
    from harness.engine.runner import run_checks, summary_line
    from harness.engine.sources import select_items

    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False)
    try:
        items = select_items(args.version, args.area, args.case, args.cases, args.recorded)
    except (CaseFileError, ValueError) as e:
        err.print(f"harness check: {e}", markup=False)
        return 2
    if not items:
        err.print("harness check: no case matches the options", markup=False)
    impl = make_implementation(args.impl, args.timeout)
    start = time.perf_counter()
    try:
        outcomes = _run_with_progress(impl, items, args, err, run_checks)
    finally:
        impl.close()
    seconds = time.perf_counter() - start
    if args.json:
        report.write_json(args.json, outcomes, impl.name, args.errors, seconds)
    if args.junit:
        report.write_junit(args.junit, outcomes, impl.name, args.errors, seconds)
    report.print_text(outcomes, out, impl.name, args.errors, quiet=args.quiet, seconds=seconds)
    sys.stdout.flush()
    print(summary_line(outcomes), flush=True)
    return 1 if any(o.status == "failed" for o in outcomes) else 0


def _run_with_progress(impl, items, args, err, run_checks):
    show = not (args.quiet or args.no_progress) and err.is_terminal
    if not show:
        return run_checks(impl, items, args.errors)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[failed]} failed"), TimeElapsedColumn(),
                  console=err, transient=True) as progress:
        task = progress.add_task("checking", total=len(items), failed=0)
        failed = 0

        def step(outcome):
            nonlocal failed
            failed += outcome.status == "failed"
            v, area, _ = outcome.item.key
            progress.update(task, advance=1, failed=failed, description=f"{v} {area}")

        return run_checks(impl, items, args.errors, step)
