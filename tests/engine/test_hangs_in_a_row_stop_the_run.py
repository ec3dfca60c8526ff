"""An implementation that answered, then hangs on every case, stops the run after
``give_up_after`` (3) hangs in a row, named by their cases, as one that never answers does at
the start: not every case waited out to its full timeout. An answer from a process that had
answered before starts the count again; the first case after a restart, answered, does not
(a program that answers once after each start, then hangs, hangs in a row)."""

from __future__ import annotations

import sys

import pytest

from harness.implementations.process import ImplementationFailure, ImplementationUnavailable, ProcessImplementation

# answers the first case it is ever given (the file argv[1] remembers it, across restarts),
# then reads every case and never answers
ANSWERS_ONCE = """
import json, os, sys, time
line = sys.stdin.readline()
if not os.path.exists(sys.argv[1]):
    open(sys.argv[1], "w").close()
    print(json.dumps({"id": json.loads(line)["id"], "answers": []}), flush=True)
time.sleep(300)
"""


def _case(i: int) -> dict:
    return {"id": f"storage/hang-{i}", "area": "storage", "version": "26.3", "setup": {}, "ops": []}


def test_three_hangs_in_a_row_after_an_answer_give_up_naming_the_cases(tmp_path):
    script = tmp_path / "answers_once.py"
    script.write_text(ANSWERS_ONCE, encoding="utf-8")
    impl = ProcessImplementation([sys.executable, str(script), str(tmp_path / "answered")], timeout=2)
    try:
        assert impl.answer(_case(0)) == []
        for i in (1, 2):
            with pytest.raises(ImplementationFailure, match="no answer within 2 s"):
                impl.answer(_case(i))
        with pytest.raises(ImplementationUnavailable) as stop:
            impl.answer(_case(3))
    finally:
        impl.close()
    assert "no answer within the timeout on 3 cases in a row ('storage/hang-1', 'storage/hang-2', 'storage/hang-3'" \
        in str(stop.value)
    assert str(stop.value).endswith("after answering 1; giving up")
    assert stop.value.reason is not None  # the case it stopped at counts as failed


# answers the first case each process of it is given, then hangs on the next
ANSWERS_ONCE_A_START = """
import json, sys, time
print(json.dumps({"id": json.loads(sys.stdin.readline())["id"], "answers": []}), flush=True)
time.sleep(300)
"""


def test_an_answer_after_each_restart_does_not_break_the_row(tmp_path):
    script = tmp_path / "answers_once_a_start.py"
    script.write_text(ANSWERS_ONCE_A_START, encoding="utf-8")
    impl = ProcessImplementation([sys.executable, str(script)], timeout=2)
    try:
        for i in range(0, 4, 2):
            assert impl.answer(_case(i)) == []
            with pytest.raises(ImplementationFailure, match="no answer within 2 s"):
                impl.answer(_case(i + 1))
        assert impl.answer(_case(4)) == []
        with pytest.raises(ImplementationUnavailable) as stop:
            impl.answer(_case(5))
    finally:
        impl.close()
    assert "on 3 cases in a row ('storage/hang-1', 'storage/hang-3', 'storage/hang-5'" in str(stop.value)
