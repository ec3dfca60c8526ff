"""Every recorded palette case of every version, answered by our implementation, exactly.

The expectations are the game's own answers (``reference/<version>/palette.jsonl``).
"""

import pytest

from conftest import RECORDED_VERSIONS, reference_cases
from helpers_palette import assert_same_answers, recorded_params


@pytest.mark.parametrize("case", recorded_params("palette"))
def test_palette_case_matches_the_game(case):
    assert_same_answers(case)


def test_every_version_has_its_palette_cases():
    assert {v: len(reference_cases(v, "palette")) for v in RECORDED_VERSIONS} == {
        "1.20.1": 105, "1.21.1": 105, "26.1.2": 105, "26.3": 105}
