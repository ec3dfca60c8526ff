"""Per-operation decline: an answer {"unsupported": why} is not judged, the case is partial.

Real runs: our implementation behind the protocol, declining to_string and pretty of every
nbt case of the 26.3 reference; every other answer is still judged against the game's.
"""

from __future__ import annotations

import json

from conftest import reference_case, reference_cases
from helpers_adapter import adapter_command, check
from helpers_engine import echo_impl

from harness.engine.compare import compare_case, declined
from harness.engine.report import junit_xml
from harness.engine.runner import CheckItem, check_item, summary_line

DECLINE_PRINTERS = '''
def transform(case, answers):
    return [{"unsupported": "no SNBT printer yet"} if op[0] in ("to_string", "pretty") else a
            for op, a in zip(case["ops"], answers)]
'''

# the same, and write_back of one case answered wrong: that case must fail, not be partial
DECLINE_AND_BREAK = DECLINE_PRINTERS + '''
_declining = transform
def transform(case, answers):
    answers = _declining(case, answers)
    if case["id"] == "nbt/p/root-end/any":
        answers[0] = "0000"
    return answers
'''


def test_declining_to_string_and_pretty_makes_every_nbt_case_partial(tmp_path, capsys):
    report = tmp_path / "r.json"
    status, out, err = check(["--impl", adapter_command(tmp_path, DECLINE_PRINTERS), "--version", "26.3",
                              "--area", "nbt", "--json", str(report), "--junit", str(tmp_path / "r.xml")], capsys)
    doc = json.loads(report.read_text())
    cases = reference_cases("26.3", "nbt")
    with_printers = [c for c in cases if any(op[0] in ("to_string", "pretty") for op in c["ops"])]
    assert status == 0
    assert doc["summary"] == {"passed": len(cases) - len(with_printers), "failed": 0, "unverified": 0,
                              "unsupported": len(with_printers)}
    assert out.rstrip("\n").splitlines()[-1] == f"{len(cases) - len(with_printers)} passed, 0 failed, 0 unverified, " \
                                                f"{len(with_printers)} unsupported"
    by_id = {c["id"]: c for c in doc["cases"]}
    end = by_id["nbt/p/root-end/any"]
    assert end["status"] == "partial"
    assert end["unsupported"] == [{"index": 1, "op": ["to_string"], "reason": "no SNBT printer yet"},
                                  {"index": 2, "op": ["pretty"], "reason": "no SNBT printer yet"}]
    assert doc["unsupported_operations"] == {"nbt pretty": len(with_printers), "nbt to_string": len(with_printers)}
    assert doc["groups"][0]["unsupported"] == len(with_printers)
    assert "partial cases: some operations declined as unsupported" in out
    assert f"unsupported: nbt pretty ({len(with_printers)} cases), nbt to_string ({len(with_printers)} cases)" in out
    xml = (tmp_path / "r.xml").read_text()
    assert 'message="unsupported: op 1 [&quot;to_string&quot;], op 2 [&quot;pretty&quot;]: no SNBT printer yet"' in xml


def test_the_answers_not_declined_are_still_judged(tmp_path, capsys):
    status, out, _ = check(["--impl", adapter_command(tmp_path, DECLINE_AND_BREAK), "--version", "26.3",
                            "--area", "nbt", "--case", "nbt/p/root-end/*", "--json", str(tmp_path / "r.json")], capsys)
    doc = json.loads((tmp_path / "r.json").read_text())
    statuses = {c["id"]: c["status"] for c in doc["cases"]}
    assert status == 1
    assert statuses == {"nbt/p/root-end/any": "failed", "nbt/p/root-end/file": "partial",
                        "nbt/p/root-end/network": "partial"}
    broken = next(c for c in doc["cases"] if c["id"] == "nbt/p/root-end/any")
    assert [(m["index"], m["expected"], m["actual"]) for m in broken["mismatches"]] == [(0, "00", "0000")]
    assert [d["index"] for d in broken["unsupported"]] == [1, 2]  # a failed case lists its declines too
    assert out.rstrip("\n").splitlines()[-1] == "0 passed, 1 failed, 0 unverified, 2 unsupported"


def test_an_operation_after_a_declined_one_is_judged():
    case = reference_case("26.3", "storage/p/width-5-size-256")
    ops, expected = case["ops"], case["answers"]
    actual = [{"unsupported": "no new"}] + expected[1:]
    assert declined(expected, actual) == [0]
    assert compare_case(ops, expected, actual) == []
    last = len(ops) - 1
    wrong = actual[:last] + [{"error": "E", "message": None}]
    assert [m.index for m in compare_case(ops, expected, wrong)] == [last]


def test_a_declined_whole_case_is_partial_with_its_reason_and_junit_skips_it(tmp_path):
    case = reference_case("26.3", "nbt/p/root-end/any")
    from harness.engine.runner import CaseDeclined

    def refuse(_case):
        raise CaseDeclined("the implementation reported: no nbt here")

    from harness.engine.runner import CallableImplementation

    outcome = check_item(CallableImplementation("refuser", refuse), CheckItem(case, case["answers"]))
    assert outcome.status == "partial" and outcome.reason == "the implementation reported: no nbt here"
    assert outcome.declined_reasons() == [{"index": None, "op": None, "reason": "the implementation reported: no nbt here"}]
    assert summary_line([outcome]) == "0 passed, 0 failed, 0 unverified, 1 unsupported"
    xml = junit_xml([outcome], "refuser", "message").decode()
    assert 'skipped="1"' in xml and "unsupported: the whole case: the implementation reported: no nbt here" in xml


def test_a_failure_line_is_declined_not_failed(tmp_path, capsys):
    cmd = adapter_command(tmp_path, '''
        def transform(case, answers):
            if case["area"] == "snbt":
                raise NotImplementedError("no SNBT parser")
            return answers
    ''')
    status, out, _ = check(["--impl", cmd, "--version", "26.3", "--area", "snbt", "--area", "storage",
                            "--json", str(tmp_path / "r.json")], capsys)
    doc = json.loads((tmp_path / "r.json").read_text())
    snbt = [c for c in doc["cases"] if c["area"] == "snbt"]
    assert status == 0 and doc["summary"]["failed"] == 0
    assert {c["status"] for c in snbt} <= {"partial", "unverified"}
    declined_one = next(c for c in snbt if c["status"] == "partial")
    assert declined_one["unsupported"] == [{"index": None, "op": None,
                                            "reason": "the implementation reported: NotImplementedError: no SNBT parser"}]
    assert doc["summary"]["passed"] == len(reference_cases("26.3", "storage"))


def test_an_implementation_declining_every_case_judged_nothing_and_exits_2(tmp_path, capsys):
    cmd = adapter_command(tmp_path, '''
        def transform(case, answers):
            raise NotImplementedError("nothing yet")
    ''')
    status, out, err = check(["--impl", cmd, "--version", "26.3", "--area", "storage"], capsys)
    n = len(reference_cases("26.3", "storage"))
    assert status == 2 and out.splitlines()[-1] == f"0 passed, 0 failed, 0 unverified, {n} unsupported"
    assert f"declined every case it was given ({n} unsupported): nothing was judged" in err


def test_without_declines_nothing_changes():
    impl = echo_impl()
    case = reference_case("26.3", "nbt/p/root-end/any")
    outcome = check_item(impl, CheckItem(case, case["answers"]))
    assert outcome.status == "passed" and outcome.declined == []
    assert summary_line([outcome]) == "1 passed, 0 failed, 0 unverified"
