"""``--impl``: a subprocess implementation; echo passes, a crash or a hang fails only its case."""

from __future__ import annotations

import json

import pytest

from helpers_engine import echo_command, recorded, recorded_item, run_closed, write_recorded

from harness.engine.runner import RunAborted, run_checks
from harness.implementations.process import ProcessImplementation, serve

IDS = ("storage/p/errors", "snbt/p/1", "snbt/p/2", "nbt/p/hello-world/file", "storage/p/fill-3")


def _items():
    cases = [recorded("26.3")[i] for i in IDS]
    return cases, [recorded_item(c) for c in cases]


def _statuses(outcomes):
    return {o.item.case["id"]: o.status for o in outcomes}


def _run(tmp_path, timeout=10.0, **misbehave):
    """Check the five cases through the echo program (``crash=ID`` / ``hang=ID`` to misbehave);
    each start of it has 60 s for its start and first answer, however short ``timeout`` is."""
    cases, items = _items()
    impl = ProcessImplementation(echo_command(tmp_path, write_recorded(tmp_path / "a.jsonl", cases), **misbehave),
                                 timeout=timeout, start_timeout=max(timeout, 60.0))
    return run_closed(impl, items), impl


def _only_failure(outcomes, case_id):
    """The failed outcome of ``case_id``, after checking that every other case passed."""
    st = _statuses(outcomes)
    assert st.pop(case_id) == "failed" and set(st.values()) == {"passed"}
    [failed] = [o for o in outcomes if o.status == "failed"]
    return failed


def test_echo_process_passes_everything(tmp_path):
    outcomes, impl = _run(tmp_path)
    assert set(_statuses(outcomes).values()) == {"passed"}
    assert impl.restarts == 0


def test_crash_fails_that_case_and_the_run_goes_on(tmp_path):
    outcomes, impl = _run(tmp_path, crash="snbt/p/2")
    crashed = _only_failure(outcomes, "snbt/p/2")
    assert "exited" in crashed.reason and "exit status 7" in crashed.reason
    assert "giving up on snbt/p/2" in crashed.reason  # the program's stderr tail
    assert impl.restarts == 1


def test_hang_fails_that_case_after_the_timeout_and_the_run_goes_on(tmp_path):
    # the timeout waited out (the hung case is not the program's first: its start's allowance does
    # not apply); the restarted program's start and first answer have their own 60 s (_run), so a
    # busy machine that starts it slowly fails nothing else
    outcomes, impl = _run(tmp_path, timeout=1.0, hang="nbt/p/hello-world/file")
    hung = _only_failure(outcomes, "nbt/p/hello-world/file")
    assert "no answer within 1 s" in hung.reason and impl.restarts == 1


def test_a_missing_program_stops_the_run_at_once(tmp_path):
    _, items = _items()
    impl = ProcessImplementation(str(tmp_path / "no-such-program"), timeout=1)
    with pytest.raises(RunAborted, match="cannot start .*no-such-program.*No such file") as stopped:
        run_checks(impl, items)
    assert stopped.value.outcomes == []  # not one "cannot start" failure per case


def test_serve_answers_lines_and_reports_failures(tmp_path):
    import io

    def answer(case):
        if case["id"] == "bad":
            raise ValueError("not today")
        return [len(case["ops"])]

    stdin = io.StringIO('{"id": "a", "ops": [["x"]]}\n\n{"id": "bad", "ops": []}\n')
    stdout = io.StringIO()
    serve(answer, stdin, stdout)
    lines = [json.loads(x) for x in stdout.getvalue().splitlines()]
    assert lines == [{"id": "a", "answers": [1]}, {"id": "bad", "failure": "ValueError: not today"}]


def test_in_process_implementation_that_hangs_fails_that_case_only():
    from harness.engine.runner import CallableImplementation

    def answer(case):
        while case["id"] == "snbt/p/1":
            pass
        return recorded("26.3")[case["id"]]["answers"]

    outcomes = run_checks(CallableImplementation("spins", answer, timeout=0.3), _items()[1])
    hung = _only_failure(outcomes, "snbt/p/1")
    assert hung.reason.startswith("no answer within 0.3 s")
