"""Which cases the game answers differently in two versions, from the references alone.

Cases are matched by id. For a matched pair, answers are compared operation by operation
over the **longest common prefix of the two operation lists**: operations run in order on
one object, so once the lists part (26.3's extra ``fill``, an operation a release lacks)
the two objects may be in different states and later answers say nothing about the
versions. The operations after that point are counted as *not compared*.

The setups may differ where each version's set speaks in its own terms (1.20.1's network
form carries a named root; the flat and growth cases use each version's registry size):
the answers are compared anyway, and the pair is marked ``setup_differs`` so a reader can
tell a changed answer from a changed question. Error answers compare exactly (kind,
message and cause): a changed message is a change between versions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from harness.engine.compare import Difference, first_difference
from harness.engine.reference import ReferenceSet


@dataclass
class CaseDiff:
    """One case id across two versions.

    ``status``: ``"same"`` (every compared answer equal), ``"differs"``, ``"only_a"``,
    ``"only_b"``. For ``differs``: ``index``/``op`` of the first differing answer, both
    answers (``a``, ``b``) and their :class:`Difference`; ``differing`` counts the compared
    operations whose answers differ. ``compared`` operations were compared, ``not_compared``
    were past the point where the operation lists part.
    """

    id: str
    area: str
    status: str
    compared: int = 0
    not_compared: int = 0
    differing: int = 0
    index: int | None = None
    op: list | None = None
    a: object = None
    b: object = None
    difference: Difference | None = None
    setup_differs: bool = False


def _common_prefix(x: list, y: list) -> int:
    n = 0
    for p, q in zip(x, y):
        if p != q:
            break
        n += 1
    return n


def diff_case(a: dict, b: dict) -> CaseDiff:
    """Compare one case recorded in two versions (see the module docstring)."""
    n = _common_prefix(a["ops"], b["ops"])
    d = CaseDiff(a["id"], a["area"], "same", compared=n,
                 not_compared=max(len(a["ops"]), len(b["ops"])) - n,
                 setup_differs=(a.get("setup") or {}) != (b.get("setup") or {}))
    for i in range(n):
        diff = first_difference(a["answers"][i], b["answers"][i], "message")
        if diff is None:
            continue
        d.differing += 1
        if d.status == "same":
            d.status, d.index, d.op, d.a, d.b, d.difference = "differs", i, a["ops"][i], a["answers"][i], b["answers"][i], diff
    return d


def diff_references(ref_a: ReferenceSet, ref_b: ReferenceSet,
                    keep: Callable[[dict], bool] | None = None) -> list[CaseDiff]:
    """Every case id of either set: its :class:`CaseDiff`, in ``ref_a``'s order then ``ref_b``'s;
    with ``keep`` (a case of either set -> bool) only the ids it keeps, the others not compared."""
    by_b = ref_b.by_id()
    out = []
    for case in ref_a.cases:
        if keep is not None and not keep(case):
            continue
        other = by_b.get(case["id"])
        out.append(diff_case(case, other) if other else CaseDiff(case["id"], case["area"], "only_a"))
    by_a = ref_a.by_id()
    out += [CaseDiff(c["id"], c["area"], "only_b") for c in ref_b.cases
            if c["id"] not in by_a and (keep is None or keep(c))]
    return out


def area_summary(diffs: list[CaseDiff]) -> dict[str, dict[str, int]]:
    """Per area: counts of ``same``, ``differs``, ``only_a``, ``only_b``, and ``not_compared`` ops."""
    out: dict[str, dict[str, int]] = {}
    for d in diffs:
        row = out.setdefault(d.area, {"same": 0, "differs": 0, "only_a": 0, "only_b": 0,
                                      "setup_differs": 0, "not_compared": 0})
        row[d.status] += 1
        row["setup_differs"] += d.setup_differs
        row["not_compared"] += d.not_compared
    return dict(sorted(out.items()))
