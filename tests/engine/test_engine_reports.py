"""Reports: JSON and JUnit parse and carry the failure; the CLI's last line and exit status."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from helpers_engine import echo_command, echo_impl, recorded, recorded_item, write_recorded

from harness.cli import main
from harness.engine import report
from harness.engine.runner import run_checks, summary_line
from harness.engine.sources import select_items

VERSION = "1.21.1"
WRONG_ID = "nbt/p/string-10/file"  # its to_string answer holds control characters (XML-unsafe)


def _tamper(case, answers):
    if case["id"] == WRONG_ID:
        answers[0] = answers[0][:-2] + ("01" if answers[0][-2:] != "01" else "02")


def _outcomes():
    items = select_items([VERSION], ["nbt", "snbt"])
    return run_checks(echo_impl(_tamper, name="tampered echo"), items, "kind")


def test_json_report_parses_and_holds_the_failure(tmp_path):
    outcomes = _outcomes()
    path = tmp_path / "r.json"
    report.write_json(path, outcomes, "tampered echo", "kind", 1.0)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["error_policy"] == "kind" and doc["implementation"] == "tampered echo"
    assert doc["summary"]["failed"] == 1 and doc["summary_line"] == summary_line(outcomes)
    [failed] = [c for c in doc["cases"] if c["status"] == "failed"]
    n = len(recorded(VERSION)[WRONG_ID]["answers"][0]) // 2
    assert failed["id"] == WRONG_ID and failed["mismatches"][0]["offset"] == n - 1
    assert failed["mismatches"][0]["unit"] == "byte"


def test_junit_report_parses_and_holds_the_failure(tmp_path):
    outcomes = _outcomes()
    path = tmp_path / "r.xml"
    report.write_junit(path, outcomes, "tampered echo", "kind")
    root = ET.parse(path).getroot()
    assert root.get("failures") == "1" and root.get("tests") == str(len(outcomes))
    failures = root.findall(".//testcase/failure")
    assert len(failures) == 1
    case = root.find(f".//testcase[@name='{WRONG_ID}']")
    assert case is not None and case.find("failure") is not None
    assert "op 0" in case.find("failure").get("message")
    props = {p.get("name"): p.get("value") for p in root.iter("property")}
    assert props["error_policy"] == "kind"


def test_cli_check_recorded_with_impl_last_line_and_exit(tmp_path, capsys):
    cases = [recorded("26.3")[i] for i in ("storage/p/errors", "snbt/p/1", "nbt/p/hello-world/file")]
    good = write_recorded(tmp_path / "good.jsonl", cases)
    wrong = [dict(c) for c in cases]
    wrong[1] = dict(wrong[1], answers=["0a00", wrong[1]["answers"][1]])  # what the fake must be checked against
    bad = write_recorded(tmp_path / "bad.jsonl", wrong)
    cmd = echo_command(tmp_path, good)
    status = main(["check", "--recorded", str(bad), "--impl", cmd, "--no-progress",
                   "--json", str(tmp_path / "r.json"), "--junit", str(tmp_path / "r.xml")])
    out = capsys.readouterr().out
    assert status == 1
    assert out.rstrip("\n").splitlines()[-1] == "2 passed, 1 failed, 0 unverified"
    assert "FAIL 26.3 snbt/p/1" in out and "--errors message" in out
    assert json.loads((tmp_path / "r.json").read_text())["summary"] == {"passed": 2, "failed": 1, "unverified": 0, "unsupported": 0}
    assert main(["check", "--recorded", str(good), "--impl", cmd, "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "3 passed, 0 failed, 0 unverified"


def test_unverified_version_is_never_passed(tmp_path, capsys):
    rec = dict(recorded("26.3")["snbt/p/1"], version="1.21.5")
    path = write_recorded(tmp_path / "v262.jsonl", [rec])
    cmd = echo_command(tmp_path, write_recorded(tmp_path / "answers.jsonl", [rec]))
    assert main(["check", "--recorded", str(path), "--impl", cmd, "--quiet"]) == 2  # nothing was judged
    out, err = capsys.readouterr()
    assert out.strip() == "0 passed, 0 failed, 1 unverified"
    assert err.strip() == ("harness check: none of the 1 cases run has a recorded answer to judge it by (1 unverified): "
                           "nothing was judged (harness record records the game's answers)")


def test_generated_case_files_run_unverified_or_with_recorded_answers(tmp_path):
    from harness.engine.casefile import dump_cases

    rec = recorded("26.3")["storage/p/errors"]
    dump_cases(tmp_path / "storage" / "t.yaml", "storage", "test", [
        {"id": rec["id"], "setup": rec["setup"], "ops": rec["ops"][:3]},  # a prefix of a recorded case
        {"id": "storage/t/new", "setup": {"bits": 3, "size": 5}, "ops": [["new"], ["values"]]},
    ])
    items = select_items(["26.3", "1.21.5"], ["storage"], "storage/*", True, cases_root=tmp_path)
    by = {(i.case["version"], i.case["id"], len(i.case["ops"])): i for i in items}
    assert by[("26.3", rec["id"], 3)].expected == rec["answers"][:3]
    assert by[("26.3", "storage/t/new", 2)].expected is None
    assert by[("1.21.5", rec["id"], 3)].expected is None  # 1.21.5 is unverified in the version table


# --- what a failure shows ---------------------------------------------------------------
def _failure(case_id: str, tamper, version: str = "26.3"):
    from harness.engine.runner import check_item

    rec = recorded(version)[case_id]
    item = recorded_item(rec, "r.jsonl:1")
    return check_item(echo_impl(tamper), item)


def _flip_first_long(bit):
    def tamper(case, answers):
        for i, op in enumerate(case["ops"]):
            if op == ["longs"] and answers[i]:
                answers[i][0] ^= bit
    return tamper


@pytest.mark.parametrize("case_id, bit, expected, actual", [
    ("storage/p/fill-1", 1 << 10, -1, -1025),  # both small: the hex line used to be left out
    ("storage/p/width-6-size-4096", 1 << 10, 0, 1024),
])
def test_every_differing_long_shows_its_hex_and_differing_bits(case_id, bit, expected, actual):
    text = report.failure_text(_failure(case_id, _flip_first_long(bit)))
    assert f"expected there: {expected}\n" in text and f"actual   there: {actual}\n" in text
    mask = (1 << 64) - 1
    assert f"0x{expected & mask:016x} vs 0x{actual & mask:016x}, differing bits 0x{bit:016x}" in text


def test_a_short_error_message_is_shown_whole():
    def tamper(case, answers):
        answers[1] = dict(answers[1], message=answers[1]["message"].replace("range", "rang"))

    text = report.failure_text(_failure("storage/p/errors", tamper))
    expected = recorded("26.3")["storage/p/errors"]["answers"][1]
    assert f'expected: {json.dumps(expected)}\n' in text and "chars)" not in text


def test_a_headline_names_the_operation_and_what_differs():
    def tamper(case, answers):
        answers[1] = 0  # the game refused ["get", 64] of a 6-bit storage of 64

    assert report.headline(_failure("storage/p/errors", tamper).mismatches[0]) == \
        'op 1 ["get", 64]: an error answer vs a value'
    flipped = _failure("storage/p/fill-1", _flip_first_long(1 << 10)).mismatches[0]
    assert report.headline(flipped) == f'op {flipped.index} ["longs"] differs at long 0'


def test_a_failure_shows_the_setup_its_operations_start_from():
    def tamper(case, answers):
        answers[1] = {"error": "IllegalStateException", "message": "wrong"}

    text = report.failure_text(_failure("storage/p/errors", tamper))
    assert text.splitlines()[1] == '  setup {"bits": 5, "size": 64}'  # the recorded case's setup
    ops = recorded("26.3")["storage/p/errors"]["ops"]
    assert text.splitlines()[2] == "  ops " + ", ".join(json.dumps(op) for op in ops)  # all, in order
    chunk = recorded("26.3")["nbt/g/infdev/chunk/file"]
    assert len(json.dumps(chunk["setup"])) > 100 * report.VALUE_CHARS  # a whole chunk's bytes: cut in the text
    line = report.failure_text(_failure("nbt/g/infdev/chunk/file", tamper)).splitlines()[1]
    assert line.startswith('  setup {"form": "file", "input": "0a') and len(line) <= len("  setup ") + report.VALUE_CHARS + 20


def test_a_long_value_is_a_window_around_its_first_difference():
    from harness.engine.compare import compare_case

    e, a = "a" * 500 + "X" + "b" * 500, "a" * 500 + "Y" + "b" * 500
    [m] = compare_case([["parse", "…"]], [{"error": "E", "message": e}], [{"error": "E", "message": a}])
    lines = report.mismatch_lines(m)
    whole = [line for line in lines if line.lstrip().startswith(("expected:", "actual  :"))]
    n = len(json.dumps({"error": "E", "message": e}))
    assert len(whole) == 2 and all(f"({n} chars)" in line and len(line) < 340 for line in whole)
    assert "X" in whole[0] and "Y" in whole[1]  # the window holds the difference


def test_a_missing_answer_reads_as_such_in_every_form(tmp_path, capsys):
    def tamper(case, answers):
        del answers[-1]

    outcome = _failure("storage/p/errors", tamper)
    assert report.headline(outcome.mismatches[0]) == 'op 6 ["longs"]: no answer given'
    path = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    short = dict(recorded("26.3")["storage/p/errors"])
    short["answers"] = short["answers"][:-1]
    answers = write_recorded(tmp_path / "a.jsonl", [dict(short, ops=short["ops"][:-1])])
    assert main(["check", "--recorded", str(path), "--impl", echo_command(tmp_path, answers), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert 'FAIL 26.3 storage/p/errors: op 6 ["longs"]: no answer given' in out and "differs at no answer" not in out
    assert "differs at no answer" not in report.failure_text(outcome)


def test_one_repeat_is_said_in_the_singular(tmp_path):
    one = recorded("26.3")["storage/p/errors"]
    a = write_recorded(tmp_path / "a.jsonl", [one])
    notes = []
    select_items(recorded_files=[str(a), str(a)], notes=notes)
    assert notes == [f"{a}: 1 case repeats an identical earlier one (first: {a}:1 repeats {a}:1); each is checked once"]


def test_a_headline_and_the_first_line_of_a_mismatch_name_the_same():
    from harness.engine.compare import MISSING, Difference, Mismatch

    op = ["longs"]
    cases = [  # (a mismatch, its headline, its first line)
        (Mismatch(6, op, [1], MISSING, Difference(note="no answer given")),
         'op 6 ["longs"]: no answer given', 'op 6 ["longs"]: no answer given'),
        (Mismatch(6, op, [1], [2], Difference(path=(0,), note="long 0"), "long 0"),
         'op 6 ["longs"] differs at long 0', 'op 6 ["longs"]: differs at long 0'),
        (Mismatch(6, op, [1], {"error": "E"}, Difference(note="a value vs an error answer")),
         'op 6 ["longs"]: a value vs an error answer', 'op 6 ["longs"]'),
        (Mismatch(6, op, [1], [2], Difference()), 'op 6 ["longs"] differs at the answer', 'op 6 ["longs"]'),
    ]
    for m, headline, first in cases:
        assert (report.headline(m), report.mismatch_lines(m)[0]) == (headline, first)


def test_the_text_report_says_why_the_unverified_are_unverified(capsys):
    # 26.3's SNBT cases nested deeper than 400 are recorded, but the game has no stable answer there
    assert main(["check", "--version", "26.3", "--area", "snbt", "--no-progress"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].endswith(" passed, 0 failed, 2 unverified")
    assert "unverified: 2 cases: the game has no stable answer: SNBT nested deeper than 400 levels (its own stack " \
           "overflows at a depth that varies between JVM runs)" in out
    from helpers_outcomes import outcome

    outcomes = [outcome("storage/x", "unverified")] * 2 + [outcome("storage/x", "unverified", note="why")]
    assert report.unverified_lines(outcomes) == ["unverified: 2 cases: no recorded answer", "unverified: 1 case: why"]
    assert report.unverified_lines(outcomes[:0]) == []


def test_junit_classname_keeps_a_version_whole(tmp_path):
    """JUnit viewers nest on a classname's dots: ``snbt.26_3`` (area, then release), not
    ``26.3.snbt`` (26 > 3 > snbt)."""
    from harness.engine.runner import python_implementation

    items = select_items(["1.20.1"], ["storage"])[:1]
    [case] = ET.fromstring(report.junit_xml(run_checks(python_implementation(), items), "ours", "message")).findall(".//testcase")
    assert case.get("classname") == "storage.1_20_1"
