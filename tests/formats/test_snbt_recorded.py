"""Every recorded snbt case of every version, answered by our implementation, exactly.

The expectations are the game's own answers (``reference/<version>/snbt.jsonl``): hex of the
parsed tag in the ``any`` form, or the ``CommandSyntaxException`` with its message.
"""

import pytest

from conftest import RECORDED_VERSIONS, reference_cases
from helpers_palette import assert_same_answers, recorded_params


@pytest.mark.parametrize("case", recorded_params("snbt"))
def test_snbt_case_matches_the_game(case):
    assert_same_answers(case)


def test_every_version_has_its_snbt_cases():
    # ../shared/recorded: 41 snbt cases per version, each a parse and a parse_compound
    counts = {v: len(reference_cases(v, "snbt")) for v in RECORDED_VERSIONS}
    assert counts == {"1.20.1": 41, "1.21.1": 41, "26.1.2": 41, "26.3": 41}
    for v in RECORDED_VERSIONS:
        assert all([op[0] for op in c["ops"]] == ["parse", "parse_compound"] for c in reference_cases(v, "snbt"))
