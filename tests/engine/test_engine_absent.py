"""Absent answers: an operation the release lacks is recorded ``{"absent": what}`` and not judged."""

from __future__ import annotations

import json

from helpers_engine import write_recorded

from harness.cli import main
from harness.engine.compare import compare_case, is_absent, not_judged
from harness.engine.reference import read_recorded, recorded_problem
from harness.engine.runner import CallableImplementation, CheckItem, check_item

FILL = {"absent": "BitStorage.fill(int)"}
CASE = {"id": "storage/p/set-fill-get", "area": "storage", "version": "26.2", "setup": {"bits": 5, "size": 64},
        "ops": [["new"], ["set", 0, 9], ["fill", 3], ["get", 0]], "answers": [None, None, FILL, 9]}


def test_an_absent_answer_is_not_judged_and_the_others_are():
    assert is_absent(FILL) and not is_absent({"absent": 1}) and not is_absent({"absent": "x", "error": "E"})
    ops, expected = CASE["ops"], CASE["answers"]
    for anything in (None, {"error": "NoSuchMethodError", "message": "m"}, 5):
        assert compare_case(ops, expected, [None, None, anything, 9]) == []
    [m] = compare_case(ops, expected, [None, None, None, 8])
    assert m.index == 3
    assert [m.index for m in compare_case(ops, expected, [None, None, None])] == [3]  # an answer is still needed
    assert not_judged(expected) == [2]


def test_a_case_whose_other_answers_match_passes_saying_what_was_not_judged():
    impl = CallableImplementation("fixed", lambda case: [None, None, {"error": "NoSuchMethodError", "message": "m"}, 9])
    outcome = check_item(impl, CheckItem(CASE, CASE["answers"]))
    assert outcome.status == "passed" and outcome.not_judged == [2]


def test_recorded_files_with_absent_answers_load_and_check(tmp_path, capsys):
    path = write_recorded(tmp_path / "absent.jsonl", [CASE, dict(CASE, id="storage/p/set-fill-get-wrong",
                                                                 answers=[None, None, FILL, 8])])
    assert [recorded_problem(c) for c in read_recorded(path)] == [None, None]
    report = tmp_path / "report.json"
    assert main(["check", "--recorded", str(path), "--json", str(report), "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "not judged (the release lacks the operation, recorded as absent): BitStorage.fill(int) (2 cases)" in out
    assert out.strip().splitlines()[-1] == "1 passed, 1 failed, 0 unverified"
    doc = json.loads(report.read_text())
    assert doc["not_judged"] == {"BitStorage.fill(int)": 2}
    by_id = {c["id"]: c for c in doc["cases"]}
    assert by_id[CASE["id"]]["status"] == "passed"
    assert by_id[CASE["id"]]["not_judged"] == [{"index": 2, "absent": "BitStorage.fill(int)"}]
    assert [m["index"] for m in by_id["storage/p/set-fill-get-wrong"]["mismatches"]] == [3]
