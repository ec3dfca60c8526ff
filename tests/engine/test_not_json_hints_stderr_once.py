"""A program that writes its debugging output on stdout (``debug: starting``) fails the case as
a line that is not JSON, with a hint, once a run and not at every case, that such output
belongs on stderr."""

from __future__ import annotations

import sys

import pytest

from harness.implementations.process import ImplementationFailure, ProcessImplementation

CHATTY = """
import sys
for line in sys.stdin:
    print("debug: starting", flush=True)
"""
HINT = "debugging output belongs on stderr"


def test_not_json_says_where_debugging_output_goes_once(tmp_path):
    script = tmp_path / "chatty.py"
    script.write_text(CHATTY, encoding="utf-8")
    impl = ProcessImplementation([sys.executable, str(script)], timeout=60, give_up_after=0)
    reasons = []
    try:
        for i in range(2):
            with pytest.raises(ImplementationFailure, match="the answer line is not JSON") as failure:
                impl.answer({"id": f"storage/chatty-{i}", "area": "storage", "version": "26.3", "setup": {}, "ops": []})
            reasons.append(str(failure.value))
    finally:
        impl.close()
    assert HINT in reasons[0] and "'debug: starting'" in reasons[0]
    assert HINT not in reasons[1]
