"""When did it change: the recorded answers through every release, from the references alone.

- :func:`change_map`: for each pair of consecutive recorded releases and each area, how many
  cases (matched by id, present in both) answer differently, with one example each, and
  how many cases appear or disappear there. Only the releases where an answer changes or
  cases appear are listed: the map of what changed when.
- :func:`case_history`: one case's answers through every release that recorded it, grouped
  into runs of consecutive releases with identical answers (and identical operations).

Answers are compared as :mod:`harness.engine.version_diff` compares two versions (exactly,
over the operations both lists share from the start).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.engine.reference import ReferenceSet, version_key
from harness.engine.version_diff import CaseDiff, diff_case


@dataclass
class AreaChange:
    """What changed in one area from release ``a`` to the next recorded release ``b``."""

    a: str
    b: str
    area: str
    changed: int = 0  # cases of both releases whose compared answers differ
    same: int = 0
    added: int = 0  # ids only in b
    removed: int = 0  # ids only in a
    example: CaseDiff | None = None  # the first changed case (in b's order)
    ids: list[str] = field(default_factory=list)  # every changed case
    first_added: str | None = None  # the first id only in b


def _same_answers(x: dict, y: dict) -> bool:
    """The same operations, answered alike (one stored object is shared by releases that agree)."""
    if x["ops"] != y["ops"]:
        return False
    return x["answers"] is y["answers"] or diff_case(x, y).status == "same"


def area_changes(ref_a: ReferenceSet, ref_b: ReferenceSet) -> list[AreaChange]:
    """Per area (sorted): the :class:`AreaChange` from ``ref_a`` to ``ref_b``."""
    by_a = ref_a.by_id()
    rows: dict[str, AreaChange] = {}
    seen_b = set()
    for case in ref_b.cases:
        row = rows.setdefault(case["area"], AreaChange(ref_a.version, ref_b.version, case["area"]))
        seen_b.add(case["id"])
        old = by_a.get(case["id"])
        if old is None:
            row.added += 1
            row.first_added = row.first_added or case["id"]
        elif old["answers"] is case["answers"]:
            row.same += 1
        else:
            d = diff_case(old, case)
            if d.status == "same":
                row.same += 1
                continue
            row.changed += 1
            row.ids.append(case["id"])
            row.example = row.example or d
    for case in ref_a.cases:
        if case["id"] not in seen_b:
            rows.setdefault(case["area"], AreaChange(ref_a.version, ref_b.version, case["area"])).removed += 1
    return [rows[k] for k in sorted(rows)]


def change_map(refs: list[ReferenceSet]) -> list[AreaChange]:
    """For each consecutive pair of ``refs`` (in release order) and each area, its
    :class:`AreaChange`: only those where an answer changed or cases were added (a new
    operation, a new form)."""
    ordered = sorted(refs, key=lambda r: version_key(r.version))
    out = []
    for ref_a, ref_b in zip(ordered, ordered[1:]):
        out += [c for c in area_changes(ref_a, ref_b) if c.changed or c.added]
    return out


@dataclass
class Run:
    """Consecutive releases (``versions``) that recorded one case with the same operations and
    answers; ``case`` is the first of them."""

    versions: list[str]
    case: dict
    change: CaseDiff | None = None  # against the previous run (None for the first)


def case_history(refs: list[ReferenceSet], case_id: str) -> list[Run]:
    """The runs of identical answers of ``case_id`` through ``refs`` (release order); releases
    that did not record it break a run."""
    runs: list[Run] = []
    previous = None
    for ref in sorted(refs, key=lambda r: version_key(r.version)):
        case = ref.by_id().get(case_id)
        if case is None:
            previous = None
            continue
        if previous is not None and _same_answers(previous, case):
            runs[-1].versions.append(ref.version)
        else:
            last = runs[-1].case if runs else None
            runs.append(Run([ref.version], case, diff_case(last, case) if last else None))
        previous = case
    return runs
