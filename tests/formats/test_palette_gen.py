"""The storage and palette generators' case files: well formed, and every case answerable."""

import pytest

from conftest import REPO
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.implementations.python import answer_case


@pytest.mark.parametrize("area", ["storage", "palette"])
def test_generated_cases_are_well_formed_and_answerable(area):
    ids = set()
    for path in sorted((REPO / "cases" / area).glob("*.yaml")):
        for case in load_cases(path):
            assert case["id"].startswith(f"{area}/g/") and case["id"] not in ids
            ids.add(case["id"])
            for v in case.get("versions") or [v.id for v in versions.VERSIONS.values() if v.verified]:
                answers = answer_case(dict(case, version=v))  # only GameErrors become answers; others raise
                assert len(answers) == len(case["ops"])
    assert len(ids) > 50


def test_flat_section_case_per_recorded_version():
    cases = load_cases(REPO / "cases" / "palette" / "flat.yaml")
    got = {tuple(c["versions"]): c["setup"]["registry"] for c in cases}
    assert got == {(v.id,): v.registries.block_states for v in versions.VERSIONS.values() if v.verified}


def test_a_generated_error_case_answers_the_games_refusal():
    case = next(c for c in load_cases(REPO / "cases" / "storage" / "errors.yaml") if c["id"] == "storage/g/errors-bits-33")
    answers = answer_case(dict(case, version="26.3"))
    # the refusal storage/p/bits-33 recorded
    assert answers[0] == {"error": "IllegalArgumentException",
                          "message": "The value 33 is not in the specified inclusive range of 1 to 32"}
