"""Reports: JSON and JUnit parse and carry the failure; the CLI's last line and exit status."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from helpers_engine import echo_command, echo_impl, recorded, write_recorded

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
    assert json.loads((tmp_path / "r.json").read_text())["summary"] == {"passed": 2, "failed": 1, "unverified": 0}
    assert main(["check", "--recorded", str(good), "--impl", cmd, "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "3 passed, 0 failed, 0 unverified"


def test_unverified_version_is_never_passed(tmp_path, capsys):
    rec = dict(recorded("26.3")["snbt/p/1"], version="26.2")
    path = write_recorded(tmp_path / "v262.jsonl", [rec])
    cmd = echo_command(tmp_path, write_recorded(tmp_path / "answers.jsonl", [rec]))
    assert main(["check", "--recorded", str(path), "--impl", cmd, "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "0 passed, 0 failed, 1 unverified"


def test_generated_case_files_run_unverified_or_with_recorded_answers(tmp_path):
    from harness.engine.casefile import dump_cases

    rec = recorded("26.3")["storage/p/errors"]
    dump_cases(tmp_path / "storage" / "t.yaml", "storage", "test", [
        {"id": rec["id"], "setup": rec["setup"], "ops": rec["ops"][:3]},  # a prefix of a recorded case
        {"id": "storage/t/new", "setup": {"bits": 3, "size": 5}, "ops": [["new"], ["values"]]},
    ])
    items = select_items(["26.3", "26.2"], ["storage"], "storage/*", True, cases_root=tmp_path)
    by = {(i.case["version"], i.case["id"], len(i.case["ops"])): i for i in items}
    assert by[("26.3", rec["id"], 3)].expected == rec["answers"][:3]
    assert by[("26.3", "storage/t/new", 2)].expected is None
    assert by[("26.2", rec["id"], 3)].expected is None  # 26.2 is unverified in the version table
