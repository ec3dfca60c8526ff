"""``harness versions``: what changed when, from the recorded answers alone.

``harness versions`` maps every release at which an answer changes; ``harness versions
--case ID`` shows one case through every release; ``harness versions A B`` the cases whose
answers differ between two versions. The behaviour and exit statuses are
:data:`DESCRIPTION` (the ``--help`` text); the comparisons are
:mod:`harness.engine.change_map` and :mod:`harness.engine.version_diff`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from harness.engine.casefile import AREAS, CaseFileError

DESCRIPTION = """\
What changed when, from the recorded answers alone (no implementation runs).

With no A and B: for every pair of consecutive recorded releases and each area
where an answer changes, how many cases changed (matched by id, answers
compared over the operations both share), how many appeared or disappeared,
and one example (--markdown: the same as a Markdown table, as README shows it).
With --case and no A and B: each matching case through every release, grouped
into runs of releases with identical answers, with what changed at each run.

With A and B: the cases whose recorded answers differ between two versions.
A and B are each a version name with recorded answers (1.20.1, 1.21.1, 26.1.2,
26.3: the folders of reference/) or a reference folder (such as reference/26.3,
or one written by harness record). Cases are matched by id and compared over
the operations both lists share from the start. Shows the first differing
answer of each case (operation index and text, both sides, the first differing
byte for hex), then a table per area.

exit status:
  0  compared (whether or not answers differ)
  2  A or B is not a version with recorded answers nor a reference folder, only
     one of them is given, or no case matches --area and --case
"""


class SpecError(ValueError):
    """A or B names neither a version with recorded answers nor a reference folder."""


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    p = subparsers.add_parser("versions", help="which cases answer differently between two versions",
                              description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    p.add_argument("a", metavar="A", nargs="?", help="a version with recorded answers (e.g. 1.20.1), or a reference folder")
    p.add_argument("b", metavar="B", nargs="?", help="the other version, or reference folder")
    p.add_argument("--area", action="append", choices=AREAS, help="only this area (repeatable)")
    p.add_argument("--case", metavar="GLOB", help="only cases whose id matches (glob, e.g. 'storage/p/fill-*'); "
                                                  "without A and B: their history through every release")
    p.add_argument("--summary", action="store_true", help="only the summary table")
    p.add_argument("--markdown", action="store_true", help="the change map as a Markdown table (without A and B)")
    p.set_defaults(func=run)


def reference_folder(spec: str, root: Path | None = None) -> Path:
    """The reference folder ``spec`` names: a version of ``root`` (default: the bundled
    references) when it is one and has no ``/``, else a folder holding ``*.jsonl`` files.
    :class:`SpecError` saying what it is instead."""
    from harness.engine.reference import BUNDLED, bundled_versions
    from harness.engine.shorten import ID_CHARS, shorten
    from harness.formats import versions as version_table

    root = BUNDLED if root is None else root
    recorded = bundled_versions(root)
    shown = shorten(repr(spec), ID_CHARS)
    if spec in recorded and "/" not in spec:
        return root / spec
    path = Path(spec)
    if path.is_dir() and (any(path.glob("*.tsv")) or any(path.glob("*.jsonl"))):
        return path
    table = version_table.VERSIONS.get(spec)
    if table is not None and not table.verified:
        raise SpecError(f"{spec} has no recorded answers (the version table marks it unverified)")
    if table is not None:
        raise SpecError(f"{spec} has no recorded answers under {root}")
    if path.is_file() or path.is_dir():
        what = "a file" if path.is_file() else "a folder without recorded answers (<area>.tsv indexes or .jsonl files)"
        raise SpecError(f"{shown} is {what}; A and B are version names with recorded answers "
                        f"({', '.join(recorded)}) or reference folders (such as reference/26.3)")
    raise SpecError(f"{shown} is neither a version with recorded answers ({', '.join(recorded)}) nor a "
                    "reference folder (such as reference/26.3)")


def run(args) -> int:
    from harness.cli import silence_stdout
    from harness.engine.reference import load_reference

    if args.a is None or args.b is None:
        if args.a is not None:
            print("harness versions: give two versions A and B, or none (the change map of every release)",
                  file=sys.stderr)
            return 2
        from harness.cli.version_history import run_all

        try:
            return run_all(args)
        except BrokenPipeError:
            silence_stdout()
            return 0
    try:
        ref_a, ref_b = (load_reference(reference_folder(spec)) for spec in (args.a, args.b))
    except (SpecError, CaseFileError) as e:
        print(f"harness versions: {e}", file=sys.stderr)
        return 2
    from harness.engine.sources import matches
    from harness.engine.version_diff import diff_references

    diffs = diff_references(ref_a, ref_b, keep=lambda case: matches(case, args.area, args.case))
    if not diffs:
        print("harness versions: no case matches the options; nothing to compare", file=sys.stderr)
        return 2
    try:
        _show(args, diffs, ref_a, ref_b)
    except BrokenPipeError:  # the reader went away (| head); the comparison itself was done
        silence_stdout()
    return 0


def sides(version_a: str, version_b: str) -> tuple[str, str]:
    """How the two sides are labelled: their versions, with ``(A)``/``(B)`` when equal.

    >>> sides("1.20.1", "26.3"), sides("26.3", "26.3")
    (('1.20.1', '26.3'), ('26.3 (A)', '26.3 (B)'))
    """
    if version_a == version_b:
        return f"{version_a} (A)", f"{version_b} (B)"
    return version_a, version_b


def _show(args, diffs, ref_a, ref_b) -> None:
    from rich.table import Table

    from harness.cli import make_console
    from harness.engine.anatomy import describe
    from harness.engine.compare import Mismatch
    from harness.engine.jsontext import escape_surrogates
    from harness.engine.report import mismatch_lines
    from harness.engine.version_diff import area_summary

    out = make_console()
    a, b = sides(ref_a.version, ref_b.version)
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
