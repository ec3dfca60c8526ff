"""A case ``harness shrink`` wrote carries ``shrunk_from`` (the recorded case it was cut from), so
``harness check --cases FILE`` judges it by that case's recorded answers while it is a prefix of
it; shrunk past a prefix, or found by ``harness fuzz``, it is unverified with the reason said."""

from __future__ import annotations

import json

from helpers_engine import recorded

from harness.cli import main
from harness.engine.sources import select_items

ERRORS = recorded("26.3")["storage/p/errors"]  # the game's answers, recorded in reference/26.3


def _file(path, *cases):
    path.write_text(json.dumps({"area": "storage", "generator": "harness shrink", "cases": list(cases)}))
    return path


def _shrunk(**changes):
    case = {"id": "storage/s/errors", "shrunk_from": ERRORS["id"], "versions": ["26.3"], "setup": ERRORS["setup"],
            "ops": ERRORS["ops"][:3]}
    return case | changes


def test_a_shrunk_prefix_is_judged_by_the_recorded_answers(tmp_path, capsys):
    path = _file(tmp_path / "shrunk.yaml", _shrunk())
    assert main(["check", "--cases", str(path), "--no-progress", "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed, 0 unverified"


def test_past_a_prefix_or_unknown_origin_or_from_fuzz_the_reason_says_why(tmp_path):
    other_ops = ERRORS["ops"][:1] + ERRORS["ops"][2:3]  # an operation deleted: the oracle's work
    items = select_items(cases_file=_file(
        tmp_path / "three.yaml", _shrunk(ops=other_ops), _shrunk(id="storage/s/gone", shrunk_from="storage/p/gone"),
        {"id": "storage/fuzz/0123", "versions": ["26.3"], "setup": ERRORS["setup"], "ops": ERRORS["ops"][:1]}))
    reasons = [item.note for item in items]
    assert [item.expected for item in items] == [None] * 3
    assert reasons[0].startswith(f"shrunk from {ERRORS['id']} with other setup or ops than its prefixes (recorded at ")
    assert reasons[0].endswith("the game's answers are recorded for prefixes only; harness record answers it")
    assert reasons[1] == "not recorded: storage/p/gone, which it was shrunk from, is not recorded for 26.3"
    assert reasons[2] == ("not recorded: a case harness fuzz found (the judge's answers are not kept in the file); "
                          "harness record answers it")


def test_shrunk_from_must_be_an_id(tmp_path, capsys):
    path = _file(tmp_path / "bad.yaml", _shrunk(shrunk_from=7))
    assert main(["check", "--cases", str(path), "--no-progress"]) == 2
    assert "'shrunk_from' must be the id of the recorded case it was shrunk from" in capsys.readouterr().err
