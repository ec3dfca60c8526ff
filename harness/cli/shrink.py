"""``harness shrink CASE_ID``: reduce a failing case to a smaller one that still fails.

The behaviour and exit statuses are :data:`DESCRIPTION` (the ``--help`` text).
"""

from __future__ import annotations

import json
import shlex
import sys

from harness.cli import options
from harness.engine.casefile import CaseFileError
from harness.engine.compare import POLICIES

DESCRIPTION = """\
Reduce a failing case to a smaller one that still fails.

The case is taken from the bundled references (or --recorded files, recorded
JSONL). The judge is the recorded answers, which answer prefixes of the
recorded operations only; with --oracle CMD (a program speaking the line
protocol, trusted as the game: the rig's worker on a server jar), the shrinker
also deletes earlier operations and makes inputs smaller.

A smaller case is taken only when it fails the same way as the original: a
wrong answer stays a wrong answer, first at an operation of the same name
(e.g. values), and a crash (an exception, an exit, a hang, a bad answer line)
stays a crash; a candidate that fails another way (say, the implementation
crashes on an empty storage where it used to answer a wrong value) is refused.

The result is printed as a YAML case file with the id <area>/s/<original id's
tail> (s: shrunk; p: the game's recorded cases, g: generated ones) and
shrunk_from: the original id; --out FILE also writes it, atomically. To run it:
"harness check --cases FILE", wherever the file is. A case shrunk to a prefix of
the recorded operations (always, without --oracle) is judged by the original's
recorded answers; one the oracle shrank further has no recorded answer, so
"harness check --cases FILE" judges nothing (exit 2) until the game has
answered it: "harness record --jar server.jar --cases FILE --out DIR", then
"harness check --recorded DIR/<version>/<area>.jsonl --impl CMD" (the file's
header and stderr say so). What was tried goes to stderr.

CASE_ID is one case's id; a pattern (storage/p/fill-*) is taken when it matches
exactly one recorded case, and refused naming a few when it matches more.

exit status:
  0  shrunk: a smaller case that still fails is printed; or the case passes
     (stderr says "passes ...: nothing to shrink", nothing is printed)
  1  the case fails, but no smaller case fails the same way
  2  the case cannot be found, an option is bad, the implementation or the
     oracle cannot run (cannot be started, never answers, or the oracle
     answered none of the cases it was asked), or --out cannot be written
"""


def run_it_line(out: str | None, judged: str) -> str:
    """How to run the shrunk case: ``harness check --cases`` with the file ``--out`` wrote
    (shell-quoted) when there is one, else with FILE, where the printed case is saved (anywhere:
    ``--cases FILE`` needs no ``cases/<area>/`` folder)."""
    file = _file_arg(out)
    line = f"to run it: harness check --cases {file} ({judged}), or harness live --jar server.jar --cases {file}"
    return line if out else line + _PRINTED_FILE


_PRINTED_FILE = "; FILE: the case printed below, saved anywhere"


def _file_arg(out: str | None) -> str:
    """The shrunk case's file on a command line: ``--out`` shell-quoted, else ``FILE``."""
    return shlex.quote(str(out)) if out else "FILE"


