"""cases/snbt/gen.py: well-formed case files in cases/snbt, and
every generated case answered by our parsers (a tag in hex or the game's kind of error) in
every version of the table."""

from __future__ import annotations

import pytest

from conftest import REPO
from helpers_rules import one_release_per_rules
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.implementations.python import answer_case

GEN = REPO / "cases" / "snbt" / "gen.py"
CATEGORIES = ["builtins.yaml", "collections.yaml", "errors.yaml", "floats.yaml", "integers.yaml", "strings.yaml"]


CASE_DIR = REPO / "cases" / "snbt"  # current and deterministic: tests/engine/test_engine_generators.py


def test_cases_are_well_formed():
    seen = set()
    for name in CATEGORIES:
        for case in load_cases(CASE_DIR / name):
            assert case["id"].startswith("snbt/g/") and case["id"] not in seen, case["id"]
            seen.add(case["id"])
            assert case["area"] == "snbt" and case["setup"] == {}
            (op1, text1), (op2, text2) = case["ops"]
            assert (op1, op2) == ("parse", "parse_compound") and text1 == text2 and isinstance(text1, str)
    assert len(seen) > 400


def test_every_generated_case_is_answered():
    """Each answer is hex of a tag or a refusal of the game's kinds; never a crash."""
    kinds = {"CommandSyntaxException", "StackOverflowError"}
    for name in CATEGORIES:
        for case in load_cases(CASE_DIR / name):
            # once per distinct rules of the releases
            for version in one_release_per_rules("snbt", versions.VERSIONS):
                for answer in answer_case(dict(case, version=version)):
                    if isinstance(answer, dict):
                        assert answer["error"] in kinds, (case["id"], version, answer)
                    else:
                        bytes.fromhex(answer)
