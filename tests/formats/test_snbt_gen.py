"""cases/snbt/gen.py: byte-deterministic, well-formed case files, current in cases/snbt, and
every generated case answered by our parsers (a tag in hex or the game's kind of error) in
every version of the table."""

from __future__ import annotations

import pytest

from conftest import REPO
from helpers_casegen import generate_twice
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.implementations.python import answer_case

GEN = REPO / "cases" / "snbt" / "gen.py"
CATEGORIES = ["builtins.yaml", "collections.yaml", "errors.yaml", "floats.yaml", "integers.yaml", "strings.yaml"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Two runs in separate processes with different hash seeds, and their output folders."""
    return generate_twice(GEN, tmp_path_factory, "snbtgen")


def test_two_runs_write_the_same_bytes(generated):
    a, b = generated
    assert sorted(p.name for p in a.iterdir()) == CATEGORIES
    for name in CATEGORIES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_the_committed_case_files_are_current(generated):
    for name in CATEGORIES:
        committed = REPO / "cases" / "snbt" / name
        assert committed.is_file(), f"{committed} missing: run python3 cases/snbt/gen.py"
        assert committed.read_bytes() == (generated[0] / name).read_bytes(), \
            f"{committed} is stale: run python3 cases/snbt/gen.py"


def test_cases_are_well_formed(generated):
    seen = set()
    for name in CATEGORIES:
        for case in load_cases(generated[0] / name):
            assert case["id"].startswith("snbt/g/") and case["id"] not in seen, case["id"]
            seen.add(case["id"])
            assert case["area"] == "snbt" and case["setup"] == {}
            (op1, text1), (op2, text2) = case["ops"]
            assert (op1, op2) == ("parse", "parse_compound") and text1 == text2 and isinstance(text1, str)
    assert len(seen) > 400


def test_every_generated_case_is_answered(generated):
    """Each answer is hex of a tag or a refusal of the game's kinds; never a crash."""
    kinds = {"CommandSyntaxException", "StackOverflowError"}
    for name in CATEGORIES:
        for case in load_cases(generated[0] / name):
            for version in versions.VERSIONS:
                for answer in answer_case(dict(case, version=version)):
                    if isinstance(answer, dict):
                        assert answer["error"] in kinds, (case["id"], version, answer)
                    else:
                        bytes.fromhex(answer)
