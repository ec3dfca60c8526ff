"""``--recorded`` files are validated as a whole before anything runs (path:line, exit 2),
and unverified cases whose implementation raised are shown on the terminal."""

from __future__ import annotations

import io

import pytest
from helpers_engine import recorded, write_recorded

from rich.console import Console

from harness.cli import main
from harness.engine import report
from harness.engine.casefile import CaseFileError
from harness.engine.reference import recorded_line
from harness.engine.runner import CallableImplementation, CheckItem, check_item
from harness.engine.sources import select_items

GOOD = recorded("26.3")["storage/p/errors"]


def _other() -> dict:
    """A second recorded case (26.3's snbt/p/1), read when a test asks: its area's file is the largest."""
    return recorded("26.3")["snbt/p/1"]


@pytest.mark.parametrize("change, message", [
    ({"version": "9.9"}, "unknown version '9.9'"),
    ({"area": "blocks"}, "unknown area 'blocks'"),
])
def test_an_unknown_version_or_area_is_a_malformed_file(tmp_path, capsys, change, message):
    path = write_recorded(tmp_path / "r.jsonl", [_other(), dict(GOOD, **change)])
    with pytest.raises(CaseFileError, match=rf"{path}:2: .*{message}"):
        select_items(recorded_files=[str(path)])
    assert main(["check", "--recorded", str(path), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:" in err and message in err


def test_a_version_known_only_from_a_reference_folder_is_accepted(tmp_path):
    (tmp_path / "ref" / "27.1").mkdir(parents=True)
    write_recorded(tmp_path / "ref" / "27.1" / "storage.jsonl", [dict(GOOD, version="27.1")])
    path = write_recorded(tmp_path / "r.jsonl", [dict(GOOD, version="27.1")])
    [item] = select_items(recorded_files=[str(path)], reference_root=tmp_path / "ref")
    assert item.case["version"] == "27.1"


def test_a_conflicting_duplicate_across_files_is_refused_with_both_places(tmp_path):
    a = write_recorded(tmp_path / "a.jsonl", [_other(), GOOD])
    b = write_recorded(tmp_path / "b.jsonl", [dict(GOOD, answers=[*GOOD["answers"][:-1], [1] * 6])])
    with pytest.raises(CaseFileError, match=rf"{b}:1: case storage/p/errors \(26.3\) again, .* than at {a}:2"):
        select_items(recorded_files=[str(a), str(b)])


def test_the_same_file_twice_is_checked_once_and_said(tmp_path, capsys):
    a = write_recorded(tmp_path / "a.jsonl", [_other(), GOOD])
    notes = []
    items = select_items(recorded_files=[str(a), str(a)], notes=notes)
    assert [i.case["id"] for i in items] == ["snbt/p/1", "storage/p/errors"]
    assert notes == [f"{a}: 2 cases repeat identical earlier ones (first: {a}:1 repeats {a}:1); each is checked once"]
    assert main(["check", "--recorded", str(a), str(a), "--no-progress", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "2 passed, 0 failed, 0 unverified" and "checked once" in err


def test_the_same_id_in_two_versions_is_not_a_duplicate(tmp_path):
    both = [recorded(v)["snbt/p/1"] for v in ("1.21.1", "26.3")]
    path = write_recorded(tmp_path / "r.jsonl", both)
    assert len(select_items(recorded_files=[str(path)])) == 2


def test_unverified_cases_that_raised_are_shown_on_the_terminal():
    # 1.21.5 has no reference: its generated cases run unverified; an unknown operation raises
    def answer(case):
        raise ValueError("unknown operation 'frobnicate'")

    item = CheckItem({"id": "storage/x", "area": "storage", "version": "1.21.5", "setup": {},
                      "ops": [["frobnicate"]]}, None, "cases/x.yaml", "no reference for 1.21.5")
    outcome = check_item(CallableImplementation("raises", answer), item)
    assert outcome.status == "unverified"  # the counts keep their meaning
    console = Console(width=200, file=io.StringIO())
    report.print_text([outcome], console, "raises", "message")
    text = console.file.getvalue()
    assert "unverified cases that did not run cleanly (1):" in text
    assert "1.21.5 storage/x: ValueError: unknown operation 'frobnicate'" in text


def test_unverified_cases_that_raised_through_the_command(tmp_path, capsys):
    # well-formed, but 'new' is refused (33 bits), so the 'get' after it has no storage to ask
    case = dict(GOOD, version="1.21.5", setup={"bits": 33, "size": 64}, ops=[["new"], ["get", 0]], answers=[None, 0])
    path = write_recorded(tmp_path / "r.jsonl", [case])
    assert main(["check", "--recorded", str(path), "--no-progress"]) == 2  # nothing was judged
    out, err = capsys.readouterr()
    assert "nothing was judged" in err
    assert "unverified cases that did not run cleanly (1):" in out
    assert "1.21.5 storage/p/errors: malformed case: operation 'get' on no storage" in out
    assert "(at " not in out  # a malformed case is no bug of the implementation: no source line
    assert out.splitlines()[-1] == "0 passed, 0 failed, 1 unverified"


LONGS_CASE = ('{"id": "storage/x", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": 32}, '
              '"ops": [["new"], ["longs"]], "answers": [null, [0, %s]]}')


@pytest.mark.parametrize("value, shown", [("NaN", "the number NaN"), ("1.5", "the number 1.5"),
                                          (str(2 ** 70), f"the integer {2 ** 70}"), ('"7"', "the string '7'")])
def test_a_longs_answer_outside_java_longs_is_a_damaged_file(tmp_path, capsys, value, shown):
    path = tmp_path / "r.jsonl"
    path.write_text(recorded_line(_other()) + "\n" + LONGS_CASE % value + "\n")
    assert main(["check", "--recorded", str(path), "--no-progress", "--quiet"]) == 2
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [f'harness check: {path}:2: storage/x: answer 1 (to ["longs"]) must be a list '
                                        f"of Java longs, item 1 must be a Java long (-9223372036854775808.."
                                        f"9223372036854775807), got {shown}"]
    assert "failed" not in out


@pytest.mark.parametrize("case, message", [
    (dict(GOOD, answers=[None, "0", *GOOD["answers"][2:]]), r'answer 1 \(to \["get", 64\]\) must be a Java int'),
    (dict(GOOD, answers=[0, *GOOD["answers"][1:]]), r'answer 0 \(to \["new"\]\) must be null, got the integer 0'),
    (dict(GOOD, answers=[None, {"error": "E", "message": 5}, *GOOD["answers"][2:]]),
     r"answer 1 .* an error answer's message must be a string or null, got the integer 5"),
    (dict(GOOD, answers=[None, {"error": "E", "message": None, "why": 1}, *GOOD["answers"][2:]]),
     r"answer 1 .* an error answer has the keys error, message, cause, cause_message only, not 'why'"),
    (dict(GOOD, answers=[*GOOD["answers"][:-1], {"unsupported": "no"}]),
     r'answer 6 \(to \["longs"\]\) must be a list of Java longs, got the mapping'),
])
def test_every_answer_shape_is_checked_per_area(tmp_path, case, message):
    path = write_recorded(tmp_path / "r.jsonl", [_other(), case])
    with pytest.raises(CaseFileError, match=rf"{path}:2: \S+: {message}"):
        select_items(recorded_files=[str(path)])


@pytest.mark.parametrize("op, wrong, message", [
    ("pack", {"palette": [0]}, "must be a mapping of palette, data, got the mapping"),
    ("pack", {"palette": [0], "data": [0.5]}, "data item 0 must be a Java long"),
    ("counts", [[0]], "item 0 must be an [id, count] pair of Java ints, got the list [0]"),
    ("write", "0", "must be bytes as a lowercase hex string of whole bytes, got the string '0'"),
])
def test_palette_answers_are_checked(tmp_path, op, wrong, message):
    base = recorded("26.3")["palette/p/grow-biomes-2"]
    k = [o[0] for o in base["ops"]].index(op)
    answers = list(base["answers"])
    answers[k] = wrong
    path = write_recorded(tmp_path / "r.jsonl", [dict(base, answers=answers)])
    with pytest.raises(CaseFileError) as e:
        select_items(recorded_files=[str(path)])
    assert str(e.value).startswith(f'{path}:1: palette/p/grow-biomes-2: answer {k} (to ["{op}"]) {message}')


def test_an_answer_nested_deeper_than_the_answer_depth_is_a_malformed_case():
    from harness.engine.reference import ANSWER_DEPTH, recorded_problem

    def nested(levels: int):
        value = 7
        for _ in range(levels):
            value = [value]
        return value

    # at the limit the depth rule lets it through (the answer type rule then refuses a list for 'new')
    at_limit = recorded_problem(dict(GOOD, answers=[nested(ANSWER_DEPTH)] + GOOD["answers"][1:]))
    assert at_limit.endswith('answer 0 (to ["new"]) must be null, got the list ' + "[" * ANSWER_DEPTH + "7" + "]" * ANSWER_DEPTH)
    problem = recorded_problem(dict(GOOD, answers=[nested(100_000)] + GOOD["answers"][1:]))
    assert problem.endswith(f"answer 0 is nested deeper than {ANSWER_DEPTH} levels; no operation answers that")
