"""An implementation that answered, then hangs on every case, stops the run after
``give_up_after`` (3) hangs in a row, named by their cases, as one that never answers does at
the start: not every case waited out to its full timeout. A crash between hangs, or an
answer, starts the count again."""

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
    assert ("no answer within the timeout on 3 cases in a row ('storage/hang-1', 'storage/hang-2', "
            "'storage/hang-3'), after answering 1; giving up") in str(stop.value)
    assert stop.value.reason is not None  # the case it stopped at counts as failed