def judge_it_later(file: str, version: str, area: str, impl: str | None) -> str:
    """How to judge a case the oracle shrank past the recorded prefixes (no recorded answer holds
    it, so ``harness check --cases`` of it judges nothing and exits 2): record the game's answers
    to ``file``, then check ``impl`` (a command; None: ours) against them."""
    against = f" --impl {shlex.quote(impl)}" if impl else ""
    return (f"no recorded answer judges it yet (the oracle shrank it past the recorded prefixes), so harness check "
            f"--cases {file} judges nothing; record the game's answers first: harness record --jar server.jar "
            f"--cases {file} --out DIR, then harness check --recorded DIR/{version}/{area}.jsonl{against}")


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    p = subparsers.add_parser("shrink", help="reduce a failing case to a smaller one that still fails",
                              description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    p.add_argument("case_id", metavar="CASE_ID", help="the id of a recorded case (e.g. storage/p/fill-5), or a pattern matching one")
    p.add_argument("--version", metavar="V", help="the version to shrink in (default: the newest where it fails)")
    p.add_argument("--impl", metavar="CMD", type=options.command,
                   help="the implementation under test (default: ours, in Python)")
    p.add_argument("--oracle", metavar="CMD", type=options.command,
                   help="a program trusted as the game for arbitrary cases (line protocol), e.g. the rig")
    p.add_argument("--recorded", nargs="+", metavar="FILE",
                   help="take cases and answers from these recorded JSONL files")
    p.add_argument("--errors", choices=POLICIES, default="message", help="error answer policy (as for check)")
    p.add_argument("--timeout", type=options.positive_seconds, default=10.0, metavar="SECONDS",
                   help="seconds per case (default 10)")
    p.add_argument("--budget", type=options.positive_int, default=2000, metavar="N",
                   help="most candidates to try (default 2000)")
    p.add_argument("--out", metavar="FILE", type=options.output_file, help="also write the case file here")
    p.set_defaults(func=run)


def run(args) -> int:
    from harness.cli import describe_os_error, silence_stdout
    from harness.cli.check import make_implementation
    from harness.engine.casefile import atomic_write_text, cases_text
    from harness.engine.oracle import ChainOracle, ImplementationOracle, RecordedOracle, is_recorded_prefix
    from harness.engine.report import mismatch_lines
    from harness.engine.runner import RunAborted
    from harness.engine.shorten import ID_CHARS, shorten
    from harness.engine.shrink import shrink, shrunk_id
    from harness.engine.sources import select_items
    from harness.implementations.process import ProcessImplementation

    cid = shorten(args.case_id, ID_CHARS)
    notes: list[str] = []
    try:
        items = select_items([args.version] if args.version else None, None, args.case_id, False, args.recorded,
                             notes=notes)
    except (CaseFileError, ValueError) as e:
        print(f"harness shrink: {e}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"harness shrink: {note}", file=sys.stderr)
    items = [i for i in items if i.expected is not None]
    ids = sorted({i.case["id"] for i in items})
    case_id = args.case_id if args.case_id in ids else ids[0] if len(ids) == 1 else None  # a glob of one case
    if case_id is None and len(ids) > 1:
        shown = ", ".join(shorten(i, ID_CHARS) for i in ids[:3]) + (", ..." if len(ids) > 3 else "")
        print(f"harness shrink: {cid!r} is a pattern matching {len(ids)} recorded cases ({shown}); "
              "shrink takes one case: give its id (or a pattern matching one)", file=sys.stderr)
        return 2
    items = [i for i in items if i.case["id"] == case_id]
    cid = shorten(case_id or args.case_id, ID_CHARS)
    if not items:
        print(f"harness shrink: no recorded case {cid!r}"
              + (f" for version {args.version}" if args.version else ""), file=sys.stderr)
        return 2
    recorded = [dict(i.case, answers=i.expected) for i in items]
    judge = None
    try:
        impl = make_implementation(args.impl, args.timeout)
    except RunAborted as e:
        print(f"harness shrink: --impl: {e}", file=sys.stderr)
        return 2
    try:
        if args.oracle:  # started now: an oracle that cannot start is an error, not a silent no-op
            judge = ProcessImplementation(args.oracle, timeout=args.timeout)
            try:
                judge.start()
            except RunAborted as e:
                print(f"harness shrink: --oracle: {e}", file=sys.stderr)
                return 2
        oracle = ImplementationOracle(judge) if judge else None
        for item in reversed(items):  # newest version first
            oracles = [RecordedOracle(recorded)] + ([oracle] if oracle else [])
            result = shrink(item.case, impl, ChainOracle(oracles), args.errors, args.budget)
            if result is not None:
                break
        else:
            print(f"harness shrink: {cid} passes in {', '.join(i.case['version'] for i in items)}: "
                  "nothing to shrink (nothing printed)", file=sys.stderr)
            return 0
    except RunAborted as e:  # the message names the program that cannot go on
        print(f"harness shrink: stopped: {e}", file=sys.stderr)
        return 2
    finally:
        impl.close()
        if judge:
            judge.close()
    case = result.case
    n0, n1 = len(result.original["ops"]), len(case["ops"])
    tried = (f"{result.tried} candidates tried, {result.accepted} taken ({', '.join(result.passes)}; "
             f"judge: {' then '.join(o.name for o in oracles)})")
    if oracle and oracle.asked and not oracle.answered:
        print(f"harness shrink: the oracle {shorten(oracle.name, ID_CHARS)} answered none of the {oracle.asked} "
              f"cases it was asked (last: {oracle.last_failure}), so no case beyond the recorded prefixes could be "
              "judged; run without --oracle to shrink by recorded prefixes only", file=sys.stderr)
        return 2
    prefix = is_recorded_prefix(result.original, case)  # so judged by the original's recorded answers
    if prefix and n1 == n0:
        print(f"harness shrink: could not shrink {cid} in {case['version']}: it fails, but no smaller case "
              f"that {'the oracle or ' if oracle else ''}the recorded answers can judge fails ({n0} ops); {tried}",
              file=sys.stderr)
        return 1
    why = result.reason or (f"op {result.mismatches[0].index} {json.dumps(result.mismatches[0].op)} differs"
                            if result.mismatches else "fails")
    new_id = shrunk_id(case["id"], case["area"])
    shrunk = {"id": new_id, "purpose": f"shrunk from {case['id']} ({n0} ops to {n1}): "
              f"{impl.name} fails it: {why}", "shrunk_from": case["id"], "versions": [case["version"]],
              "setup": case["setup"], "ops": case["ops"]}
    print(f"shrunk {cid} in {case['version']}: {n0} ops to {n1}, {tried}", file=sys.stderr)
    for m in result.mismatches[:1]:
        print("\n".join(mismatch_lines(m)), file=sys.stderr)
    header = f"shrunk by harness shrink from {case['id']} ({case['version']}); "
    if prefix:
        header += "run it with harness check --cases <this file>, wherever it is"
    else:
        header += judge_it_later("<this file>", case["version"], case["area"], args.impl)
    text = cases_text(case["area"], "harness shrink", [shrunk], header=header)
    if args.out:
        try:
            atomic_write_text(args.out, text)
        except OSError as e:
            print(f"harness shrink: cannot write {args.out}: {describe_os_error(e)}", file=sys.stderr)
            return 2
    if prefix:
        print(run_it_line(args.out, "judged by the recorded answers of its prefix"), file=sys.stderr)
    else:
        print(f"to judge it: {judge_it_later(_file_arg(args.out), case['version'], case['area'], args.impl)}"
              + ("" if args.out else _PRINTED_FILE), file=sys.stderr)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away; the case was shrunk all the same
        silence_stdout()
    return 0
