"""A protocol process cannot exhaust the harness: answer lines are capped, and a program
that cannot start or never answers stops the run at once instead of failing every case."""

from __future__ import annotations

import json
import sys
import textwrap

import pytest
from helpers_engine import recorded, recorded_item, run_closed, write_recorded

from harness.cli import main
from harness.engine.oracle import ImplementationOracle
from harness.engine.runner import RunAborted, run_checks
from harness.implementations.process import ImplementationUnavailable, ProcessImplementation

IDS = ("storage/p/errors", "snbt/p/1", "snbt/p/2", "storage/p/fill-3")

MISBEHAVE = textwrap.dedent('''
    import json, sys, time
    answers = {}
    for line in open(sys.argv[1], encoding="utf-8"):
        c = json.loads(line)
        answers[c["id"]] = c["answers"]
    long_id, exact_id, limit = sys.argv[2], sys.argv[3], int(sys.argv[4])
    for line in sys.stdin:
        case = json.loads(line)
        reply = json.dumps({"id": case["id"], "answers": answers[case["id"]]})
        if case["id"] == long_id:  # a line that never ends
            sys.stdout.write("x" * (3 * limit))
            sys.stdout.flush()
            time.sleep(600)
        if case["id"] == exact_id:  # exactly the limit, then the newline
            reply = reply.ljust(limit)
        print(reply, flush=True)
''')


def _items(ids=IDS):
    cases = [recorded("26.3")[i] for i in ids]
    return cases, [recorded_item(c) for c in cases]


def test_an_answer_line_longer_than_the_cap_fails_that_case_and_restarts(tmp_path):
    cases, items = _items()
    script = tmp_path / "misbehave.py"
    script.write_text(MISBEHAVE)
    data = write_recorded(tmp_path / "a.jsonl", cases)
    limit = 4096
    impl = ProcessImplementation([sys.executable, str(script), str(data), "snbt/p/1", "snbt/p/2", str(limit)],
                                 timeout=30, max_line_bytes=limit)
    outcomes = run_closed(impl, items)
    status = {o.item.case["id"]: o for o in outcomes}
    assert status["snbt/p/1"].status == "failed"
    assert f"answer line longer than {limit} bytes" in status["snbt/p/1"].reason
    assert [status[i].status for i in ("storage/p/errors", "snbt/p/2", "storage/p/fill-3")] == ["passed"] * 3
    assert impl.restarts == 1


def test_a_program_that_cannot_start_is_refused_before_the_run(tmp_path, capsys):
    good = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")[i] for i in IDS])
    assert main(["check", "--recorded", str(good), "--impl", str(tmp_path / "nonexistent"), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "cannot start" in err and "No such file" in err
    assert out == ""


# a program that never answers waits out each case's timeout: the shortest that still means one
# (nothing it could answer in time); one that exits is seen to at once, whatever the timeout
@pytest.mark.parametrize("command, timeout", [("sh -c 'sleep 100'", 0.05), ("false", 10)])
def test_a_program_that_never_answers_stops_after_three_cases(tmp_path, command, timeout):
    _, items = _items()
    impl = ProcessImplementation(command, timeout=timeout)
    try:
        with pytest.raises(ImplementationUnavailable, match="failed its first 3 cases without answering one") as e:
            run_checks(impl, items)
    finally:
        impl.close()
    # the third case, the one the run stopped at, is counted too: the counts agree with "its first 3"
    assert [o.status for o in e.value.outcomes] == ["failed", "failed", "failed"]
    assert "giving up" not in e.value.outcomes[-1].reason  # that case's own reason, not the stop message


def test_a_program_that_answered_once_is_never_given_up_on(tmp_path):
    """Crashing on every later case is that case's failure each time: the run goes on."""
    cases, items = _items()
    script = tmp_path / "once.py"
    script.write_text(textwrap.dedent(f'''
        import json, os, sys
        answers = {{c["id"]: c["answers"] for c in map(json.loads, open({str(write_recorded(tmp_path / "a.jsonl", cases))!r}))}}
        flag = {str(tmp_path / "answered")!r}
        case = json.loads(sys.stdin.readline())
        if os.path.exists(flag):
            sys.exit(3)
        open(flag, "w").close()
        print(json.dumps({{"id": case["id"], "answers": answers[case["id"]]}}), flush=True)
    '''))
    impl = ProcessImplementation([sys.executable, str(script)], timeout=30, give_up_after=2)
    outcomes = run_closed(impl, items)
    assert [o.status for o in outcomes] == ["passed", "failed", "failed", "failed"]


def test_check_reports_what_ran_and_exits_2_when_the_program_never_answers(tmp_path, capsys):
    good = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")[i] for i in IDS])
    report = tmp_path / "r.json"
    status = main(["check", "--recorded", str(good), "--impl", "sh -c 'sleep 100'", "--timeout", "0.05",
                   "--no-progress", "--json", str(report)])
    out, err = capsys.readouterr()
    assert status == 2
    # the message and the counts agree: the 3 cases the program failed are all reported
    assert out.splitlines()[-1] == "0 passed, 3 failed, 0 unverified"
    assert "stopped after 3 of 4 cases" in err and "failed its first 3 cases without answering one" in err
    assert err.count("FAIL ") == 0 and out.count("FAIL 26.3 ") == 3
    doc = json.loads(report.read_text())
    assert doc["summary"]["failed"] == 3 and "without answering one" in doc["stopped"]


def test_an_oracle_that_cannot_run_is_not_silently_ignored(tmp_path):
    oracle = ImplementationOracle(ProcessImplementation(str(tmp_path / "nonexistent"), timeout=1))
    with pytest.raises(RunAborted, match="cannot start"):
        oracle.answer({"id": "x", "area": "storage", "version": "26.3", "setup": {}, "ops": [["new"]]})


def test_shrink_with_an_oracle_that_cannot_start_is_status_2(tmp_path, capsys):
    assert main(["shrink", "storage/p/errors", "--version", "26.3", "--oracle", str(tmp_path / "nonexistent")]) == 2
    err = capsys.readouterr().err
    assert "--oracle: cannot start" in err and "Traceback" not in err
