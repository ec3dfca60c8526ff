"""The whole-array paths of the storage and the palettes, held to the game's rules stated value by value.

``pack``, ``unpack``, ``write`` and resizing work on NumPy arrays of all 4,096 ids at once;
these tests pin them to what GAME_FACTS.md states per index (1.3, 2.3, 2.4) and to the one-value
forms that the recorded answers pin (``write_varint``, ``value_for``, ``get``/``set``).
"""

import numpy as np
import pytest

from harness.formats.errors import GameError
from harness.formats.palette import (
    GlobalPalette,
    HashMapPalette,
    LinearPalette,
    PalettedContainer,
    SingleValuePalette,
    Strategy,
)
from harness.formats.storage import SimpleBitStorage
from harness.formats.varint import write_varint

BLOCKS = Strategy.block_states(35723)


def _longs(bits: int, ids: list[int]) -> list[int]:
    return SimpleBitStorage.from_values(bits, BLOCKS.size, ids + [0] * (BLOCKS.size - len(ids))).longs()


def test_pack_merges_duplicate_palette_entries_in_first_appearance_order():
    # GAME_FACTS.md 2.4: duplicate entries decode to the same value; pack() merges them,
    # values in first-appearance order of the indices
    loaded = PalettedContainer.unpack(BLOCKS, [7, 9, 7], _longs(4, [2, 1, 0, 1]))
    saved = loaded.pack()
    assert saved.palette == [7, 9]
    assert saved.data == _longs(4, [0, 1, 0, 1])


def test_pack_refuses_the_first_bad_id_in_index_order():
    # GAME_FACTS.md 2.4: pack walks the indices 0..N-1; a linear/hash map id past the palette
    # loads, and fails at the first index that holds one (9 here, before the smaller 5)
    loaded = PalettedContainer.unpack(BLOCKS, [5, 6, 7], _longs(4, [1, 9, 5]))
    with pytest.raises(GameError) as e:
        loaded.pack()
    assert e.value.to_answer() == {"error": "MissingPaletteEntryException",
                                   "message": "Missing Palette entry for index 9."}


def test_global_unpack_refuses_the_first_bad_index_in_index_order():
    # GAME_FACTS.md 2.4: a global-type configuration maps each index in turn, throwing out of unpack
    with pytest.raises(GameError) as e:
        PalettedContainer.unpack(BLOCKS, list(range(300)), _longs(9, [0, 400, 310]))
    assert e.value.to_answer()["message"] == "Missing Palette entry for index 400."


@pytest.mark.parametrize("palette, ids, refused", [
    (LinearPalette(4, [3, 4]), [1, 5, 2], 5),
    (HashMapPalette(8, [3, 4, 3]), [2, 0, 3, 7], 3),
    (GlobalPalette(10), [3, 12, -1], 12),
    (SingleValuePalette(), [0], 0),
    (SingleValuePalette([8]), [0, 0, 1], 1),
])
@pytest.mark.parametrize("as_ids", [np.array, list], ids=["array", "list"])
def test_values_for_refuses_what_value_for_refuses_first(palette, ids, refused, as_ids):
    with pytest.raises(GameError) as whole:
        palette.values_for(as_ids(ids))
    with pytest.raises(GameError) as one:
        palette.value_for(refused)
    assert whole.value.to_answer() == one.value.to_answer()


def test_values_for_gives_value_for_of_each():
    palette = HashMapPalette(8, [11, 12, 11, 13])
    ids = [3, 0, 2, 1, 3]
    assert palette.values_for(np.array(ids)).tolist() == [palette.value_for(i) for i in ids] == [13, 11, 11, 12, 13]
    assert palette.values_for(ids) == [13, 11, 11, 12, 13] and palette.values_for([2]) == [11]  # a list: a list
    assert palette.values_for([]) == [] and GlobalPalette(20).values_for([4, 9]) == [4, 9]
    assert SingleValuePalette([8]).values_for([0, 0]) == [8, 8] and SingleValuePalette().values_for([]) == []


def test_palette_write_is_write_varint_of_each_entry():
    # GAME_FACTS.md 2.3: the count, then each registry id as a VarInt (every length from 1 to 5 bytes)
    entries = [0, 1, 127, 128, 16383, 16384, 2097151, 2097152, 268435455, 268435456, 2147483647, -1, -2147483648]
    entries = entries * 5  # enough to go through NumPy
    out = bytearray()
    HashMapPalette(8, entries).write(out)
    assert bytes(out) == write_varint(len(entries)) + b"".join(write_varint(v) for v in entries)


def test_palette_write_refuses_a_value_no_java_int_has():
    with pytest.raises(ValueError, match="^4294967296 is not a 32-bit int$"):
        HashMapPalette(8, list(range(40)) + [1 << 32]).write(bytearray())


@pytest.mark.parametrize("bits", [8, 16, 32])
def test_whole_byte_widths_mask_as_the_int_array_constructor(bits):
    # GAME_FACTS.md 1.3: (bits, size, int[]) masks each value with (1 << bits) - 1
    mask = (1 << bits) - 1
    values = [300, -1, 1 << 20, 70000, 5]
    s = SimpleBitStorage.from_values(bits, 7, values)
    expected = [v & mask for v in values] + [0, 0]
    assert [s.get(i) & 0xFFFFFFFF for i in range(7)] == expected
    assert (s.values().astype(np.int64) & 0xFFFFFFFF).tolist() == expected


def test_raw_is_the_storage_itself():
    # getRaw() gives the long array the storage works on, not a copy
    s = SimpleBitStorage(5, 13)
    raw = s.raw()
    s.set(12, 31)
    assert int(raw[1]) == 31
    raw[0] = 7
    assert s.get(0) == 7
    s.fill(1)
    assert int(raw[0]) == 0x1084210842108421  # GAME_FACTS.md 1.4 example (26.3)


def test_one_value_and_whole_array_work_interleave():
    s = SimpleBitStorage(6, 100)
    s.set(3, 9)
    assert s.values()[3] == 9
    s.set(4, 10)
    assert s.values()[3:5].tolist() == [9, 10]
    t = s.copy()
    t.set(3, 1)
    assert (s.get(3), t.get(3), t.get(4)) == (9, 1, 10)
