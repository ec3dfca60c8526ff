"""An answer line that is JSON but not an answer is said to be what it is: a line that is no
JSON object names its kind in ``rig/PROTOCOL.md``'s words (``[1,2,3]``: a list), and one nested
too deep to read is called JSON, too deep, with the limit where Python's recursion limit is the one that bounds it
(3.11 and older) and with none from 3.12 on (CPython's C recursion limit bounds it there)."""

from __future__ import annotations

import sys

import pytest

from helpers_engine import recorded, recorded_item, run_closed

from harness.engine import jsontext
from harness.implementations.process import ProcessImplementation

PROGRAM = "import sys\nfor line in sys.stdin:\n    sys.stdout.write({line!r})\n    sys.stdout.flush()\n"


def _failure(tmp_path, line: str) -> str:
    script = tmp_path / "answers.py"
    script.write_text(PROGRAM.format(line=line), encoding="utf-8")
    impl = ProcessImplementation(f"{sys.executable} {script}", timeout=30)
    [outcome] = run_closed(impl, [recorded_item(recorded("26.3")["storage/p/errors"])])
    assert outcome.status == "failed"
    return outcome.reason


@pytest.mark.parametrize("line, kind", [("[1,2,3]", "a list"), ('"ok"', "text"), ("7", "an integer"),
                                        ("1.5", "a number"), ("null", "null"), ("true", "a boolean")])
def test_a_line_that_is_no_json_object_says_what_it_is(tmp_path, line, kind):
    assert _failure(tmp_path, line + "\n").startswith(
        f"the answer line is not a JSON object (the answer to 'storage/p/errors' is one) but {kind}: '{line}'")


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="from 3.12 the C recursion limit bounds json's nesting")
def test_a_line_nested_too_deep_is_json_too_deep_with_the_limit(tmp_path):
    reason = _failure(tmp_path, "[" * 200_000 + "]" * 200_000 + "\n")
    assert reason.startswith("the answer line is JSON nested too deeply to read: more levels of arrays and objects "
                             "than Python's recursion limit, ")
    limit = int(reason.split("recursion limit, ", 1)[1].split(",", 1)[0])
    assert limit >= 1000 and "not JSON" not in reason


def test_a_line_nested_too_deep_names_no_number_where_the_recursion_limit_does_not_bound_it(tmp_path, monkeypatch):
    monkeypatch.setattr(jsontext, "_BOUNDED_BY_RECURSION_LIMIT", False)  # as on Python 3.12 and newer
    reason = _failure(tmp_path, "[" * 200_000 + "]" * 200_000 + "\n")
    assert reason.startswith("the answer line is JSON nested too deeply to read: more levels of arrays and objects "
                             "than Python's JSON reader follows")
    assert "recursion limit" not in reason and not any(ch.isdigit() for ch in reason.split(";")[0])
