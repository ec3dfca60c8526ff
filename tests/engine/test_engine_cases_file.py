"""``harness check --cases FILE``: the cases of one case file (a shrunk fuzz case, wherever it
was written) against the bundled references, alone; a file or version that is not known is
refused in one line."""

from __future__ import annotations

import json

from helpers_engine import recorded

from harness.cli import main

ERRORS = recorded("26.3")["storage/p/errors"]  # the game's answers: recorded in reference/26.3


def _case_file(path, cases):
    """A case file as harness fuzz writes one (YAML; JSON is YAML too)."""
    path.write_text(json.dumps({"area": "storage", "generator": "harness fuzz", "seed": 1, "cases": cases}))
    return str(path)


def test_the_cases_of_one_file_run_alone_with_the_references_answers(tmp_path, capsys):
    shrunk = {"id": "storage/fuzz/0123456789abcdef", "versions": ["26.3"], "setup": {"bits": 5, "size": 10},
              "ops": [["new"], ["get", 3]]}
    known = {"id": ERRORS["id"], "versions": ["26.3"], "setup": ERRORS["setup"], "ops": ERRORS["ops"]}
    path = _case_file(tmp_path / "fuzz-0123456789abcdef.yaml", [shrunk, known])
    assert main(["check", "--cases", path, "--no-progress", "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed, 1 unverified"  # the recorded one judged


def test_a_missing_file_and_an_unknown_version_are_refused(tmp_path, capsys):
    assert main(["check", "--cases", str(tmp_path / "gone.yaml"), "--no-progress"]) == 2
    assert f"harness check: {tmp_path / 'gone.yaml'}: cannot read" in capsys.readouterr().err
    unknown = {"id": "storage/fuzz/x", "versions": ["27.9"], "setup": {"bits": 5, "size": 10}, "ops": [["new"]]}
    path = _case_file(tmp_path / "f.yaml", [unknown])
    assert main(["check", "--cases", path, "--no-progress"]) == 2
    assert "case storage/fuzz/x: unknown version '27.9' in 'versions'; known: 1.18," in capsys.readouterr().err
