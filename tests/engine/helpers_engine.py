"""Fakes for the engine's tests: implementations built from the game's recorded answers.

They never use our Python implementation: the engine is tested on its own.
"""

from __future__ import annotations

import copy
import json
import sys
import textwrap
from pathlib import Path

from harness.engine.reference import BUNDLED, load_reference
from harness.engine.runner import CallableImplementation

_CACHE: dict[str, dict] = {}


def recorded(version: str) -> dict[str, dict]:
    """The bundled reference of ``version`` by case id."""
    if version not in _CACHE:
        _CACHE[version] = load_reference(BUNDLED / version).by_id()
    return _CACHE[version]


def echo_answers(case: dict) -> list:
    """The recorded answers to a case (a prefix of a recorded case's operations)."""
    rec = recorded(case["version"])[case["id"]]
    n = len(case["ops"])
    assert rec["ops"][:n] == case["ops"]
    return copy.deepcopy(rec["answers"][:n])


def echo_impl(tamper=None, name="echo") -> CallableImplementation:
    """An implementation answering what the game recorded, then ``tamper(case, answers)``."""
    def answer(case):
        answers = echo_answers(case)
        if tamper:
            tamper(case, answers)
        return answers

    return CallableImplementation(name, answer)


def write_recorded(path: Path, cases: list[dict]) -> Path:
    """Write cases (with answers) as a recorded JSONL file."""
    keys = ("id", "area", "version", "setup", "ops", "answers")
    path.write_text("".join(json.dumps({k: c[k] for k in keys}) + "\n" for c in cases), encoding="utf-8")
    return path


ECHO_SCRIPT = textwrap.dedent('''
    """A protocol implementation for tests: answers from a recorded file; crashes or hangs on request."""
    import json, sys, time
    answers = {}
    for line in open(sys.argv[1], encoding="utf-8"):
        c = json.loads(line)
        answers[(c["version"], c["id"])] = c["answers"]
    crash, hang = sys.argv[2], sys.argv[3]
    for line in sys.stdin:
        case = json.loads(line)
        if case["id"] == crash:
            print("fake implementation: giving up on " + case["id"], file=sys.stderr, flush=True)
            sys.exit(7)
        if case["id"] == hang:
            time.sleep(600)
        got = answers[(case["version"], case["id"])][:len(case["ops"])]
        print(json.dumps({"id": case["id"], "answers": got}), flush=True)
''')


def echo_command(tmp_path: Path, recorded_file: Path, crash: str = "-", hang: str = "-") -> str:
    """A shell-like command running :data:`ECHO_SCRIPT` over ``recorded_file``."""
    script = tmp_path / "echo_impl.py"
    script.write_text(ECHO_SCRIPT, encoding="utf-8")
    return f"{sys.executable} {script} {recorded_file} {crash} {hang}"
