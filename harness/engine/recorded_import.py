"""Recorded sets brought into ``reference/``: ``harness reference import DIR...``.

A recorded set is a folder ``<version>/`` of ``<area>.jsonl`` or ``<area>.jsonl.gz`` files in
the recorded format with its ``PROVENANCE.json`` (``../shared/recorded/<version>/``). Each
set becomes ``reference/<version>/`` through
:func:`~harness.engine.reference.write_reference`, its provenance kept whole with where and
when it was imported.

An id means the same operations in every release. Where the sets imported together (and
the releases already under ``reference/``) record one id with different setups or
operations in different releases, the variant that today's case files generate under that
id keeps it (else the variant of the latest release); every other variant is renamed
``<id>~<release>``, after the first release that recorded it, and the rename is written in
that release's provenance (``renamed``). Its answers stay the game's, under a name of its own.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from harness.engine.casefile import CaseFileError
from harness.engine.jsontext import json_line, parse
from harness.engine.reference import (PROVENANCE, bundled_versions, load_reference, read_recorded,
                                      version_key, write_reference)

RENAME_MARK = "~"


def case_body(case: dict) -> str:
    """What an id stands for: a case's setup and operations, as one JSON line."""
    return json_line([case.get("setup") or {}, case["ops"]])


def read_set(folder: Path) -> tuple[str, list[dict], dict]:
    """``(version, cases, provenance)`` of one recorded set's folder."""
    folder = Path(folder)
    prov_path = folder / PROVENANCE
    provenance = {}
    if prov_path.exists():
        try:
            provenance = parse(prov_path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, ValueError) as e:
            raise CaseFileError(f"{prov_path}: not valid JSON: {e}") from None
    files = sorted([*folder.glob("*.jsonl"), *folder.glob("*.jsonl.gz")])
    if not files:
        raise CaseFileError(f"{folder}: no <area>.jsonl or <area>.jsonl.gz here")
    version = provenance.get("version") or folder.name
    cases = []
    for path in files:
        for case in read_recorded(path):
            if case["version"] != version:
                raise CaseFileError(f"{case['source']}: a case for {case['version']} in the set of {version}")
            cases.append(case)
    return version, cases, provenance


def canonical_bodies(sets: dict[str, list[dict]], generated: dict[str, str]) -> dict[str, str]:
    """For each id recorded with more than one body: the body that keeps the id (the one
    ``generated`` gives it, else the latest release's)."""
    seen: dict[str, dict[str, str]] = {}  # id -> body -> latest release
    for version in sorted(sets, key=version_key):
        for case in sets[version]:
            seen.setdefault(case["id"], {})[case_body(case)] = version
    keep = {}
    for cid, bodies in seen.items():
        if len(bodies) > 1:
            keep[cid] = generated.get(cid) if generated.get(cid) in bodies else \
                max(bodies, key=lambda b: version_key(bodies[b]))
    return keep


def import_sets(folders: list[Path], root: Path, generated: dict[str, str] | None = None,
                today: str | None = None) -> list[str]:
    """Import the recorded sets in ``folders`` into ``root`` (``reference/``); a line per set
    saying what was written. ``generated``: id -> body of today's case files."""
    incoming = {}
    for folder in folders:
        version, cases, provenance = read_set(folder)
        incoming[version] = (folder, cases, provenance)
    everything = {v: cases for v, (_, cases, _) in incoming.items()}
    for v in bundled_versions(root):
        if v not in everything:
            everything[v] = load_reference(Path(root) / v).cases
    keep = canonical_bodies(everything, generated or {})
    first_seen: dict[tuple[str, str], str] = {}
    for version in sorted(everything, key=version_key):
        for case in everything[version]:
            first_seen.setdefault((case["id"], case_body(case)), version)
    today = today or datetime.date.today().isoformat()
    lines = []
    for version in sorted(incoming, key=version_key):
        folder, cases, provenance = incoming[version]
        renamed = {}
        out = []
        for case in cases:
            case = {k: case[k] for k in ("id", "area", "setup", "ops", "answers")}
            if case["id"] in keep and case_body(case) != keep[case["id"]]:
                new_id = f"{case['id']}{RENAME_MARK}{first_seen[(case['id'], case_body(case))]}"
                renamed[case["id"]] = new_id
                case["id"] = new_id
            out.append(case)
        prov = dict(provenance, obtained_from=f"{folder} (recorded sets, gzip JSONL)", imported=today)
        if renamed:
            prov["renamed"] = {old: f"{new} (another release records {old} with other operations)"
                               for old, new in sorted(renamed.items())}
        write_reference(Path(root) / version, version, out, prov)
        lines.append(f"{version}: {len(out)} cases" + (f", {len(renamed)} renamed" if renamed else ""))
    return lines
