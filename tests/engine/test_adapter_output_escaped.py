"""Everything a misbehaving program wrote reaches a report escaped, one way
(``process.shown_output``): an answer line that is not UTF-8, one that is not JSON, the tail
of its stderr and its ``failure`` text show NUL, escape sequences and other control
characters as ``\\x00``, ``\\x1b``, never the raw bytes (which a terminal would obey)."""

from __future__ import annotations

import sys
import textwrap

from helpers_engine import recorded

from harness.engine.runner import CheckItem, check_item
from harness.implementations.process import ProcessImplementation, shown_output

CASE = recorded("26.3")["storage/p/errors"]
RAW = ("\x00", "\x1b", "\x07")


def _reason(tmp_path, body: str) -> str:
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent(body))
    impl = ProcessImplementation([sys.executable, str(script)], timeout=30, give_up_after=0)
    try:
        return check_item(impl, CheckItem(CASE, CASE["answers"])).reason
    finally:
        impl.close()


def test_an_answer_line_not_utf8_shows_its_nul_escaped(tmp_path):
    reason = _reason(tmp_path, """
        import sys
        sys.stdin.readline()
        sys.stdout.buffer.write(b"\\xff\\xfe\\x00garbage\\n")
        sys.stdout.flush()
    """)
    assert reason.startswith("the answer line is not valid UTF-8 at byte 0")
    assert reason.endswith(": '\\xff\\xfe\\x00garbage'") and not any(c in reason for c in RAW)


def test_a_crashing_programs_stderr_shows_escape_sequences_and_nul_escaped(tmp_path):
    reason = _reason(tmp_path, """
        import sys
        sys.stdin.readline()
        sys.stderr.write("\\x1b[31mRED\\x1b[0m\\x00nul\\n")
        sys.stderr.write("plain last words\\n")
        sys.stderr.flush()
        sys.exit(3)
    """)
    assert "; stderr: '\\x1b[31mRED\\x1b[0m\\x00nul' | plain last words" in reason
    assert not any(c in reason for c in RAW)


def test_a_failure_text_with_control_characters_is_shown_escaped(tmp_path):
    reason = _reason(tmp_path, """
        import json, sys
        for line in sys.stdin:
            print(json.dumps({"id": json.loads(line)["id"], "failure": "\\x1b[2Jno\\x00"}), flush=True)
    """)
    assert reason == "the implementation reported: '\\x1b[2Jno\\x00'"


def test_lines_not_json_and_bytes_not_utf8_are_escaped_alike():
    assert shown_output("\x1b[2J\x1b]0;pwned\x07 not json\x00\n") == "'\\x1b[2J\\x1b]0;pwned\\x07 not json\\x00'"
    assert shown_output(b"\x1b[2J\xff\n") == "'\\x1b[2J\\xff'"
    assert shown_output(b"a\\udcff \xc3\xa9") == "'a\\\\udcff é'"  # a backslash the program wrote stays one
    assert shown_output("plain words", quoted=False) == "plain words"


def test_a_lone_surrogate_in_a_failure_is_shown_as_one_not_as_a_byte(tmp_path):
    # JSON's "\udc80" is a character of the text, not a byte that was no UTF-8
    reason = _reason(tmp_path, """
        import json, sys
        for line in sys.stdin:
            print(json.dumps({"id": json.loads(line)["id"], "failure": "\\udc80 x"}), flush=True)
    """)
    assert reason == "the implementation reported: '\\udc80 x'"
    assert shown_output("\udc80 x", quoted=False) == "'\\udc80 x'"
    # (a byte of stderr that is no UTF-8 is still \xNN: test_engine_hostile_inputs.py)

