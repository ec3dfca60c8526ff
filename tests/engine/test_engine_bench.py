"""bench/harness.py reports the failures of every row and refuses a peer row whose time
includes crashes (a crash-and-restart cycle is not the protocol's cost)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import reference_cases
from helpers_engine import echo_impl, recorded, recorded_item

from harness.engine.reference import REPO
from harness.engine.runner import CallableImplementation

IDS = ("storage/p/errors", "snbt/p/1", "snbt/p/2")


def _bench():
    """bench/harness.py as a module (it is a script, not a package)."""
    if "bench_harness" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bench_harness", REPO / "bench" / "harness.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_harness"] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["bench_harness"]


def _items():
    return [recorded_item(c) for c in (recorded("26.3")[i] for i in IDS)]


def test_a_row_counts_its_failed_cases():
    bench = _bench()

    def crash(case):
        raise RuntimeError("crashed")

    row, _ = bench.measure("crashing", CallableImplementation("crashing", crash), _items(), 1)
    assert row.failed == [f"26.3 {i}" for i in IDS]


def test_a_peer_failing_where_the_baseline_passes_is_a_problem():
    bench = _bench()
    baseline, _ = bench.measure("python", echo_impl(), _items(), 1)
    assert baseline.failed == []

    def crash_snbt(case):
        if case["area"] == "snbt":
            raise RuntimeError("crashed")
        return echo_impl().answer(case)

    peer, _ = bench.measure("python via --impl protocol", CallableImplementation("p", crash_snbt), _items(), 1)
    peer.restarts = 2
    null, _ = bench.measure("null (echo recorded)", echo_impl(), _items(), 1)
    problems = bench.peer_problems([null, baseline, peer], baseline)
    assert problems == ["python via --impl protocol: 2 cases failed that python passes (first: 26.3 snbt/p/1); "
                        "its time includes crashes",
                        "python via --impl protocol: the process was restarted 2 times"]


def test_the_bench_prints_a_failed_column_and_passes_on_one_version(capsys):
    # the release with the fewest recorded cases (1.18: 1,142; 26.3 has 1,561), its quickest area's
    # (SNBT's 563: a third of the whole release's time, the protocol's child included)
    assert _bench().main(["--version", "1.18", "--area", "snbt", "--repeat", "1", "--process", "--warm-only"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{len(reference_cases('1.18', 'snbt'))} cases from 1.18 (snbt only); ")
    per_area = lines.index(next(line for line in lines if line.startswith("python per area")))
    assert [line.split()[0] for line in lines[per_area + 1:]] == ["snbt"]  # that area's cases alone
    assert lines[1].split() == ["what", "cold", "s", "warm", "s", "cases/s", "x", "null", "failed"]
    rows = {line[:30].strip(): line.split()[-1] for line in lines[3:6]}
    assert rows == {"null (echo recorded)": "0", "python": "0", "python via --impl protocol": "0"}
    assert all(line[30:40].strip() == "-" for line in lines[2:6])  # no cold run: not measured, not nan
    assert lines[6].startswith("note: --repeat 1: ")  # one run in this process: not called warm


def test_a_cold_row_runs_in_a_fresh_process_and_start_up_stops_at_the_first_case(tmp_path):
    bench = _bench()
    assert bench.cold("null", ["1.18"], ["snbt"]) > 0  # the cases of the test above, its --area given to the child
    cache = tmp_path / "cache"
    assert bench.start_up(str(cache), ["1.18"], ["snbt"]) > 0  # and to harness check
    assert list((cache / "loaded").iterdir())  # the run left its load cache for the next one


def test_an_area_of_no_recorded_case_is_refused(capsys, monkeypatch):
    # no release has recorded region answers (harness/formats/versions.py RegionRules): an empty
    # table with status 0 would read as a pass; refused before the cold and start-up processes run
    bench = _bench()
    for timed in ("cold", "start_up"):
        monkeypatch.setattr(bench, timed, lambda *a, timed=timed: pytest.fail(f"{timed} ran before the refusal"))
    assert bench.main(["--version", "1.18", "--area", "region", "--repeat", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "bench/harness.py: --area region: no recorded case in 1.18\n"


def test_the_start_up_row_says_why_a_check_that_cannot_start_failed(tmp_path):
    with pytest.raises(RuntimeError, match="harness check did not start a case: .*names no release"):
        _bench().start_up(str(tmp_path), ["1.0-not-a-release"])
