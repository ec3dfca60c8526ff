"""Lone surrogates (Java strings hold them): carried by the protocol both ways, shown and
written by every report as ``\\udXXX`` escapes, never a UnicodeEncodeError."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET

from helpers_engine import echo_impl, recorded, recorded_item, run_closed, write_recorded
from rich.console import Console

from harness.engine import report
from harness.engine.reference import REPO
from harness.engine.runner import CallableImplementation, check_item, protocol_case
from harness.implementations.process import ProcessImplementation, serve

SURROGATE_CASE = "nbt/p/raw-string-lone-high-surrogate/file"  # the game answers {s:"\ud83d"}


def _item(case_id, version="26.3"):
    c = recorded(version)[case_id]
    return recorded_item(c)


def _strict_utf8():
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")


def test_recorded_answer_holds_a_lone_surrogate():
    assert "\ud83d" in recorded("26.3")[SURROGATE_CASE]["answers"][1]  # the premise of this file


def test_serve_writes_a_lone_surrogate_as_an_escape():
    case = json.dumps(protocol_case(recorded("26.3")[SURROGATE_CASE]))
    out = _strict_utf8()
    serve(lambda c: recorded("26.3")[c["id"]]["answers"], io.StringIO(case + "\n"), out)
    out.flush()
    line = out.buffer.getvalue().decode("utf-8")
    assert "\\ud83d" in line
    assert json.loads(line)["answers"] == recorded("26.3")[SURROGATE_CASE]["answers"]


def test_the_python_implementation_behind_the_protocol_passes_the_surrogate_case():
    impl = ProcessImplementation([sys.executable, "-m", "harness.implementations.process"], timeout=60, cwd=str(REPO))
    [outcome] = run_closed(impl, [_item(SURROGATE_CASE)])
    assert outcome.status == "passed", outcome.reason or outcome.mismatches


ECHO_ARGS = textwrap.dedent('''
    import json, sys
    for line in sys.stdin:
        case = json.loads(line)
        print(json.dumps({"id": case["id"], "answers": [op[1] for op in case["ops"]]}), flush=True)
''')


def test_a_case_whose_input_holds_a_lone_surrogate_is_sent_as_an_escape(tmp_path):
    script = tmp_path / "echo_args.py"
    script.write_text(ECHO_ARGS)
    impl = ProcessImplementation([sys.executable, str(script)], timeout=30)
    text = '{a:"\ud83d"}'
    try:
        got = impl.answer({"id": "snbt/x", "area": "snbt", "version": "26.3", "setup": {},
                           "ops": [["parse", text]]})
    finally:
        impl.close()
    assert got == [text]  # sent and read back, the code unit intact


def _surrogate_failures():
    def tamper(case, answers):
        answers[1] = answers[1].replace("s:", "t:")  # still holding the lone surrogate

    differs = check_item(echo_impl(tamper), _item(SURROGATE_CASE))

    def boom(case):
        raise ValueError("cannot read \udc80 here")

    crashed = check_item(CallableImplementation("boom", boom), _item("snbt/p/1"))
    assert differs.status == crashed.status == "failed"
    return [differs, crashed]


def test_terminal_report_shows_lone_surrogates_escaped():
    for quiet in (False, True):
        out = _strict_utf8()
        report.print_text(_surrogate_failures(), Console(file=out, width=200), "impl \udcff", "message", quiet=quiet)
        text = out.buffer.getvalue().decode("utf-8")
        assert "\\udc80" in text
        if not quiet:
            assert '{t:\\"\\ud83d\\"}' in text and "impl \\udcff" in text


def test_json_and_junit_reports_keep_lone_surrogates(tmp_path):
    outcomes = _surrogate_failures()
    report.write_json(tmp_path / "r.json", outcomes, "impl \udcff", "message")
    raw = (tmp_path / "r.json").read_bytes()
    assert b"\\ud83d" in raw and b"\\udc80" in raw
    doc = json.loads(raw)
    assert doc["implementation"] == "impl \udcff"
    assert doc["cases"][0]["mismatches"][0]["actual"] == '{t:"\ud83d"}'
    assert "\udc80" in doc["cases"][1]["reason"]
    report.write_junit(tmp_path / "r.xml", outcomes, "impl", "message")
    assert "\\udc80" in ET.parse(tmp_path / "r.xml").getroot().findall(".//failure")[1].get("message")


def test_check_command_with_a_surrogate_failure_prints_and_writes_json(tmp_path):
    cases = [recorded("26.3")[SURROGATE_CASE]]
    good = write_recorded(tmp_path / "r.jsonl", cases)
    script = tmp_path / "wrong.py"
    script.write_text(textwrap.dedent('''
        import json, sys
        for line in sys.stdin:
            case = json.loads(line)
            wrong = "{s:'" + chr(0xD83D) * 2 + "'}"
            print(json.dumps({"id": case["id"], "answers": ["00", wrong, "x"]}), flush=True)
    '''))
    run = subprocess.run([sys.executable, "-m", "harness", "check", "--recorded", str(good), "--no-progress",
                          "--impl", f"{sys.executable} {script}", "--json", str(tmp_path / "r.json")],
                         cwd=REPO, capture_output=True, env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"})
    assert run.returncode == 1, run.stderr
    assert b"Traceback" not in run.stderr
    assert b"\\ud83d" in run.stdout
    assert run.stdout.decode().splitlines()[-1] == "0 passed, 1 failed, 0 unverified"
    doc = json.loads((tmp_path / "r.json").read_bytes())
    assert doc["cases"][0]["mismatches"][1]["actual"] == "{s:'\ud83d\ud83d'}"
