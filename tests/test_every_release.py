"""Every recorded case of every release, answered by our implementation, exactly.

The expectations are the game's own answers: ``reference/<version>/`` for the 27 releases
with recorded answers (1.18 .. 26.3), imported from ``../shared/recorded/`` with their
provenance. One test per area runs every release through the engine, as ``harness check``
does, under the default error policy (same exception kind and message). Palette cases are the
exception: every release's are replayed against their recorded answers on each of our palette
paths by ``tests/formats/test_palette_quick_set.py`` and ``test_palette_compiled_base.py`` (the
same computation), so here the engine checks one release's (26.3).
"""

from __future__ import annotations

import pytest

from harness.engine.reference import BUNDLED, bundled_versions, load_reference
from harness.engine.runner import python_implementation, run_checks
from harness.engine.sources import UNSTABLE, select_items, snbt_nesting
from harness.formats import versions
from helpers_groups import EVERY_RELEASE
from helpers_rules import answer_rules

pytestmark = EVERY_RELEASE  # every release read: helpers_groups

AREAS = ("storage", "palette", "nbt", "snbt")


def test_every_recorded_release_is_bundled():
    assert bundled_versions(BUNDLED) == versions.RECORDED
    assert len(versions.RECORDED) == 27


@pytest.mark.parametrize("version", ["1.18", "1.20.1", "1.21.7", "26.3"])
def test_reference_holds_every_case_its_recording_did(version):
    # each release's PROVENANCE.json keeps the recorded set's own case counts per file
    ref = load_reference(BUNDLED / version)
    counts = {f"{area}.jsonl": sum(c["area"] == area for c in ref.cases) for area in AREAS}
    recorded = {name: f["cases"] for name, f in ref.provenance["files"].items()}
    assert {k: v for k, v in counts.items() if k in recorded} == recorded


def _replays(items: list) -> tuple[list, list[int]]:
    """The items to replay, and for each item the index of the replay that stands for it: one
    per case of equal rules (:func:`helpers_rules.answer_rules`), setup, operations, recorded
    answers and note. The releases' references share the objects of a case they recorded
    alike, so equal is the same objects here (a case recorded alike in other objects is
    replayed again: never less checked than needed). Its outcome is the computation every
    such release's check makes."""
    first: dict[tuple, int] = {}
    replays, stands_for = [], []
    for item in items:
        case = item.case
        key = (answer_rules(case["area"], case["version"]), case.get("jvm"), item.note,
               id(case.get("setup")), id(case["ops"]), id(item.expected))
        if key not in first:
            first[key] = len(replays)
            replays.append(item)
        stands_for.append(first[key])
    return replays, stands_for


def _answers_as_the_game(area: str, releases: list[str] | None = None) -> list:
    """Every release's cases of ``area`` (or ``releases``') through the engine; each case's
    outcome (that of the replay standing for it, :func:`_replays`: about 7,900 replays for the
    31,000 cases of storage, nbt and snbt)."""
    items = select_items(releases, areas=[area])
    assert {i.case["version"] for i in items} == set(releases or versions.RECORDED)
    replays, stands_for = _replays(items)
    if releases is None:
        assert len(replays) < len(items) // 2  # the releases share most of their recorded cases
    replayed = run_checks(python_implementation(), replays)
    outcomes = [replayed[r] for r in stands_for]
    failed = [f"{i.case['version']} {i.case['id']}: {(o.mismatches[0].difference if o.mismatches else o.reason)}"
              for i, o in zip(items, outcomes) if o.status == "failed"]
    assert failed == [], f"{len(failed)} of {len(items)} failed; first: {failed[:5]}"
    # unverified: only SNBT nested deeper than 400, where the game has no stable answer
    unverified = [i for i, o in zip(items, outcomes) if o.status == "unverified"]
    assert all(i.note == UNSTABLE and snbt_nesting(i.case["ops"]) > 400 for i in unverified)
    assert len(unverified) == (102 if area == "snbt" else 0)
    return outcomes


@pytest.mark.parametrize("area", ["storage", "snbt"])
def test_every_release_answers_as_the_game(area):
    _answers_as_the_game(area)


def test_the_newest_release_answers_palette_as_the_game():
    """(Every release's palette answers: the module docstring.) 26.3's cases, every one passed."""
    outcomes = _answers_as_the_game("palette", ["26.3"])
    assert len(outcomes) > 300 and {o.status for o in outcomes} == {"passed"}


def test_every_release_answers_nbt_as_the_game(nbt_path):
    """Binary NBT on each path (the ``nbt_path`` fixture): the compiled fast path
    (``harness.formats.nbt.fast_binary``) where it is built, and the pure-Python reader,
    writer and array printer, the fallback where no compiler was at install. (Where the
    compiled path is not built, the pure one is the only one, and runs once.)"""
    outcomes = _answers_as_the_game("nbt")
    assert len(outcomes) > 7000 and [o for o in outcomes if o.status != "passed"] == []
