"""``harness reference``: the bundled references, shown and imported.

- ``harness reference show VERSION ID``: one recorded case as the game answered it in that
  release (setup, operations, answers; pretty JSON);
- ``harness reference import DIR...``: recorded sets (``<version>/<area>.jsonl[.gz]`` with
  ``PROVENANCE.json``) into ``reference/`` (:mod:`harness.engine.recorded_import`).
"""

from __future__ import annotations

import sys
from pathlib import Path

DESCRIPTION = """\
The bundled references (reference/<version>/: an index per area naming stored
case objects under reference/objects/; see reference/RECORDED_FORMAT.md).

  show VERSION ID    one recorded case of that release: setup, operations and
                     the game's answers, as pretty JSON
  import DIR...      recorded sets (folders <version>/ of <area>.jsonl or
                     <area>.jsonl.gz with PROVENANCE.json) into reference/;
                     an id recorded with other operations in another release
                     is renamed <id>~<release> (said in the provenance)

exit status:
  0  shown or imported
  2  no such version or case, or a malformed set (nothing written)
"""


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    p = subparsers.add_parser("reference", help="show one recorded case, or import recorded sets",
                              description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    show = sub.add_parser("show", help="one recorded case of one release")
    show.add_argument("version", metavar="VERSION")
    show.add_argument("case_id", metavar="ID")
    imp = sub.add_parser("import", help="recorded sets into reference/")
    imp.add_argument("folders", metavar="DIR", nargs="+", type=Path)
    imp.add_argument("--out", type=Path, default=None, help="the reference root (default: the bundled reference/)")
    p.set_defaults(func=run)


def run(args) -> int:
    from harness.engine.casefile import CaseFileError
    from harness.engine.jsontext import json_text
    from harness.engine.reference import BUNDLED, bundled_versions, load_reference

    if args.action == "show":
        if args.version not in bundled_versions(BUNDLED):
            print(f"harness reference: no recorded answers for {args.version!r} under {BUNDLED}; "
                  f"recorded: {', '.join(bundled_versions(BUNDLED))}", file=sys.stderr)
            return 2
        try:
            ref = load_reference(BUNDLED / args.version)
        except CaseFileError as e:
            print(f"harness reference: {e}", file=sys.stderr)
            return 2
        case = ref.by_id().get(args.case_id)
        if case is None:
            print(f"harness reference: {args.version} has no case {args.case_id!r}", file=sys.stderr)
            return 2
        shown = {k: case[k] for k in ("id", "area", "version", "setup", "ops", "answers")}
        print(json_text(shown, indent=1))
        return 0
    from harness.engine.recorded_import import import_sets
    from harness.engine.sources import generated_bodies

    try:
        for line in import_sets(args.folders, args.out or BUNDLED, generated_bodies()):
            print(line)
    except CaseFileError as e:
        print(f"harness reference import: {e}", file=sys.stderr)
        return 2
    return 0
