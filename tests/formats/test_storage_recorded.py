"""Every recorded storage case of every version, answered by our implementation, exactly.

The expectations are the game's own answers (``reference/<version>/storage.jsonl``).
"""

import pytest

from conftest import RECORDED_VERSIONS, reference_cases
from helpers_palette import assert_same_answers, recorded_params


@pytest.mark.parametrize("case", recorded_params("storage"))
def test_storage_case_matches_the_game(case):
    assert_same_answers(case)


def test_every_version_has_its_storage_cases():
    # ../shared/recorded: 131 storage cases for 26.3 (with fill), 99 for the others
    assert {v: len(reference_cases(v, "storage")) for v in RECORDED_VERSIONS} == {
        "1.20.1": 99, "1.21.1": 99, "26.1.2": 99, "26.3": 131}
