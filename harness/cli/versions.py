"""``harness versions A B``: the cases whose recorded answers differ between two versions.

From the references alone (no implementation runs). Cases are matched by id and compared
over the operations both lists share from the start (see :mod:`harness.engine.version_diff`).
Shows the first differing answer of each case (op index, op, both sides, first differing
byte for hex), then a summary per area.
"""

from __future__ import annotations

import sys

from harness.engine.casefile import CaseFileError


def register(subparsers) -> None:
    p = subparsers.add_parser("versions", help="which cases answer differently between two versions",
                              description=__doc__.split("\n\n", 1)[1])
    p.add_argument("a", metavar="A", help="a version with a reference (e.g. 1.20.1), or a reference folder")
    p.add_argument("b", metavar="B", help="the other version, or folder")
    p.add_argument("--area", action="append", help="only this area (repeatable)")
    p.add_argument("--case", metavar="GLOB", help="only cases whose id matches")
    p.add_argument("--summary", action="store_true", help="only the summary table")
    p.set_defaults(func=run)


def _load(spec: str):
    from pathlib import Path

    from harness.engine.reference import BUNDLED, load_reference

    path = Path(spec)
    return load_reference(path if path.is_dir() and spec not in ("", ".") and "/" in spec else BUNDLED / spec)


def run(args) -> int:
    from harness.cli import silence_stdout

    try:
        ref_a, ref_b = _load(args.a), _load(args.b)
    except CaseFileError as e:
        print(f"harness versions: {e}", file=sys.stderr)
        return 2
    try:
        _show(args, ref_a, ref_b)
    except BrokenPipeError:  # the reader went away (| head); the comparison itself was done
        silence_stdout()
    return 0


def _show(args, ref_a, ref_b) -> None:
    from rich.table import Table

    from harness.cli import make_console
    from harness.engine.anatomy import describe
    from harness.engine.compare import Mismatch
    from harness.engine.jsontext import escape_surrogates
    from harness.engine.report import mismatch_lines
    from harness.engine.sources import matches
    from harness.engine.version_diff import area_summary, diff_references

    diffs = [d for d in diff_references(ref_a, ref_b) if matches({"id": d.id, "area": d.area}, args.area, args.case)]
    out = make_console()
    a, b = ref_a.version, ref_b.version
    by_a = ref_a.by_id()
    if not args.summary:
        for d in diffs:
            if d.status == "differs":
                extra = " (setups differ)" if d.setup_differs else ""
                more = f"; {d.differing} of {d.compared} compared answers differ" if d.differing > 1 else ""
                out.print(escape_surrogates(f"{d.id}{extra}{more}"), markup=False)
                m = Mismatch(d.index, d.op, d.a, d.b, d.difference, describe(d.op, d.difference, by_a[d.id]))
                for line in mismatch_lines(m, (a, b)):
                    out.print("  " + line, markup=False)
            elif d.status in ("only_a", "only_b"):
                out.print(escape_surrogates(f"{d.id}: only in {a if d.status == 'only_a' else b}"), markup=False)
    table = Table(title=f"recorded answers {a} -> {b}")
    for col in ("area", "same", "differ", f"only {a}", f"only {b}", "setup differs", "ops not compared"):
        table.add_column(col, justify="left" if col == "area" else "right")
    summary = area_summary(diffs)
    for area, row in summary.items():
        table.add_row(area, *(str(row[k]) for k in ("same", "differs", "only_a", "only_b", "setup_differs", "not_compared")))
    out.print(table)
    total = {k: sum(r[k] for r in summary.values()) for k in ("same", "differs", "only_a", "only_b")}
    print(f"{total['differs']} differ, {total['same']} same, {total['only_a']} only in {a}, {total['only_b']} only in {b}",
          flush=True)
