"""The operation vocabulary: one table, every case checked against it when its file is loaded.

A malformed case (an unknown operation, a missing, extra or wrongly typed argument or setup
key) is refused with ``path:line`` and what is wrong, exit 2, before anything runs; every
case the game answered (``reference/``, ``/work/shared/recorded``) and every generated case
fits it. Our Python implementation refuses one with ``MalformedCase``, reported as
"malformed case: ...", never as a Python internal of the harness.
"""

from __future__ import annotations

import re

import pytest
from conftest import REPO
from helpers_engine import recorded, recorded_item, write_recorded
from helpers_groups import EVERY_RELEASE

from harness.cli import main
from harness.engine.casefile import CaseFileError, load_cases
from harness.engine.reference import BUNDLED, bundled_versions, load_reference, read_recorded
from harness.engine.runner import check_item, protocol_case, python_implementation
from harness.engine.sources import generated_cases
from harness.engine.vocabulary import AREAS, INT_MAX, VOCABULARY, MalformedCase, case_problem, require
from harness.implementations.python import answer_case

pytestmark = EVERY_RELEASE  # every release read: helpers_groups

GOOD = recorded("26.3")["storage/p/errors"]  # setup {bits: 5, size: 64}, starts with ["new"]


def _palette() -> dict:
    return recorded("26.3")["palette/p/flat-bottom-section"]


def _with_op(op, **change):
    return dict(GOOD, ops=[["new"], op], answers=[None, 0], **change)


# (the change to a recorded case, made when a test asks, what the refusal must say); each ran into a Python
# internal (TypeError, IndexError, KeyError) or even passed before the vocabulary was checked
MALFORMED = [
    (lambda: _with_op(["get", "1"]), r"operation 1 \[\"get\", \"1\"\]: argument i must be a Java int .* got the string '1'"),
    (lambda: _with_op(["get", 1.5]), r"argument i must be a Java int .* got the number 1\.5"),
    (lambda: _with_op(["get", True]), r"argument i must be a Java int .* got the boolean true"),
    (lambda: _with_op(["get"]), r'operation 1 \["get"\]: takes 1 argument, got 0: the form is \["get", i \(int\)\]'),
    (lambda: _with_op(["get", 1, 2, 3]), r"takes 1 argument, got 3"),
    (lambda: _with_op(["frobnicate"]), r"unknown storage operation 'frobnicate'; operations are new, from_longs,"),
    (lambda: _with_op(["from_longs", [2 ** 64]]), r"argument longs item 0 must be a Java long .* got the integer 18446744073709551616"),
    (lambda: _with_op(["set", 0, 2 ** 31]), r"argument v must be a Java int \(-2147483648\.\.2147483647\), got the integer 2147483648"),
    (lambda: dict(GOOD, setup={}), r"'setup' needs 'bits'; a storage setup is \{bits \(int\), size \(int\)\}"),
    (lambda: dict(GOOD, setup={"bits": "5", "size": 64}), r"setup bits must be a Java int .* got the string '5'"),
    (lambda: dict(GOOD, setup={"bits": 5, "size": 2 ** 31}), r"setup size must be a Java int .* got the integer 2147483648"),
    (lambda: dict(GOOD, ops=[["get", 0]], answers=[0]), r"operation 0 \[\"get\", 0\]: comes before 'new' or 'from_longs'"),
    (lambda: dict(_palette(), setup=dict(_palette()["setup"], strategy="blocks")),
     r"setup strategy must be one of 'block_states', 'biomes', got the string 'blocks'"),
    (lambda: dict(_palette(), ops=[["unpack", [0], [1.0]]], answers=[None]), r"argument data item 0 must be a Java long"),
    (lambda: dict(recorded("26.3")["nbt/p/hello-world/file"], setup={"form": "file", "input": "0A0"}),
     r"setup input must be bytes as a lowercase hex string of whole bytes, got the string '0A0'"),
    (lambda: dict(recorded("26.3")["snbt/p/1"], ops=[["parse", 5]], answers=[None]), r"argument text must be a string, got the integer 5"),
]


