"""``unpack``'s path for longs given as an ``int64`` array, held to the game's recorded answers.

A list palette and a one-dimensional ``int64`` array of a linear or hash map configuration are
taken as they are (GAME_FACTS.md 2.4: the longs used verbatim): the length checked, a read-only
array kept and copied only on the first change, a writable one copied. Every recorded palette
case with an ``unpack`` is replayed with its longs given so (read-only: once where releases of equal rules
recorded it alike, ``helpers_palette.palette_cases_to_replay``); the arrays given never change; a container
is no reference cycle (it goes when dropped, not at the next collection).
"""

import gc
import weakref

import numpy as np
import pytest

from conftest import RECORDED_VERSIONS, reference_cases
from helpers_palette import assert_answers_as_recorded, palette_cases_to_replay
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.storage import SimpleBitStorage
from harness.formats.storage.simple_bit_storage import CELL_LIMIT
from harness.implementations.python import palette as python_palette

BLOCKS = Strategy.block_states(35723)


def _as_array(data, writable: bool):
    """``data`` as an ``int64`` array (read-only unless ``writable``) where it is a list of Java longs, else as given."""
    if not isinstance(data, list) or not all(type(x) is int and -(1 << 63) <= x < 1 << 63 for x in data):
        return data
    array = np.array(data, dtype=np.int64).reshape(-1)
    array.flags.writeable = writable
    return array


# every release's cases with read-only arrays; a writable array differs only by the copy made
# at once, so the latest release's cases are enough for it
@pytest.mark.parametrize("version, writable", [(v, False) for v in RECORDED_VERSIONS] + [(RECORDED_VERSIONS[-1], True)],
                         ids=[f"{v}-read-only" for v in RECORDED_VERSIONS] + [f"{RECORDED_VERSIONS[-1]}-writable"])
def test_every_recorded_palette_case_with_the_longs_as_an_array(version, writable, monkeypatch):
    unpack, as_given = PalettedContainer.unpack.__func__, PalettedContainer._unpack_as_given.__func__
    taken = []

    def unpack_from_array(cls, strategy, palette, data):
        return unpack(cls, strategy, palette, _as_array(data, writable))

    def counted(cls, *args):
        taken.append(args[-1])
        return as_given(cls, *args)

    monkeypatch.setattr(PalettedContainer, "unpack", classmethod(unpack_from_array))
    monkeypatch.setattr(PalettedContainer, "_unpack_as_given", classmethod(counted))
    release = versions.get(version)
    # read-only: a case an earlier release of the same rules recorded alike is replayed there only;
    # a case without an unpack, never given an array, is test_palette_quick_set's replay: not again here
    recorded = reference_cases(version, "palette") if writable else palette_cases_to_replay(version)
    cases = [case for case in recorded if any(op[0] == "unpack" for op in case["ops"])]
    for case in cases:
        answers = python_palette.run(case["setup"], case["ops"], release)
        assert_answers_as_recorded(case, answers)
    # the replay went through the path (a release's few cases of its own may hold no unpack)
    assert taken or (not cases and len(recorded) < 10), "no recorded case took the path"


def _section(bits: int, ids: list[int]) -> np.ndarray:
    """GAME_FACTS.md 1.1's layout: id i in long i // (64 // bits) at bit (i % (64 // bits)) * bits."""
    per_long = 64 // bits
    words = [0] * -(-BLOCKS.size // per_long)
    for i, v in enumerate(ids):
        words[i // per_long] |= v << (i % per_long) * bits
    array = np.array([w - (1 << 64) if w >> 63 else w for w in words], dtype=np.int64)
    array.flags.writeable = False
    return array


@pytest.mark.parametrize("entries, bits", [([7, 9, 3], 4), (list(range(100, 300)), 8)], ids=["linear", "hash map"])
def test_sets_after_unpack_leave_the_array_given_as_it_was(entries, bits):
    ids = [i % len(entries) for i in range(BLOCKS.size)]
    given = _section(bits, ids)
    before = given.copy()
    c = PalettedContainer.unpack(BLOCKS, entries, given)
    c.set_at(0, entries[1])  # a value the palette holds
    c.set_at(1, 35000)  # a new one
    assert np.array_equal(given, before)
    assert [c.get_at(i) for i in (0, 1, 2)] == [entries[1], 35000, entries[2]]


def test_unpack_refuses_an_array_of_the_wrong_length_as_a_list():
    # GAME_FACTS.md 2.4: the DataResult error, the same for either form of the longs
    given = _section(4, [0] * BLOCKS.size)[:-1]
    for longs in (given, given.tolist()):
        with pytest.raises(GameError) as e:
            PalettedContainer.unpack(BLOCKS, [1, 2], longs)
        assert e.value.to_answer() == {"error": "DataResult", "message": "Failed to read PalettedContainer: Invalid "
                                       "length given for storage, got: 255 but expected: 256"}


def test_a_read_only_array_is_copied_on_the_first_change():
    # GAME_FACTS.md 1.1 / 1.3: value i at bit (i % 16) * 4 of long i // 16; fill spreads the value
    given = np.array([0, 3 << 4], dtype=np.int64)
    given.flags.writeable = False
    for change in (lambda s: s.set(17, 9), lambda s: s.get_and_set(17, 9), lambda s: s.fill(9),
                   lambda s: s.raw().__setitem__(1, 9 << 4)):
        s = SimpleBitStorage.from_longs(4, 32, given)
        assert s.get(17) == 3
        change(s)
        assert s.get(17) == 9
        assert given.tolist() == [0, 3 << 4]
    big = np.zeros(CELL_LIMIT // 16 + 1, dtype=np.int64)
    big.flags.writeable = False
    s = SimpleBitStorage.from_longs(4, len(big) * 16, big)  # over the cell limit: changes go to the words
    assert s.get_and_set(5, 7) == 0 and s.get(5) == 7 and not big.any()


def test_a_container_goes_as_soon_as_it_is_dropped():
    # no reference cycle: what a dropped container holds is freed at once, not by the collector
    gc.disable()
    try:
        made = [PalettedContainer.unpack(BLOCKS, [7, 9, 3], _section(4, [1] * BLOCKS.size)),
                PalettedContainer.unpack(BLOCKS, [7, 9, 3], [0] * 256), PalettedContainer(BLOCKS, 5)]
        made[2].get_and_set_at(3, 6)  # a resize through the full path
        refs = [weakref.ref(c) for c in made]
        del made
        assert [r() for r in refs] == [None, None, None]
    finally:
        gc.enable()
