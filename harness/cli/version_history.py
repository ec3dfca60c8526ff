"""``harness versions`` without A and B: the change map of every recorded release, or one
case's history (``--case``). Output for people (a table) or for README (``--markdown``)."""

from __future__ import annotations

import sys

from harness.engine.jsontext import escape_surrogates, json_text
from harness.engine.shorten import shorten

EXAMPLE_CHARS = 70  # each side of an example, at most


def _refs():
    from harness.engine.reference import BUNDLED, bundled_versions, load_reference

    return [load_reference(BUNDLED / v) for v in bundled_versions(BUNDLED)]


def example_text(d, first_added: str | None = None) -> str:
    """``id op N ["op"]: A → B`` for a changed case, both sides shortened; else the first
    added case's id."""
    if d is None:
        return escape_surrogates(f"{first_added}: recorded from here on") if first_added else ""
    a = shorten(json_text(d.a), EXAMPLE_CHARS)
    b = shorten(json_text(d.b), EXAMPLE_CHARS)
    return escape_surrogates(f"{d.id} op {d.index} {json_text(d.op[:1])}: {a} → {b}")


def run_all(args) -> int:
    from harness.engine.casefile import CaseFileError

    try:
        refs = _refs()
    except CaseFileError as e:
        print(f"harness versions: {e}", file=sys.stderr)
        return 2
    if args.case:
        return _history(args, refs)
    from harness.engine.change_map import change_map

    rows = [c for c in change_map(refs) if not args.area or c.area in args.area]
    if args.markdown:
        print("| from → to | area | cases changed | added | removed | example |")
        print("| --- | --- | ---: | ---: | ---: | --- |")
        for c in rows:
            print(f"| {c.a} → {c.b} | {c.area} | {c.changed} | {c.added} | {c.removed} | "
                  f"`{example_text(c.example, c.first_added).replace('|', chr(92) + '|')}` |")
        return 0
    from rich.table import Table

    from harness.cli import make_console

    out = make_console()
    table = Table(title=f"what changed when: {len(refs)} recorded releases, {refs[0].version} to {refs[-1].version}")
    for col in ("from → to", "area", "changed", "added", "removed", "example"):
        table.add_column(col, justify="right" if col in ("changed", "added", "removed") else "left")
    for c in rows:
        table.add_row(f"{c.a} → {c.b}", c.area, str(c.changed), str(c.added), str(c.removed), example_text(c.example, c.first_added))
    out.print(table)
    changed = sum(c.changed for c in rows)
    print(f"{len({c.b for c in rows if c.changed})} releases change the answers of {changed} cases in all", flush=True)
    return 0


def _history(args, refs) -> int:
    from harness.engine.change_map import case_history
    from harness.engine.sources import matches

    ids = list(dict.fromkeys(c["id"] for r in refs for c in r.cases if matches(c, args.area, args.case)))
    if not ids:
        print("harness versions: no case matches the options; nothing to show", file=sys.stderr)
        return 2
    for cid in ids:
        runs = case_history(refs, cid)
        print(escape_surrogates(f"{cid}: {len(runs)} run{'s' if len(runs) != 1 else ''} of identical answers"))
        for run in runs:
            span = run.versions[0] if len(run.versions) == 1 else f"{run.versions[0]} .. {run.versions[-1]}"
            print(f"  {span} ({len(run.versions)} release{'s' if len(run.versions) != 1 else ''})")
            if run.change is not None and run.change.status == "differs":
                print("    changed: " + example_text(run.change))
            elif run.change is not None:
                print("    changed: its operations (the answers they share are the same)")
            for i, (op, answer) in enumerate(zip(run.case["ops"], run.case["answers"])):
                print(escape_surrogates(f"    op {i} {shorten(json_text(op), EXAMPLE_CHARS)} -> "
                                        f"{shorten(json_text(answer), 2 * EXAMPLE_CHARS)}"))
    return 0