@pytest.mark.parametrize("make, says", MALFORMED, ids=[m[1][:40] for m in MALFORMED])
def test_a_malformed_recorded_case_is_refused_before_anything_runs(tmp_path, capsys, make, says):
    case = make()
    path = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["snbt/p/1"], case])
    with pytest.raises(CaseFileError, match=rf"^{re.escape(str(path))}:2: {re.escape(case['id'])}: .*{says}"):
        read_recorded(path)
    assert main(["check", "--recorded", str(path), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert f"{path}:2: " in err and "Traceback" not in err + out and "FAIL" not in out
    assert out == ""  # nothing ran: no table, no summary
    assert main(["shrink", case["id"], "--recorded", str(path)]) == 2


def test_a_malformed_case_in_a_yaml_case_file_is_refused_with_its_line(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("area: storage\ncases:\n- id: storage/g/a\n  setup: {bits: 4, size: 2}\n  ops: [[new]]\n"
                    "- id: storage/g/b\n  setup: {bits: 4, size: 2}\n  ops:\n  - [new]\n  - [get, '1']\n")
    with pytest.raises(CaseFileError, match=rf"{re.escape(str(path))}:10: case #2: storage/g/b: operation 1 "
                                            r'\["get", "1"\]: argument i must be a Java int'):
        load_cases(path)


def test_every_case_the_game_answered_and_every_generated_case_fits_the_vocabulary():
    # the bundled references are ../shared/recorded as imported (every case validated on load)
    bundled = [c for v in bundled_versions() for c in load_reference(BUNDLED / v).cases]
    assert len({c["version"] for c in bundled}) == 27
    cases = bundled + generated_cases()
    assert {c["area"] for c in cases} == set(AREAS)
    # out-of-range indices, negative values and sizes, widths 33 and -1 are legitimate questions
    ints = [a for c in cases if c["area"] == "storage" for op in c["ops"] for a in op[1:] if isinstance(a, int)]
    assert min(ints) < 0 and any(c["setup"]["bits"] in (-1, 33) for c in cases if c["area"] == "storage")


def test_our_implementation_refuses_a_malformed_case_with_one_exception_type():
    for make, says in MALFORMED:
        case = make()
        protocol = protocol_case(case)
        with pytest.raises(MalformedCase, match=says.split(": ", 1)[-1] if says.startswith("operation") else says):
            answer_case(protocol)
    with pytest.raises(MalformedCase, match="unknown area 'blocks'"):
        answer_case(dict(GOOD, area="blocks"))


def test_the_runner_reports_a_malformed_case_as_such_not_as_a_bug_of_the_implementation():
    case = MALFORMED[0][0]()
    item = recorded_item(case, "x.jsonl:2")
    outcome = check_item(python_implementation(), item)
    assert outcome.status == "failed"
    assert outcome.reason.startswith('malformed case: operation 1 ["get", "1"]: argument i must be a Java int')
    assert "(at " not in outcome.reason and "TypeError" not in outcome.reason


def test_an_operation_on_a_storage_that_was_never_made_is_malformed_not_a_crash():
    # statically fine (new comes first), but new is refused for 33 bits: get has no storage
    case = dict(GOOD, setup={"bits": 33, "size": 64}, ops=[["new"], ["get", 0]])
    assert case_problem(case) is None
    with pytest.raises(MalformedCase, match="'get' on no storage: 'new' or 'from_longs' was refused"):
        answer_case(case)


def test_require_names_the_area_and_the_java_ranges():
    require("storage", {"bits": 32, "size": INT_MAX}, [["new"], ["set", -1, -(2 ** 31)]])  # Java's ranges, whole
    with pytest.raises(MalformedCase, match="'ops' must be a list"):
        require("snbt", {}, "parse")


def test_the_protocol_document_names_every_operation_of_the_table():
    text = (REPO / "rig" / "PROTOCOL.md").read_text(encoding="utf-8")
    for area, spec in VOCABULARY.items():
        section = text.split(f"### {area} ", 1)[1].split("\n### ", 1)[0]
        for op in spec.ops:
            assert f'`["{op}"' in section, f"{area}: {op} is not in rig/PROTOCOL.md"
        for key in spec.setup:
            assert f'"{key}"' in section, f"{area}: setup {key} is not in rig/PROTOCOL.md"


def test_the_rig_refuses_a_malformed_case_file_before_the_game_runs(tmp_path):
    from rig.runner import load_case_file  # harness live/record --cases

    path = write_recorded(tmp_path / "r.jsonl", [MALFORMED[0][0]()])
    with pytest.raises(CaseFileError, match=r":1: storage/p/errors: operation 1 \[\"get\", \"1\"\]"):
        load_case_file(path)


def test_served_over_the_protocol_a_malformed_case_is_a_failure_line_saying_so():
    import io
    import json

    from harness.implementations.process import serve

    case = protocol_case(MALFORMED[0][0]())
    out = io.StringIO()
    serve(answer_case, io.StringIO(json.dumps(case) + "\n"), out)
    line = json.loads(out.getvalue())
    assert line["id"] == case["id"]
    assert line["failure"].startswith('malformed case: operation 1 ["get", "1"]: argument i must be a Java int')
