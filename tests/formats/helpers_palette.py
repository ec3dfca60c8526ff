"""Test helpers for the storage and palette areas: one recorded answer by case and operation,
the recorded palette cases a release adds to those of the releases before it, a replay's
answers held to a recorded case's, and the palette's two quick paths (the compiled one where
built)."""

import json
from functools import lru_cache

import pytest

from conftest import RECORDED_VERSIONS, reference_case, reference_cases
from harness.engine.compare import compare_case
from harness.formats.palette import quick_set
from helpers_rules import answer_rules

_QUICK_SET_NOT_BUILT = "the compiled palette quick path is not built here (./setup.sh builds it)"
needs_quick_set = pytest.mark.skipif(quick_set.compiled is None, reason=_QUICK_SET_NOT_BUILT)


@pytest.fixture(params=["compiled", "pure"])
def quick_path(request, monkeypatch):
    """Runs a test on each quick path: the compiled ``CellWriter`` (``harness/formats/palette/_quick_set.c``;
    skipped where it was not built) and the pure-Python one (``quick_set.compiled`` None, as
    ``MC_HARNESS_PURE_PALETTE=1`` makes it). A test module takes it with ``from helpers_palette
    import quick_path``."""
    if request.param == "compiled":
        if quick_set.compiled is None:
            pytest.skip(_QUICK_SET_NOT_BUILT)
    else:
        monkeypatch.setattr(quick_set, "compiled", None)
    return request.param


def recorded_answer(version: str, case_id: str, op_index: int):
    """The game's recorded answer to one operation of one case."""
    return reference_case(version, case_id)["answers"][op_index]


def assert_answers_as_recorded(case: dict, answers: list) -> None:
    """``answers`` to the recorded ``case`` are the game's: the same JSON text as its recorded
    answers (so the same types and values at every operation: a check much cheaper than
    :func:`compare_case`, which nothing it passes would fail), else no mismatch by
    :func:`compare_case`, whose report names the first difference."""
    try:
        if json.dumps(answers) == json.dumps(case["answers"]):
            return
    except (TypeError, ValueError):  # a value JSON has no text for: compare_case judges it
        pass
    assert compare_case(case["ops"], case["answers"], answers, case=case) == [], case["id"]


def palette_cases_to_replay(version: str) -> list[dict]:
    """The recorded palette cases of ``version`` but those an earlier recorded release whose
    ``PaletteRules`` are equal recorded alike (the same setup, operations and answers): our
    answers to a palette case depend on the case and its release's ``PaletteRules`` alone
    (:func:`harness.implementations.python.palette.run`, and the answers that
    :mod:`harness.implementations.python` keeps by them), so replaying such a case again is the
    very computation the earlier release's replay made. In recorded order."""
    return _palette_replays()[version]


@lru_cache(maxsize=None)
def _palette_replays() -> dict[str, list[dict]]:
    """:func:`palette_cases_to_replay` of every recorded release, worked out once: one walk of the
    releases in order, remembering what each release's rules (:func:`answer_rules`) have seen."""
    seen: dict[tuple, set[str]] = {}
    replays = {}
    for version in RECORDED_VERSIONS:
        before = seen.setdefault(answer_rules("palette", version), set())
        keys = [(_key(c), c) for c in reference_cases(version, "palette")]
        replays[version] = [c for key, c in keys if key not in before]
        before.update(key for key, _ in keys)
    return replays


def _key(case: dict) -> str:
    return json.dumps([case["setup"], case["ops"], case["answers"]])


def unpack_unchecked(strategy, palette, data):
    """``PalettedContainer.unpack`` with the palette taken as given, entries no registry has
    included (unpack refuses them): the state a saved form's odd palette would leave, for the
    tests of how the quick paths read such a palette."""
    from harness.formats.palette import PalettedContainer
    return PalettedContainer._unpack(strategy, palette, data, check_palette=False)
