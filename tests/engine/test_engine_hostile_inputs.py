"""Hostile files and programs: deep nesting, huge values, bytes that are not UTF-8.

Each gets one clear line (``path:line: ...``, exit 2, or a case's failure reason), never a
RecursionError, a segmentation fault, a 50 MB message or U+FFFD standing for other bytes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from conftest import REPO
from helpers_engine import recorded, write_recorded

from harness.cli import main
from harness.engine.casefile import CaseFileError, load_cases
from harness.engine.reference import read_recorded
from harness.engine.runner import CheckItem, RunAborted, check_item, run_checks
from harness.implementations.process import ProcessImplementation

DEEP = "[" * 100000 + "]" * 100000
GOOD = recorded("26.3")["storage/p/errors"]


def test_deeply_nested_json_in_a_recorded_file_is_one_line_not_a_recursion_error(tmp_path, capsys):
    path = tmp_path / "deep.jsonl"
    path.write_text(DEEP + "\n", encoding="utf-8")
    with pytest.raises(CaseFileError, match=rf"^{path}:1: not valid JSON \(nested too deeply\)$"):
        read_recorded(path)
    for argv in (["check", "--recorded", str(path), "--no-progress"], ["shrink", "storage/p/errors", "--recorded", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{path}:1: not valid JSON (nested too deeply)" in err and "RecursionError" not in err


def test_the_rig_reads_case_files_through_the_same_guarded_readers(tmp_path):
    from rig.runner import load_case_file  # harness live/record --cases

    path = tmp_path / "deep.jsonl"
    path.write_text(DEEP + "\n", encoding="utf-8")
    with pytest.raises(CaseFileError, match="nested too deeply"):
        load_case_file(path)


def test_deeply_nested_yaml_is_refused_not_a_crash_of_the_interpreter(tmp_path):
    # libyaml's own composer overflows the C stack here (a segmentation fault): run it apart
    path = tmp_path / "deep.yaml"
    path.write_text("area: storage\ncases:\n- id: a\n  ops: " + DEEP + "\n", encoding="utf-8")
    code = textwrap.dedent(f"""
        from harness.engine.casefile import CaseFileError, load_cases
        try:
            load_cases({str(path)!r})
        except CaseFileError as e:
            print(e)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == f"{path}:4: not valid YAML (nested too deeply)"


