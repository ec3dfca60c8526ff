"""Fakes for the engine's tests: implementations built from the game's recorded answers; the
items that check recorded cases (:func:`recorded_item`) and a run that closes its
implementation (:func:`run_closed`).

They never use our Python implementation: the engine is tested on its own.
"""

from __future__ import annotations

import copy
import json
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path

from harness.engine.reference import BUNDLED, load_reference
from harness.engine.runner import CallableImplementation, CheckItem, Implementation, Outcome, protocol_case, run_checks

_CACHE: dict[str, "_Recorded"] = {}


class _Recorded(Mapping):
    """One release's bundled reference by case id. A case asked for by id reads only its
    area's file (a module's ``recorded("26.3")["storage/p/errors"]`` at import costs that one
    file, not the whole release); iterating reads them all. Each is read once a process."""

    def __init__(self, version: str):
        self.version = version
        self._areas: dict[str, dict[str, dict]] = {}
        self._all: dict[str, dict] | None = None

    def __getitem__(self, case_id: str) -> dict:
        if self._all is not None:
            return self._all[case_id]
        area = case_id.split("/", 1)[0]
        if area not in self._areas:
            self._areas[area] = load_reference(BUNDLED / self.version, areas=[area]).by_id()
        return self._areas[area][case_id]

    def _every(self) -> dict[str, dict]:
        if self._all is None:
            self._all = load_reference(BUNDLED / self.version).by_id()
        return self._all

    def __iter__(self):
        return iter(self._every())

    def __len__(self) -> int:
        return len(self._every())


def recorded(version: str) -> Mapping[str, dict]:
    """The bundled reference of ``version`` by case id (read lazily, see :class:`_Recorded`)."""
    if version not in _CACHE:
        _CACHE[version] = _Recorded(version)
    return _CACHE[version]


def recorded_item(case: dict, source: str | None = None) -> CheckItem:
    """The item checking a recorded case against the game's answers to it: the case as an
    implementation receives it (:func:`protocol_case`), read from ``source`` (else the case's own)."""
    return CheckItem(protocol_case(case), case["answers"], case["source"] if source is None else source)


def run_closed(impl: Implementation, items: list[CheckItem]) -> list[Outcome]:
    """``run_checks(impl, items)``, the implementation closed after, whatever happens."""
    try:
        return run_checks(impl, items)
    finally:
        impl.close()


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
