"""The ``slow:`` line over too few cases to tell says the implementation's start-up is in its average."""

from __future__ import annotations

from helpers_outcomes import outcome

from harness.engine.report import SLOW_MIN_CASES, slow_areas
from harness.engine.runner import Outcome


def _answered(n: int, seconds: float) -> list[Outcome]:
    return [outcome(f"storage/p/c{i}", "passed", seconds=seconds) for i in range(n)]


def test_one_case_says_its_start_up_is_included():
    assert slow_areas(_answered(1, 0.069)) == [
        "storage averages 69 ms per case (slowest 26.3 storage/p/c0: 0.07 s; over 1 case, the implementation's "
        "start-up included: too few to tell)"]
    assert slow_areas(_answered(3, 0.069))[0].endswith("; over 3 cases, the implementation's start-up included: "
                                                       "too few to tell)")


def test_enough_cases_are_said_plainly():
    assert slow_areas(_answered(SLOW_MIN_CASES, 0.069)) == [
        "storage averages 69 ms per case (slowest 26.3 storage/p/c0: 0.07 s)"]
    assert slow_areas(_answered(SLOW_MIN_CASES, 0.01)) == []
