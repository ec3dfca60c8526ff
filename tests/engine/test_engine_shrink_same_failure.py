"""Shrinking keeps the failure's kind: a wrong answer never becomes a crash, nor a crash a wrong answer."""

from __future__ import annotations

from helpers_engine import recorded

from harness.engine.oracle import ChainOracle, ImplementationOracle, RecordedOracle
from harness.engine.runner import CallableImplementation, python_implementation
from harness.engine.shrink import failure_kind, shrink


def _game_oracle(rec):
    """The recorded answers, then our Python implementation standing in for the game on other cases."""
    return ChainOracle([RecordedOracle([rec]), ImplementationOracle(python_implementation())])


def _wrong_after_fill(case):
    """A user's buggy storage: the first value of ``values`` one too high after ``fill``; its
    own bug makes it crash (IndexError) on an empty storage."""
    answers = python_implementation().answer(case)
    filled = [0] * case["setup"]["size"]
    for i, op in enumerate(case["ops"]):
        if op[0] == "fill":
            filled = [op[1]] * case["setup"]["size"]
        elif op[0] == "values":
            answers[i] = list(filled)
            answers[i][0] = filled[0] + 1
    return answers


def test_a_wrong_value_is_not_shrunk_into_a_crash():
    rec = recorded("26.3")["storage/p/fill-5"]  # new, fill 3, longs, values
    impl = CallableImplementation("wrong after fill", _wrong_after_fill)
    result = shrink(rec, impl, _game_oracle(rec))
    assert result is not None and result.reason is None  # the implementation answered: no crash
    assert result.mismatches and result.mismatches[0].op == ["values"]
    assert result.case["setup"]["size"] >= 1  # size 0 would only crash it
    assert len(result.case["ops"]) < len(rec["ops"])


def test_a_crash_is_not_shrunk_into_a_wrong_value():
    rec = recorded("26.3")["storage/p/fill-5"]

    def crashes_on_big_values(case):  # crashes listing 64+ values; on a smaller storage, one value wrong
        if case["setup"]["size"] >= 64 and any(op[0] == "values" for op in case["ops"]):
            raise IndexError("list index out of range")
        return _wrong_after_fill(dict(case, setup=dict(case["setup"], size=max(1, case["setup"]["size"]))))

    result = shrink(rec, CallableImplementation("crash", crashes_on_big_values), _game_oracle(rec))
    assert result is not None and result.mismatches == [] and "IndexError" in result.reason
    assert result.case["setup"]["size"] == 64 and result.case["ops"][-1] == ["values"]


def test_failure_kind_names_the_first_differing_operation():
    rec = recorded("26.3")["storage/p/fill-5"]
    result = shrink(rec, CallableImplementation("wrong after fill", _wrong_after_fill), RecordedOracle([rec]))
    assert failure_kind(result) == ("mismatch", "values")
