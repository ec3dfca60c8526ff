"""``harness check --baseline B`` warns, one line on stderr, when B was run by another
implementation or under another ``--errors`` policy; the exit status stays the comparison's."""

from __future__ import annotations

import json

from helpers_adapter import check

ARGS = ["--version", "26.3", "--area", "storage", "--case", "storage/p/width-1*"]


def _baseline(tmp_path, capsys, **changed) -> str:
    report = tmp_path / "before.json"
    assert check([*ARGS, "--json", str(report)], capsys)[0] == 0
    doc = json.loads(report.read_text())
    assert (doc["implementation"], doc["error_policy"]) == ("python", "message")
    report.write_text(json.dumps(doc | changed))
    return str(report)


def _warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if "warning" in line]


def test_the_same_run_is_compared_without_a_word(tmp_path, capsys):
    status, _, err = check([*ARGS, "--baseline", _baseline(tmp_path, capsys)], capsys)
    assert status == 0 and _warnings(err) == []


def test_another_error_policy_is_named_both_sides(tmp_path, capsys):
    path = _baseline(tmp_path, capsys)
    status, out, err = check([*ARGS, "--errors", "kind", "--baseline", path], capsys)
    assert status == 0 and "0 newly failing" in out
    assert _warnings(err) == [f"harness check: warning: the baseline {path} is of another run: --errors message "
                              "there, --errors kind here (statuses compared as they are)"]


def test_another_implementation_is_named_both_sides(tmp_path, capsys):
    path = _baseline(tmp_path, capsys, implementation="./their-impl --fast", error_policy="kind")
    status, _, err = check([*ARGS, "--baseline", path], capsys)
    assert status == 0
    assert _warnings(err) == [f"harness check: warning: the baseline {path} is of another run: implementation "
                              "./their-impl --fast there, implementation python here; --errors kind there, "
                              "--errors message here (statuses compared as they are)"]