def test_a_yaml_case_file_given_to_recorded_is_named_as_such(tmp_path, capsys):
    yaml_file = REPO / "cases" / "storage" / "errors.yaml"
    assert load_cases(yaml_file)  # a good case file, just not recorded JSONL
    assert main(["check", "--recorded", str(yaml_file), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "this is a YAML case file; --recorded takes recorded JSONL" in err
    renamed = tmp_path / "errors.jsonl"  # the content says so too, whatever the name
    renamed.write_bytes(yaml_file.read_bytes())
    with pytest.raises(CaseFileError, match="this is a YAML case file"):
        read_recorded(renamed)


@pytest.mark.parametrize("data, said", [
    (b'\xff\xfe{"id":1}\n', "not UTF-8 (invalid start byte at byte 0)"),  # a UTF-16 byte order mark: json would read it
    ('{"id": "\u00e9"}\n'.encode("latin-1"), "not UTF-8 (invalid continuation byte at byte 8)"),
])
def test_a_recorded_file_that_is_not_utf8_is_named_so(tmp_path, data, said):
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    with pytest.raises(CaseFileError) as caught:
        read_recorded(path)
    assert str(caught.value).startswith(f"{path}:1: {said}")


def test_a_huge_id_or_version_gives_a_short_message(tmp_path, capsys):
    huge = "storage/p/" + "x" * 5_000_000
    for bad in (dict(GOOD, id=huge, answers=[]), dict(GOOD, id=huge, version="9" * 5_000_000),
                dict(GOOD, id=huge, area="b" * 5_000_000)):
        path = write_recorded(tmp_path / "huge.jsonl", [bad])
        assert main(["check", "--recorded", str(path), "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert len(err) < 1000 and err.count("\n") == 1
        assert err.startswith(f"harness check: {path}:1: ") and "storage/p/xxx" in err and "…(5000010 chars)…" in err


def test_a_huge_failure_reason_from_a_program_is_shortened(tmp_path):
    script = tmp_path / "says.py"
    script.write_text(textwrap.dedent("""
        import json, sys
        for line in sys.stdin:
            print(json.dumps({"id": json.loads(line)["id"], "failure": "no " * 3_000_000}), flush=True)
    """))
    impl = ProcessImplementation([sys.executable, str(script)], timeout=30)
    outcome = _checked(impl)
    assert outcome.status == "partial" and len(outcome.reason) < 2100
    assert outcome.reason.startswith("the implementation reported: no no") and "chars)…" in outcome.reason


def _program(tmp_path, body: str) -> ProcessImplementation:
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent(body))
    return ProcessImplementation([sys.executable, str(script)], timeout=30, give_up_after=0)


def _checked(impl: ProcessImplementation, case: dict = GOOD):
    """The outcome of checking the recorded ``case`` against its answers on ``impl``, closed after."""
    try:
        return check_item(impl, CheckItem(case, case["answers"]))
    finally:
        impl.close()


def test_an_answer_line_that_is_not_utf8_fails_the_case_naming_the_byte(tmp_path):
    # a lone surrogate written raw (as CESU-8 bytes ed a0 bd) instead of its \\ud83d escape
    impl = _program(tmp_path, """
        import json, sys
        for line in sys.stdin:
            cid = json.loads(line)["id"]
            sys.stdout.buffer.write(b'{"id": "' + cid.encode() + b'", "answers": ["\\xed\\xa0\\xbd"]}\\n')
            sys.stdout.flush()
    """)
    snbt = recorded("26.3")["snbt/p/1"]
    outcome = _checked(impl, snbt)
    at = len(f'{{"id": "{snbt["id"]}", "answers": ["')
    assert outcome.status == "failed" and not outcome.mismatches  # not a character difference
    assert outcome.reason.startswith(f"the answer line is not valid UTF-8 at byte {at} (lone surrogates go as "
                                     "\\udXXX escapes)")
    assert "\\xed\\xa0\\xbd" in outcome.reason and "\ufffd" not in outcome.reason


def test_stderr_that_is_not_utf8_is_shown_as_escaped_bytes(tmp_path):
    impl = _program(tmp_path, """
        import sys
        sys.stdin.readline()
        sys.stderr.buffer.write(b"bad \\xff\\xfe bytes\\n")
        sys.stderr.flush()
        sys.exit(4)
    """)
    outcome = _checked(impl)
    assert "bad \\xff\\xfe bytes" in outcome.reason and "\ufffd" not in outcome.reason


def test_protocol_failures_carry_no_source_location_of_the_harness(tmp_path):
    impl = _program(tmp_path, """
        import sys
        sys.stdin.readline()
        print("not json", flush=True)
    """)
    outcome = _checked(impl)
    assert outcome.reason.startswith("the answer line is not JSON (Expecting value at character 0): 'not json'")
    assert "(at " not in outcome.reason and "process.py" not in outcome.reason


def test_a_bug_inside_our_implementation_shows_where_it_was_raised(monkeypatch):
    from harness.implementations.python import storage
    from harness.engine.runner import python_implementation

    def broken(bits, size):
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr(storage, "new_storage", broken)
    outcome = check_item(python_implementation(), CheckItem(GOOD, GOOD["answers"]))
    assert outcome.reason.startswith("ZeroDivisionError: a bug of ours (at engine/test_engine_hostile_inputs.py:")


def test_a_folder_given_as_the_program_is_called_a_directory(tmp_path, capsys):
    impl = ProcessImplementation(str(tmp_path), timeout=1)
    with pytest.raises(RunAborted, match=f"cannot start '{tmp_path}': it is a directory, not a program"):
        run_checks(impl, [CheckItem(GOOD, GOOD["answers"])])
    assert main(["check", "--impl", str(tmp_path), "--version", "26.3", "--case", "storage/p/errors",
                 "--no-progress"]) == 2
    assert "it is a directory, not a program" in capsys.readouterr().err


def test_a_hang_asks_whether_the_program_flushed(tmp_path):
    # an answer written without its newline (or left in a buffer) never arrives
    impl = ProcessImplementation([sys.executable, "-c", "import sys, time; sys.stdin.readline(); "
                                  "sys.stdout.write('{\"id\": 1}'); sys.stdout.flush(); time.sleep(60)"],
                                 timeout=0.5, give_up_after=0)
    outcome = _checked(impl)
    assert "no answer within 0.5 s (hang; did the program flush its output?)" in outcome.reason


def test_a_bug_met_inside_a_library_is_placed_in_our_code_that_called_it(monkeypatch):
    from harness.engine.runner import python_implementation
    from harness.implementations.python import nbt

    monkeypatch.setitem(nbt.READERS, "file", lambda data, version: json.loads("{"))
    case = recorded("26.3")["nbt/p/hello-world/file"]
    outcome = check_item(python_implementation(), CheckItem(case, case["answers"]))
    assert outcome.reason.startswith("JSONDecodeError: Expecting property name enclosed in double quotes")
    # the caller in this checkout, not json/decoder.py where the library raised it
    assert "(at engine/test_engine_hostile_inputs.py:" in outcome.reason
    assert "in <lambda>)" in outcome.reason and "decoder.py" not in outcome.reason
