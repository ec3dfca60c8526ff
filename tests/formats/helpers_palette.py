"""Test helpers for the storage and palette areas: one recorded answer by case and operation,
and a replay's answers held to a recorded case's."""

import json

from conftest import reference_case
from harness.engine.compare import compare_case


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
