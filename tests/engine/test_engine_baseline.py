"""--expect-failures and --baseline, on reports of real runs over the bundled 26.3 storage reference's p cases."""

from __future__ import annotations

import json

import pytest
from helpers_adapter import adapter_command, check
from helpers_cli import run_in_process

from harness.engine.baseline import BaselineError, parse_expectations

pytestmark = pytest.mark.xdist_group("baseline")  # one worker, so the module's broken run is made once

# our answers, with the values of some storages answered wrong (their first value plus one)
BREAK = '''
import fnmatch
def transform(case, answers):
    if fnmatch.fnmatchcase(case["id"], {pattern!r}):
        return [[a[0] + 1] + a[1:] if op[0] == "values" and isinstance(a, list) and a else a
                for op, a in zip(case["ops"], answers)]
    return answers
'''
# the p cases of the 26.3 storage reference (131 of 368): the width-N storages broken below are among them
ARGS = ["--version", "26.3", "--area", "storage", "--case", "storage/p/*"]


def _run(tmp_path, capsys, pattern: str | None, *extra: str, name: str = "r.json"):
    impl = ["--impl", adapter_command(tmp_path, BREAK.format(pattern=pattern), f"break_{abs(hash(pattern))}.py")] \
        if pattern else []
    report = tmp_path / name
    status, out, err = check([*impl, *ARGS, "--json", str(report), *extra], capsys)
    return status, out, err, json.loads(report.read_text())


def _failed(doc) -> set[str]:
    return {c["id"] for c in doc["cases"] if c["status"] == "failed"}


@pytest.fixture(scope="module")
def broken_run(tmp_path_factory):
    """The report of one run with the width-1 storages broken (read by the module's tests, never changed)."""
    folder = tmp_path_factory.mktemp("broken-run")
    impl = adapter_command(folder, BREAK.format(pattern="storage/p/width-1*"), "break.py")
    report = folder / "before.json"
    done = run_in_process(["check", "--no-progress", "--impl", impl, *ARGS, "--json", str(report)])
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    return report, json.loads(report.read_text())


def test_listed_failures_exit_0_and_a_listed_passing_case_is_reported(tmp_path, capsys, broken_run):
    _, before = broken_run
    failed = _failed(before)
    assert "storage/p/width-1-size-4096" in failed and "storage/p/width-2-size-256" not in failed
    listing = tmp_path / "known.txt"
    listing.write_text("# known\nstorage/p/width-1* values are off by one\n\n"
                       "26.3:storage/p/width-2-size-256 was broken once\n", encoding="utf-8")
    status, out, _, doc = _run(tmp_path, capsys, "storage/p/width-1*", "--expect-failures", str(listing))
    assert status == 0
    assert out.rstrip("\n").splitlines()[-1] == (f"{before['summary']['passed']} passed, {len(failed)} failed, 0 unverified "
                                                 f"(the {len(failed)} failures known)")
    assert f"{len(failed)} failed as listed, 0 failed unlisted" in out
    assert "unexpectedly passing: remove from the list (1):" in out and "26.3 storage/p/width-2-size-256" in out
    assert doc["expect_failures"]["unexpectedly_passing"] == [
        {"version": "26.3", "id": "storage/p/width-2-size-256", "entry": "26.3:storage/p/width-2-size-256",
         "reason": "was broken once", "entry_failing": 0, "action": "remove"}]
    by_id = {c["id"]: c for c in doc["cases"]}
    assert by_id["storage/p/width-1-size-4096"]["expected_failure"] == "values are off by one"


def test_an_unlisted_failure_exits_1(tmp_path, capsys, broken_run):
    listing = tmp_path / "known.txt"
    listing.write_text("storage/p/width-1-size-4096 only this one\n", encoding="utf-8")
    status, out, _, doc = _run(tmp_path, capsys, "storage/p/width-1*", "--expect-failures", str(listing))
    assert status == 1 and doc["expect_failures"]["expected"] == 1
    assert doc["expect_failures"]["unlisted"] == len(_failed(broken_run[1])) - 1


def test_baseline_newly_passing_exits_0(tmp_path, capsys, broken_run):
    path, before = broken_run
    status, out, _, doc = _run(tmp_path, capsys, None, "--baseline", str(path))  # ours, fixed
    assert status == 0 and doc["summary"]["failed"] == 0
    assert {c["id"] for c in doc["baseline"]["newly_passing"]} == _failed(before)
    assert doc["baseline"]["newly_failing"] == [] and f"0 newly failing, {len(_failed(before))} newly passing" in out


def test_baseline_regressions_exit_1_and_old_failures_do_not(tmp_path, capsys, broken_run):
    path, before = broken_run
    status, _, _, same = _run(tmp_path, capsys, "storage/p/width-1*", "--baseline", str(path))
    assert status == 0 and same["baseline"]["still_failing"] == len(_failed(before))
    status, out, _, doc = _run(tmp_path, capsys, "storage/p/width-3*", "--baseline", str(path))
    newly = {c["id"] for c in doc["baseline"]["newly_failing"]}
    assert status == 1 and newly == _failed(doc) and "storage/p/width-3-size-256" in newly
    assert {c["id"] for c in doc["baseline"]["newly_passing"]} == _failed(before)
    assert "newly failing (" in out and "26.3 storage/p/width-3-size-256 (before: passed)" in out


def test_bad_lists_and_reports_are_refused_before_running(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("storage/p/x\n", encoding="utf-8")
    status, _, err = check([*ARGS, "--expect-failures", str(bad)], capsys)
    assert status == 2 and "bad.txt:1: 'storage/p/x' has no reason" in err
    notreport = tmp_path / "n.json"
    notreport.write_text("{}", encoding="utf-8")
    status, _, err = check([*ARGS, "--baseline", str(notreport)], capsys)
    assert status == 2 and "not a harness check JSON report" in err
    with pytest.raises(BaselineError):
        parse_expectations("lonely\n")
