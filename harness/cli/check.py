"""``harness check``: run cases through an implementation and compare with the game's answers.

The behaviour, options and exit statuses are :data:`DESCRIPTION` (the ``--help`` text).
"""

from __future__ import annotations

import sys
import time

from harness.cli import options
from harness.engine.casefile import AREAS, CaseFileError
from harness.engine.compare import POLICIES

DESCRIPTION = """\
Run cases through an implementation and compare its answers with the game's
recorded ones.

By default every recorded release (reference/<version>/: 27 of them, 1.18 to
26.3) runs through our Python implementation; --version names releases (an
exact id, a glob such as '1.20.*', a range such as 1.20.2..1.21.4), and one
without a reference (1.21.5) runs the generated cases (cases/<area>/*.yaml),
reported unverified. --recorded checks only the given files (recorded JSONL,
one case with its answers per line); --cases adds the generated cases to the
bundled references, and --cases FILE checks the cases of that one case file
alone (a shrunk case that harness fuzz or harness shrink wrote, wherever it
is) with the answers the references record for them. --recorded and --cases
cannot be combined.

Every case is checked against the operation vocabulary (rig/PROTOCOL.md) as
its file is loaded: a malformed case is refused with path:line before anything
runs.

Files are read with limits (docs/checking.md, "Limits on what the tools read"):
a recorded or case file over --max-bytes (256 MiB), a device or FIFO, YAML
aliases that multiply the file, a YAML integer that is not plain decimal, are
refused in one line; a case asking our implementation to build more than its
budgets (tags, SNBT values, storage entries) fails with the reason.

Prints each failure (case id, operation index and text, expected and actual,
the first differing byte or character in a window, the place inside the
answer), the unverified cases whose implementation raised, a table per version
and area, and last the line "N passed, M failed, K unverified" (", D
unsupported" after it when D cases were partial: an implementation declined some
of their operations, or the whole case, and every other answer matched).

--expect-failures FILE lists known failures ('<glob> <reason>' per line, '#'
comments): listed failures do not fail the run, and listed cases that now pass
are reported ("unexpectedly passing: remove from the list" for an entry none of
whose cases fail, "listed but passing: narrow the entry" for one that still
covers failing cases). --baseline
REPORT.json compares with an earlier run's --json report: what newly fails and
newly passes; only newly failing cases fail the run. A report of another
implementation or --errors policy is warned about (one line on stderr).

exit status:
  0  every checked case passed (unverified and partial ones included); with
     --expect-failures / --baseline: no failure outside the list / the baseline
  1  a case failed (with --expect-failures / --baseline: one neither listed nor
     failing in the baseline)
  2  nothing could be judged: a malformed file, a bad option, no case matches,
     a report that cannot be written, or an implementation that cannot run
     (cannot be started, fails its first 3 cases without answering one, or
     hangs past --timeout on 3 cases in a row anywhere: the run stops and
     reports what ran)
"""


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    p = subparsers.add_parser(
        "check", help="run cases through an implementation and compare with the references (the main job)",
        description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    p.add_argument("--version", action="append", metavar="V",
                   help="only these releases: an id, a glob ('1.20.*') or a range (1.20.2..1.21.4); repeatable")
    p.add_argument("--area", action="append", choices=AREAS, help="only this area (repeatable)")
    p.add_argument("--case", metavar="ID-or-glob", help="only cases whose id matches (glob, e.g. 'storage/p/fill-*')")
    p.add_argument("--cases", nargs="?", const=True, default=False, metavar="FILE",
                   help="also run the generated case files for every version (unverified where not recorded); "
                        "with FILE, only that case file's cases (a shrunk fuzz case: cases/<area>/fuzz-*.yaml "
                        "anywhere) against the bundled references; not with --recorded")
    p.add_argument("--recorded", nargs="+", metavar="FILE",
                   help="check these recorded JSONL files instead of the bundled references")
    p.add_argument("--impl", metavar="CMD", type=options.command,
                   help="check another implementation: a program speaking the line protocol (see rig/PROTOCOL.md)")
    p.add_argument("--timeout", type=options.positive_seconds, default=10.0, metavar="SECONDS",
                   help="seconds per case before it counts as a hang (default 10; 3 hangs in a row stop the run)")
    p.add_argument("--errors", choices=POLICIES, default="message",
                   help="how an error answer must match: same kind and message (default), same kind "
                        "(resource refusals are one kind), or any error (refusal)")
    p.add_argument("--longs-as-strings", action="store_true",
                   help="with --impl: every long of cases and answers travels as a decimal string "
                        "(announced in a hello line; see rig/PROTOCOL.md)")
    p.add_argument("--expect-failures", metavar="FILE",
                   help="known failures, '<glob> <reason>' per line: listed failures do not fail the run")
    p.add_argument("--baseline", metavar="REPORT.json",
                   help="an earlier run's --json report: print what newly fails and newly passes; "
                        "only newly failing cases fail the run")
    p.add_argument("--json", metavar="FILE", type=options.output_file, help="also write a JSON report (atomically)")
    p.add_argument("--junit", metavar="FILE", type=options.output_file,
                   help="also write a JUnit XML report (atomically)")
    p.add_argument("--max-bytes", type=options.positive_int, default=None, metavar="N",
                   help="refuse a recorded or case file over N bytes (decompressed, for a gzipped one) before "
                        "parsing it (default 268435456: 256 MiB)")
    p.add_argument("--max-storage-entries", type=options.positive_int, default=None, metavar="N",
                   help="our implementation refuses a storage answer (values, longs) listing more than N entries "
                        "(default 4194304)")
    p.add_argument("-q", "--quiet", action="store_true", help="one line per failure and the summary line only")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (nor, off a terminal, a progress line every 30 s)")
    p.set_defaults(func=run)


def make_implementation(command: str | None, timeout: float, longs_as_strings: bool = False):
    """The implementation to check: ``--impl CMD`` as a subprocess (started now, so one that
    cannot start raises :class:`~harness.engine.runner.RunAborted` here), else our Python one."""
    from harness.engine.runner import python_implementation
    from harness.implementations.process import ProcessImplementation

    if command:
        impl = ProcessImplementation(command, timeout=timeout, longs_as_strings=longs_as_strings)
        impl.start()
        return impl
    return python_implementation(timeout)


def run(args) -> int:
    from harness.cli import make_console, silence_stdout
    from harness.engine import report
    from harness.engine.baseline import BaselineError, read_baseline, read_expectations
    from harness.engine.runner import RunAborted, run_checks, summary_line
    from harness.engine.sources import EmptyRecordedFiles, select_items

    out = make_console()
    err = make_console(stderr=True)
    problem = option_problem(args)
    if problem:
        err.print(f"harness check: {problem}", markup=False)
        return 2
    try:  # read before anything runs: a bad list or report is refused at once
        expectations = read_expectations(args.expect_failures) if args.expect_failures else None
        before = read_baseline(args.baseline) if args.baseline else None
    except BaselineError as e:
        err.print(f"harness check: {e}", markup=False)
        return 2
    notes: list[str] = []
    from harness.engine import limits

    try:
        with options.applied(limits, MAX_FILE_BYTES=args.max_bytes):
            every_case_file, cases_file = _cases_option(args.cases)
            hint = _unrecorded_hint(args)
            why: list[str] = []  # which option left out what, when nothing is selected (the hint says it)
            items = select_items(args.version, args.area, args.case, every_case_file, args.recorded, notes=notes,
                                 cases_file=cases_file, left_out=None if hint else why)
    except EmptyRecordedFiles as e:  # nothing to check, as when no case matches
        return _nothing_to_check(str(e))
    except (CaseFileError, ValueError) as e:
        err.print(f"harness check: {e}", markup=False)
        return 2
    for note in notes:
        err.print(f"harness check: {note}", markup=False)
    if not items:
        left_out = f": {why[0]}" if any(why) else ""
        return _nothing_to_check(f"no case matches the options{left_out}; nothing to check{hint}")
    try:
        impl = make_implementation(args.impl, args.timeout, args.longs_as_strings)
    except RunAborted as e:
        err.print(f"harness check: --impl: {e}", markup=False)
        return 2
    if before is not None:
        from harness.engine.baseline import other_run

        warning = other_run(before, args.baseline, impl.name, args.errors)
        if warning:
            err.print(f"harness check: {warning}", markup=False, highlight=False)
    start = time.perf_counter()
    stopped = None
    from harness.formats import budget

    try:
        with options.applied(budget, MAX_STORAGE_ENTRIES=args.max_storage_entries):
            outcomes = _run_with_progress(impl, items, args, err, run_checks)
    except RunAborted as e:
        outcomes, stopped = e.outcomes, str(e)
    except CaseFileError as e:  # a stored case read as its turn came, changed since it was checked
        err.print(f"harness check: {e}", markup=False)
        return 2
    finally:
        impl.close()
    seconds = time.perf_counter() - start
    problems = [f"stopped after {len(outcomes)} of {len(items)} cases: {stopped}"] if stopped else []
    known, lines, extra = _known_failures(args, outcomes, expectations, before)
    problems += _write_reports(args, outcomes, impl.name, seconds, stopped, extra)
    failing = [o for o in outcomes if o.status == "failed" and id(o) not in known]
    problems += _nothing_judged(outcomes, impl.name)
    status = 2 if problems else 1 if failing else 0
    try:
        report.print_text(outcomes, out, impl.name, args.errors, quiet=args.quiet, seconds=seconds)
        for line in lines:
            out.print(line, markup=False, highlight=False)
        for problem in problems:
            err.print(f"harness check: {problem}", markup=False)
        sys.stdout.flush()
        print(summary_line(outcomes) + _known_note(len(known), len(failing) + len(known)), flush=True)
    except BrokenPipeError:  # the reader went away (| head): the status stays the run's
        silence_stdout()
    return status


def _nothing_judged(outcomes, name: str) -> list[str]:
    """The problem of a run that judged nothing: no case passed or failed, because the
    implementation declined every case it was given (each one partial) or because no case it
    ran has a recorded answer to judge it by (each one unverified, or partial). That is exit
    status 2, not a green run (a CI job would go green having checked nothing); ``[]`` otherwise."""
    from harness.engine.runner import tally

    if not outcomes or any(o.status in ("passed", "failed") for o in outcomes):
        return []
    if all(o.status == "partial" for o in outcomes):
        return [f"{name} declined every case it was given ({len(outcomes)} unsupported): nothing was judged"]
    counts = tally(outcomes)
    declined = f", {counts['unsupported']} unsupported" if counts["unsupported"] else ""
    return [f"none of the {len(outcomes)} cases run has a recorded answer to judge it by ({counts['unverified']} "
            f"unverified{declined}): nothing was judged (harness record records the game's answers)"]


def _nothing_to_check(reason: str) -> int:
    """Status 2 for a run that selected no case: the reason, then the summary line last, both
    on stdout (where a run's summary always goes), so that one stream tells the whole story."""
    from harness.engine.runner import summary_line

    print(f"harness check: {reason}", flush=True)
    print(summary_line([]), flush=True)
    return 2


def _cases_option(cases: bool | str) -> tuple[bool, str | None]:
    """``--cases`` (``True``: the generated case files too) or ``--cases FILE`` (that file's
    cases alone) as ``(every case file, the one file)``."""
    return (True, None) if cases is True else (False, cases or None)


def _unrecorded_hint(args) -> str:
    """For ``--area A`` over the bundled references, where no release's recorded answers hold A's
    cases: the hint that ``--cases`` runs A's generated cases (unverified); else ``""``."""
    if args.recorded or args.cases or not args.area:
        return ""
    from harness.engine.reference import bundled_areas

    recorded = bundled_areas()
    missing = sorted(set(args.area) - set(recorded))
    if not missing:
        return ""
    return (f" (the bundled references hold no {', '.join(missing)} cases: the game's answers are recorded for "
            f"{', '.join(recorded)}; --cases runs the generated ones, unverified)")


def option_problem(args) -> str | None:
    """Options that cannot go together, in words; None when they can."""
    import os

    if args.recorded and args.cases:
        return ("--cases cannot be combined with --recorded: --cases adds the generated cases to the bundled "
                "references, --recorded checks only the given files")
    if args.json and args.junit and os.path.realpath(args.json) == os.path.realpath(args.junit):
        return f"--json and --junit name the same file ({args.json}); each report needs its own"
    if getattr(args, "longs_as_strings", False) and not args.impl:
        return "--longs-as-strings is a protocol option: it needs --impl CMD"
    return None


def _known_failures(args, outcomes, expectations, before) -> tuple[set[int], list[str], dict]:
    """The failures that do not fail the run (ids of their outcomes: listed in
    ``--expect-failures``, or failing in the ``--baseline`` too), the report lines about
    them, and the JSON report's keys for them. Without either option no failure is known."""
    from harness.engine.baseline import apply_expectations, baseline_lines, compare_baseline, expect_lines
    from harness.engine.jsontext import escape_surrogates

    known: set[int] = set()
    lines: list[str] = []
    extra: dict = {}
    if args.longs_as_strings:
        extra["protocol"] = {"longs_as_strings": True}
    if expectations is not None:
        result = apply_expectations(outcomes, expectations)
        known |= {id(o) for o in result.expected}
        lines += expect_lines(result, args.expect_failures)
        extra["expect_failures"] = result.to_json(args.expect_failures)
    if before is not None:
        result = compare_baseline(outcomes, before)
        known |= {id(o) for o in result.still_failing}
        lines += baseline_lines(result, args.baseline)
        extra["baseline"] = result.to_json(args.baseline)
    return known, [escape_surrogates(line) for line in lines], extra


def _known_note(known: int, failed: int) -> str:
    """After the summary line, how many of its failures are known (``--expect-failures``,
    ``--baseline``) and so do not fail the run: `` (the 4 failures known)``, `` (3 of the 5
    failures known)``; ``""`` when none is."""
    if not known:
        return ""
    return f" (the {failed} failure{'s' if failed > 1 else ''} known)" if known == failed else f" ({known} of the {failed} failures known)"


def _write_reports(args, outcomes, name: str, seconds: float, stopped: str | None, extra: dict | None = None) -> list[str]:
    """Write ``--json`` and ``--junit``; what could not be written (one line each)."""
    from harness.cli import describe_os_error
    from harness.engine import report

    problems = []
    for path, write in ((args.json, report.write_json), (args.junit, report.write_junit)):
        if not path:
            continue
        try:
            if write is report.write_json:
                write(path, outcomes, name, args.errors, seconds, stopped, extra)
            else:
                write(path, outcomes, name, args.errors, seconds, stopped)
        except OSError as e:
            problems.append(f"cannot write {path}: {describe_os_error(e)}")
    return problems


PROGRESS_EVERY = 30.0  # seconds between progress lines when stderr is not a terminal (a CI log)


def _run_with_progress(impl, items, args, err, run_checks):
    """``run_checks`` with a progress bar on a terminal; elsewhere (a CI log) a line on stderr
    after a case when ``PROGRESS_EVERY`` seconds passed since the last (``harness check: 120 of
    632 cases, 3 failed, 26.3 storage``), so a long run is seen to move; neither with
    ``--quiet`` or ``--no-progress``."""
    if args.quiet or args.no_progress:
        return run_checks(impl, items, args.errors)
    if not err.is_terminal:
        done = failed = 0
        last = time.monotonic()

        def line(outcome):
            nonlocal done, failed, last
            done += 1
            failed += outcome.status == "failed"
            if time.monotonic() - last >= PROGRESS_EVERY:
                last = time.monotonic()
                v, area, _ = outcome.item.key
                err.print(f"harness check: {done} of {len(items)} cases, {failed} failed, {v} {area}",
                          markup=False, highlight=False)

        return run_checks(impl, items, args.errors, line)
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
