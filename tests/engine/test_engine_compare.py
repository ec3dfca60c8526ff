"""The comparison: a deliberately wrong implementation is caught at the right op, byte, long or entry."""

from __future__ import annotations

import pytest
from helpers_engine import echo_impl, recorded, recorded_item

from harness.engine.anatomy import write_parts
from harness.engine.compare import compare_case, first_difference
from harness.engine.reference import BUNDLED, bundled_versions, load_reference
from harness.engine.runner import CheckItem, check_item
from harness.formats import versions


def _item(version: str, case_id: str) -> CheckItem:
    rec = recorded(version)[case_id]
    return recorded_item(rec)


def _op_index(case_id: str, version: str, name: str, nth: int = 0) -> int:
    ops = recorded(version)[case_id]["ops"]
    return [i for i, op in enumerate(ops) if op[0] == name][nth]


def test_exact_echo_passes():
    item = _item("26.3", "palette/p/flat-bottom-section")
    assert check_item(echo_impl(), item).status == "passed"


def test_flipped_byte_of_a_write_answer_found_at_its_offset_and_long():
    case_id, version = "palette/p/flat-bottom-section", "26.3"
    k = _op_index(case_id, version, "write")
    answer = recorded(version)[case_id]["answers"][k]
    flip_at = len(answer) // 2 - 5  # a byte inside the last data long

    def tamper(case, answers):
        b = bytearray.fromhex(answers[k])
        b[flip_at] ^= 0x10
        answers[k] = b.hex()

    outcome = check_item(echo_impl(tamper), _item(version, case_id))
    assert outcome.status == "failed"
    [m] = outcome.mismatches
    assert m.index == k and m.op == ["write"]
    assert m.difference.offset == flip_at and m.difference.unit == "byte"
    assert "[" in m.difference.expected_window and m.difference.expected_window != m.difference.actual_window
    nlongs = 256  # 26.3's flat section: 4-bit block states, 16 values per long, no length prefix
    assert f"data long {nlongs - 1}, byte 3 of it" in m.where


def test_changed_pack_data_long_found_by_index():
    case_id, version = "palette/p/grow-biomes-16", "26.3"
    k = _op_index(case_id, version, "pack")

    def tamper(case, answers):
        answers[k]["data"][2] ^= 1 << 40

    [m] = check_item(echo_impl(tamper), _item(version, case_id)).mismatches
    assert m.index == k and m.difference.path == ("data", 2) and m.where == "data long 2"
    assert "differing bits 0x0000010000000000" in m.difference.note


def test_changed_count_found_by_entry_and_side():
    case_id, version = "palette/p/grow-block_states-5", "1.20.1"
    k = _op_index(case_id, version, "counts")

    def tamper(case, answers):
        answers[k][1][1] += 1

    [m] = check_item(echo_impl(tamper), _item(version, case_id)).mismatches
    assert m.difference.path == (1, 1) and m.where == "counts entry 1 (count)"


def test_changed_storage_long_and_missing_answer():
    case_id, version = "storage/p/errors", "26.3"
    k = _op_index(case_id, version, "longs")

    def tamper(case, answers):
        answers[k][3] = -1
        answers[1] = None
        answers.append(0)  # one answer too many

    ms = check_item(echo_impl(tamper), _item(version, case_id)).mismatches
    assert [m.index for m in ms] == [1, k, k + 1]
    assert ms[1].where == "long 3" and ms[2].where == "an answer beyond the last operation"


def test_error_policy_message_versus_kind():
    expected = recorded("26.3")["storage/p/errors"]["answers"][1]
    other = dict(expected, message="something else")
    assert first_difference(expected, other, "message").path == ("message",)
    assert first_difference(expected, other, "kind") is None
    assert first_difference(expected, dict(other, error="Other"), "kind").path == ("error",)
    assert first_difference(expected, None).note == "an error answer vs a value"


def test_cause_compared_under_message_policy():
    expected = {"error": "ReportedNbtException", "message": "Loading NBT data", "cause": "EOFException",
                "cause_message": None}
    assert first_difference(expected, dict(expected, cause="IOException")).path == ("cause",)
    assert first_difference(expected, {"error": "ReportedNbtException", "message": "Loading NBT data"}) is not None


def test_bool_is_not_an_int_and_none_is_not_zero():
    assert first_difference(1, True) is not None
    assert first_difference(0, None) is not None
    assert first_difference([0, 1], [0, 1]) is None


def test_text_answers_show_the_first_differing_character():
    d = first_difference('{s:"\\x00"}', '{s:"\x00"}')
    assert d.unit == "char" and d.offset == 4


def test_extra_answers_are_mismatches():
    ms = compare_case([["get", 0]], [0], [0, 5])
    assert [m.index for m in ms] == [1]


def test_write_parts_lay_out_every_recorded_write_answer():
    # write_parts reads of the version only whether the longs carry a VarInt length: an answer
    # recorded alike by several releases of one rule is laid out once
    seen = set()
    for version in bundled_versions():
        length_rule = versions.get(version).palette.write_long_array_length
        for case in load_reference(BUNDLED / version, areas=["palette"]).cases:
            for op, answer in zip(case["ops"], case["answers"]):
                key = (answer, case["setup"]["strategy"], length_rule)
                if op == ["write"] and isinstance(answer, str) and key not in seen:
                    parts = write_parts(bytes.fromhex(answer), case["setup"]["strategy"], version)
                    assert parts[0] == (0, 1, "bits byte")
                    assert parts[-1][1] == len(answer) // 2, (case["source"], parts[-1])
                    seen.add(key)
    assert len(seen) > 1000 and {rule for _, _, rule in seen} == {True, False}


@pytest.mark.parametrize("expected, actual, note", [
    (None, "00", "types differ: null vs bytes (hex)"),
    (None, "END", "types differ: null vs text"),
    ([3, 3], {"a": 1}, "types differ: a list vs a mapping"),
    (5, 5.0, "types differ: an integer vs a number (5 vs 5.0: an answer's 5 and 5.0 are not the same)"),
    (5, True, "types differ: an integer vs a boolean"),
    ({"palette": [0], "data": None}, {"palette": [0], "data": [0]}, "types differ: null vs a list"),
])
def test_differing_types_are_named_in_the_protocols_words(expected, actual, note):
    d = first_difference(expected, actual)
    assert d.note == note  # never Python's NoneType, str, dict, float, bool


def test_answers_that_are_no_list_are_named_in_the_protocols_words():
    [m] = compare_case([["new"]], [None], {"a": 1})
    assert m.difference.note == "answers must be a list, got a mapping"
    [m] = compare_case([["new"]], [None], None)
    assert m.difference.note == "answers must be a list, got null"
