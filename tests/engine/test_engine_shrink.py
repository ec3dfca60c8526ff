"""Shrinking: a deliberately wrong implementation's failing case gets shorter and still fails."""

from __future__ import annotations

from helpers_engine import echo_answers, recorded

from harness.engine.oracle import ChainOracle, ImplementationOracle, RecordedOracle
from harness.engine.runner import CallableImplementation, CheckItem, check_item
from harness.engine.shrink import shrink


def _still_fails(result, impl, oracle):
    expected = oracle.answer(result.case)
    assert expected is not None
    return check_item(impl, CheckItem(result.case, expected)).status == "failed"


def test_prefix_shrinking_against_recorded_answers():
    rec = recorded("26.3")["palette/p/grow-biomes-16"]
    n = len(rec["ops"])
    bad_at = [i for i, op in enumerate(rec["ops"]) if op[0] == "write"][3]

    def wrong(case):
        answers = echo_answers(case)
        if len(answers) > bad_at:
            answers[bad_at] = answers[bad_at][:-2] + "ff"
        return answers

    impl = CallableImplementation("wrong", wrong)
    oracle = RecordedOracle(recorded("26.3").values())
    result = shrink(rec, impl, oracle)
    assert len(result.case["ops"]) == bad_at + 1 < n
    assert result.case["ops"] == rec["ops"][:bad_at + 1]
    assert _still_fails(result, impl, oracle)
    assert oracle.answer(dict(result.case, ops=[["bits"]] + result.case["ops"])) is None  # not a prefix
    assert result.accepted >= 1  # the shorter prefix was a candidate taken (the summary said "0 taken")


def test_a_passing_case_is_not_shrunk():
    rec = recorded("26.3")["storage/p/errors"]
    impl = CallableImplementation("echo", echo_answers)
    assert shrink(rec, impl, RecordedOracle([rec])) is None


class _StorageModel:
    """A tiny model of a storage for an oracle answering arbitrary cases (a stand-in for the game)."""

    def __init__(self, off_by_one_on=None):
        self.off = off_by_one_on

    def __call__(self, case):
        values = [0] * case["setup"]["size"]
        out = []
        for op in case["ops"]:
            if op[0] == "set":
                values[op[1]] = op[2]
                out.append(None)
            elif op[0] == "get":
                out.append(values[op[1]])
            elif op[0] == "values":
                v = list(values)
                if self.off is not None and self.off in v:  # the bug: a value `off` reads back one higher
                    v = [x + 1 if x == self.off else x for x in v]
                out.append(v)
            else:
                out.append(None)
        return out


def test_deleting_operations_and_inputs_with_an_arbitrary_oracle():
    ops = [["new"]] + [["set", i, (i * 7) % 13] for i in range(12)] + [["get", 3], ["set", 9, 5], ["get", 9], ["values"]]
    case = {"id": "storage/t/model", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": 12}, "ops": ops}
    impl = CallableImplementation("wrong", _StorageModel(off_by_one_on=5))
    judge = ImplementationOracle(CallableImplementation("model", _StorageModel()))
    oracle = ChainOracle([RecordedOracle([]), judge])
    assert oracle.arbitrary
    result = shrink(case, impl, oracle)
    assert len(result.case["ops"]) < len(ops)
    assert result.case["ops"][-1] == ["values"]
    # every candidate fits the vocabulary: the storage is still made by "new" first
    assert result.case["ops"] == [["new"], ["set", 0, 5], ["values"]] and result.case["setup"] == {"bits": 0, "size": 1}
    assert _still_fails(result, impl, judge)


def test_a_crashing_implementation_is_shrunk_to_the_crashing_prefix():
    one = recorded("26.3")["snbt/p/2"]  # [parse, parse_compound]: the same text twice
    rec = dict(one, ops=one["ops"] * 3, answers=one["answers"] * 3)

    def crashes_on_parse_compound(case):
        if any(op[0] == "parse_compound" for op in case["ops"]):
            raise RuntimeError("boom")
        return one["answers"][:1] * len(case["ops"])

    result = shrink(rec, CallableImplementation("crash", crashes_on_parse_compound), RecordedOracle([rec]))
    assert result.case["ops"] == one["ops"] and "boom" in result.reason
