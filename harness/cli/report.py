"""``harness report --html OUT.html REPORT.json...``: JSON reports drawn as one results page.

The page is :mod:`harness.engine.results_page`: per implementation, areas × versions, each
cell coloured by its pass rate and expandable to its failing cases with their mismatch text.
"""

from __future__ import annotations

from harness.cli import options

DESCRIPTION = """\
Draw one or more JSON reports of harness check (--json FILE) as one
self-contained HTML page (no network): per implementation a matrix of areas
by versions, each cell coloured by its pass rate (passed of the cases judged;
unverified ones are left out) and expandable to its failing cases, each with
the text harness check prints for it.

Reports of several implementations (named by the report's "implementation")
and of several versions may be given together; the same case of the same
implementation and version given twice is counted once, from the later report.

exit status:
  0  the page was written
  2  a file is not a JSON report of harness check, or the page cannot be written
"""


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    p = subparsers.add_parser(
        "report", help="draw JSON reports of harness check as an HTML results page",
        description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    p.add_argument("reports", nargs="+", metavar="REPORT.json", help="JSON reports written by harness check --json")
    p.add_argument("--html", required=True, metavar="OUT.html", type=options.output_file,
                   help="the page to write (atomically)")
    p.add_argument("--title", default="Conformance", help="the page's title (default: Conformance)")
    p.set_defaults(func=run)


def run(args) -> int:
    import sys

    from harness.cli import describe_os_error
    from harness.engine.outputs import atomic_write_bytes
    from harness.engine.results_page import ReportError, load, matrices, render

    from pathlib import Path

    out = Path(args.html).resolve()
    if any(Path(r).resolve() == out for r in args.reports):
        print(f"harness report: --html {args.html} is one of the reports it reads; name another file", file=sys.stderr)
        return 2
    try:
        reports = [load(path) for path in args.reports]
    except ReportError as e:
        print(f"harness report: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"harness report: {describe_os_error(e)}", file=sys.stderr)
        return 2
    page = render(reports, args.title)
    try:
        atomic_write_bytes(args.html, page.encode("utf-8"))
    except OSError as e:
        print(f"harness report: cannot write {args.html}: {describe_os_error(e)}", file=sys.stderr)
        return 2
    drawn = matrices(reports)
    cases = sum(sum(m.totals().values()) for m in drawn)
    print(f"wrote {args.html}: {len(drawn)} implementation{'s' * (len(drawn) != 1)}, {cases} cases")
    return 0
