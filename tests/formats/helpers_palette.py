"""Test helpers for the storage and palette areas: recorded cases as pytest parameters."""

import pytest

from conftest import RECORDED_VERSIONS, reference_case, reference_cases
from harness.implementations.python import answer_case


def recorded_params(area: str) -> list:
    """Every recorded case of ``area`` in every version, one pytest param each, id ``version:case id``.

    A repeated case id within a version (1.20.1/1.21.1 record ``grow-biomes-64`` twice) gets ``#2``.
    """
    params = []
    for version in RECORDED_VERSIONS:
        seen: dict[str, int] = {}
        for case in reference_cases(version, area):
            n = seen[case["id"]] = seen.get(case["id"], 0) + 1
            label = case["id"] if n == 1 else f"{case['id']}#{n}"
            params.append(pytest.param(case, id=f"{version}:{label}"))
    return params


def assert_same_answers(case: dict) -> None:
    """Our answers to ``case`` equal the game's, operation by operation."""
    got = answer_case(case)
    assert len(got) == len(case["answers"])
    for i, (op, want, ours) in enumerate(zip(case["ops"], case["answers"], got)):
        assert ours == want, f"op {i} {op}"[:160]


def recorded_answer(version: str, case_id: str, op_index: int):
    """The game's recorded answer to one operation of one case."""
    return reference_case(version, case_id)["answers"][op_index]
