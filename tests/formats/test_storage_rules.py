"""SimpleBitStorage / ZeroBitStorage rules, each pinned by a value the game recorded or GAME_FACTS states."""

import numpy as np
import pytest

from conftest import RECORDED_VERSIONS, reference_case, reference_cases
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.storage import InitializationException, SimpleBitStorage, ZeroBitStorage, new_storage
from helpers_palette import recorded_answer


def test_values_never_span_two_longs_and_padding_is_kept():
    # storage/p/from-longs-5-size-1 (26.3): 12 five-bit values a long, 4 padding bits kept as given
    s = SimpleBitStorage.from_longs(5, 1, [-231254356039745869])
    assert s.values().tolist() == recorded_answer("26.3", "storage/p/from-longs-5-size-1", 1) == [19]
    s.set(0, 31)
    assert s.longs() == recorded_answer("26.3", "storage/p/from-longs-5-size-1", 5) == [-231254356039745857]


def test_low_bits_first_and_zero_padding_when_set():
    # storage/p/width-32-size-64: value 6 is the low half of long 3 (2 values a long)
    case = reference_case("26.3", "storage/p/width-32-size-64")
    s = SimpleBitStorage(32, 64)
    for op in case["ops"][1:-2]:
        getattr(s, op[0])(*op[1:])
    assert s.longs() == case["answers"][-1]
    assert s.longs()[3] == 1920999877  # get_and_set(6, 1920999877), nothing above it


def test_wrong_long_count_is_refused_with_the_games_message():
    with pytest.raises(InitializationException) as e:
        SimpleBitStorage.from_longs(10, 4096, [0] * 682)
    # 4,096 ten-bit values at 6 a long take 683 longs (storage/p/from-longs-wrong-length-10)
    assert e.value.to_answer() == recorded_answer("26.3", "storage/p/from-longs-wrong-length-10", 0)


def test_index_then_value_checked_with_validate_messages():
    case = reference_case("26.3", "storage/p/errors")  # bits 5, size 64
    s = SimpleBitStorage(5, 64)
    for i, op in enumerate(case["ops"][1:5], start=1):
        with pytest.raises(GameError) as e:
            getattr(s, op[0])(*op[1:])
        assert e.value.to_answer() == case["answers"][i]


def test_width_above_32_is_refused():
    with pytest.raises(GameError) as e:
        new_storage(33, 64)
    assert e.value.to_answer() == recorded_answer("26.3", "storage/p/bits-33", 0)


def test_32_bit_values_read_back_as_java_ints():
    # storage/p/from-longs-32-size-4096: get(320) is negative in the game's answer
    case = reference_case("26.3", "storage/p/from-longs-32-size-4096")
    s = SimpleBitStorage.from_longs(32, 4096, case["ops"][0][1])
    assert s.get(320) == case["answers"][2] == -773746074
    assert s.values().tolist() == case["answers"][1]


def test_zero_bit_storage_holds_no_longs():
    case = reference_case("26.3", "storage/p/width-0-size-256")
    z = ZeroBitStorage(256)
    assert z.longs() == case["answers"][-1] == []
    assert z.values().tolist() == case["answers"][-2]
    with pytest.raises(GameError):
        z.set(0, 1)


@pytest.mark.parametrize("bits, value, word", [
    (5, 1, 0x1084210842108421), (5, 31, 0xFFFFFFFFFFFFFFFF), (7, 1, 0x8102040810204081), (3, 5, 0xDB6DB6DB6DB6DB6D),
])
def test_fill_spreads_the_value_over_the_padding(bits, value, word):
    # GAME_FACTS.md 1.4 examples (26.3)
    s = SimpleBitStorage(bits, 64)
    s.fill(value)
    assert int(s.raw()[0]) == word


def test_fill_matches_the_recorded_longs():
    # storage/p/fill-5 (26.3): fill(3) over 5 bits, padding nibble holds a partial copy
    case = reference_case("26.3", "storage/p/fill-5")
    s = SimpleBitStorage(5, 4096)
    s.fill(case["ops"][1][1])
    assert s.longs() == case["answers"][2]
    assert s.longs()[0] == 3570337562653461603


def test_fill_exists_only_where_the_version_table_says():
    # version difference: only 26.3's recorded sets hold cases with a fill op (before it the
    # recording left them out: the method does not exist)
    for v in versions.RECORDED:
        has = any(op[0] == "fill" for c in reference_cases(v, "storage") for op in c["ops"])
        assert versions.get(v).storage.has_fill == has, v


def test_bulk_values_match_single_gets():
    rng = np.random.default_rng(3)
    for bits in range(1, 33):
        longs = rng.integers(-(1 << 63), (1 << 63) - 1, size=SimpleBitStorage(bits, 100).raw().size).tolist()
        s = SimpleBitStorage.from_longs(bits, 100, longs)
        assert s.values().tolist() == [s.get(i) for i in range(100)]
        t = SimpleBitStorage.from_values(bits, 100, s.values())
        assert t.values().tolist() == s.values().tolist()


def test_the_long_array_constructor_compares_lengths_before_any_allocation():
    # GAME_FACTS 1.3: the (bits, size, long[]) constructor only compares data.length with
    # (size + vpl - 1) / vpl, so a negative size is an InitializationException, not an allocation
    from harness.implementations.python import answer_case
    case = {"id": "t", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": -100},
            "ops": [["from_longs", []], ["new"]]}
    assert answer_case(case) == [
        {"error": "SimpleBitStorage.InitializationException",
         "message": "Invalid length given for storage, got: 0 but expected: -5"},
        {"error": "NegativeArraySizeException", "message": "-5"}]
