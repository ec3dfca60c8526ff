"""What the storage and palettes keep between calls, and the short cuts of pack and unpack,
held to the game's rules as GAME_FACTS.md states them (1.1, 2.2, 2.3, 2.4).

A storage keeps its values one to a cell beside its longs, a palette keeps its reverse map and
written bytes, ``pack`` hands over a palette already in first-appearance order: none of it may
show in an answer. Expected longs here come from the packing rule itself (GAME_FACTS.md 1.1),
written out value by value in :func:`_rule_longs`.
"""

import numpy as np
import pytest

from harness.formats.palette import HashMapPalette, Packed, PalettedContainer, Strategy
from harness.formats.storage import SimpleBitStorage
from harness.formats.storage.simple_bit_storage import CELL_LIMIT
from harness.formats.storage.word_codec import decode_words, encode_values
from harness.formats.varint import write_varint
from helpers_palette import unpack_unchecked

BLOCKS = Strategy.block_states(35723)


def _rule_longs(bits: int, ids: list[int], size: int | None = None) -> list[int]:
    """GAME_FACTS.md 1.1: value i in long i // (64 // bits) from bit (i % (64 // bits)) * bits, as Java longs."""
    per_long = 64 // bits
    size = len(ids) if size is None else size
    words = [0] * -(-size // per_long)
    for i, v in enumerate(ids):
        words[i // per_long] |= v << (i % per_long) * bits
    return [w - (1 << 64) if w >> 63 else w for w in words]


@pytest.mark.parametrize("bits", range(1, 33))
def test_whole_arrays_follow_the_packing_rule(bits):
    rng = np.random.default_rng(bits)
    for size in (1, 13, 100, 4096):
        ids = rng.integers(0, 1 << bits, size=size, dtype=np.uint64).tolist()
        longs = _rule_longs(bits, ids)
        assert encode_values(np.array(ids, dtype=np.uint64), bits, len(longs)).view(np.int64).tolist() == longs
        assert decode_words(np.array(longs, dtype=np.int64).view(np.uint64), bits, size).tolist() == ids
        assert SimpleBitStorage.from_values(bits, size, ids).longs() == longs


def test_one_value_work_keeps_the_padding_of_given_longs():
    # GAME_FACTS.md 1.1: the long-array constructor keeps the caller's padding; set() never touches it
    s = SimpleBitStorage.from_longs(5, 13, [-1, -1])  # 12 values, 4 padding bits; then 1 value and 59 unused bits
    s.set(0, 0)
    s.set(12, 3)
    assert s.values().tolist() == [0] + [31] * 11 + [3]
    assert s.longs() == [-1 & ~31, -1 & ~31 | 3]
    assert s.write_longs(bytearray()) == b"".join(int(w).to_bytes(8, "big", signed=True) for w in s.longs())


def test_a_storage_over_the_cell_limit_works_on_its_longs():
    size = CELL_LIMIT + 7
    s = SimpleBitStorage(3, size)
    s.set(size - 1, 5)
    assert s.get_and_set(size - 1, 6) == 5
    assert s.longs()[-1] == 6 << ((size - 1) % 21) * 3  # GAME_FACTS.md 1.1: 21 three-bit values a long


def test_pack_merges_duplicates_of_a_palette_already_in_order():
    # GAME_FACTS.md 2.4: pack() walks the indices into a fresh palette, merging duplicate entries
    ids = [0, 1, 2, 0, 2]
    loaded = PalettedContainer.unpack(BLOCKS, [7, 9, 7], _rule_longs(4, ids, BLOCKS.size))
    saved = loaded.pack()
    assert saved.palette == [7, 9]
    assert saved.data == _rule_longs(4, [0, 1, 0, 0, 0], BLOCKS.size)


def test_pack_clears_the_padding_that_write_sends():
    # GAME_FACTS.md 2.4: a hash map's longs load verbatim (padding kept) and pack() repacks with
    # the int-array constructor (padding zero); 2.3: write() sends the in-memory longs
    entries = list(range(100, 117))  # 17 entries: a 5-bit hash map
    ids = [i % 17 for i in range(BLOCKS.size)]
    clean = _rule_longs(5, ids)
    dirty = [w | -(1 << 60) for w in clean]  # the 4 padding bits of every long set
    loaded = PalettedContainer.unpack(BLOCKS, entries, dirty)
    assert loaded.pack() == Packed(entries, clean)
    palette = write_varint(17) + b"".join(write_varint(v) for v in entries)
    assert loaded.write("26.3") == bytes([5]) + palette + b"".join(w.to_bytes(8, "big", signed=True) for w in dirty)


def test_global_pack_lists_values_in_first_appearance_order():
    # GAME_FACTS.md 2.4: the packed palette holds the values present in first-appearance order
    rng = np.random.default_rng(5)
    entries = rng.choice(35723, size=600, replace=False).tolist()
    ids = rng.integers(0, 600, size=BLOCKS.size).tolist()
    loaded = PalettedContainer.unpack(BLOCKS, entries, _rule_longs(10, ids))
    values = [entries[i] for i in ids]
    order = list(dict.fromkeys(values))
    saved = loaded.pack()
    assert saved.palette == order
    bits = (len(order) - 1).bit_length()  # GAME_FACTS.md 2.1: a global type packs at ceillog2(n) bits
    assert saved.data == _rule_longs(bits, [order.index(v) for v in values])


def test_write_follows_entries_added_after_a_write():
    # GAME_FACTS.md 2.3: the palette's count and ids, then the in-memory longs, as they are now
    c = PalettedContainer(BLOCKS, 8)
    c.set_at(1, 300)
    first = c.write("26.3")
    c.set_at(2, 70000 % 35723)
    c.set_at(3, 8)
    ids = [0, 1, 2, 0]
    palette = [8, 300, 70000 % 35723]
    assert first != c.write("26.3") == bytes([4]) + write_varint(3) + b"".join(map(write_varint, palette)) + \
        b"".join(w.to_bytes(8, "big", signed=True) for w in _rule_longs(4, ids, BLOCKS.size))


def test_hash_map_lookups_find_the_first_of_loaded_duplicates():
    # GAME_FACTS.md 2.2: a duplicate keeps its own id; lookup by value returns the first
    palette = HashMapPalette(8, [3, 4, 3])
    assert [palette.id_for(v, None) for v in (3, 4, 5, 3)] == [0, 1, 3, 0]
    assert palette.values == [3, 4, 3, 5]


def test_packed_longs_as_list_or_array():
    as_list = Packed([1, 2], [5, -1])
    given = np.array([5, -1], dtype=np.int64)
    as_array = Packed([1, 2], given)
    assert as_list == as_array and repr(as_array) == "Packed(palette=[1, 2], data=[5, -1])"
    assert as_list.longs.tolist() == [5, -1] and not as_array.longs.flags.writeable and given.flags.writeable
    assert Packed([1], None).data is None and Packed([1], None).longs is None
    section = PalettedContainer(BLOCKS, 1)
    section.set_at(5, 2)
    saved = section.pack()  # GAME_FACTS.md 2.4: [1, 2], id 1 at index 5 of 4-bit longs
    assert saved == Packed([1, 2], _rule_longs(4, [0] * 5 + [1], BLOCKS.size))
    assert PalettedContainer.unpack(BLOCKS, saved.palette, saved.longs).get_at(5) == 2


@pytest.mark.parametrize("entries, data", [([7], None), ([7], [1, 2]), (list(range(300)), [0] * 586)],
                         ids=["single-no-longs", "single-ignores-longs", "global"])
def test_unpack_reads_the_strategys_packed_layout_alone(monkeypatch, entries, data):
    # the bits, configuration and length of a packed section come from packed_layout, worked out once
    def asked_again(*args):
        raise AssertionError("worked out again beside packed_layout")

    monkeypatch.setattr(Strategy, "bits_for_serialization", asked_again)
    monkeypatch.setattr(Strategy, "configuration", asked_again)
    for given in (data, None if data is None else np.array(data, dtype=np.int64)):
        c = PalettedContainer.unpack(BLOCKS, entries, given)
        assert c.bits() == (0 if len(entries) == 1 else 16) and c.get_at(5) == entries[0]


def test_a_loaded_palette_moves_to_global_as_its_id_for_gives_each_value():
    # GAME_FACTS.md 2.4: a loaded palette's entries are not checked; GlobalPalette.idFor gives
    # a registry id its own id and 0 to anything else
    c = unpack_unchecked(Strategy.biomes(67), [3, True, 5, -1], [0b11_1001, 0])  # ids 1, 2, 3, then 0
    for v in range(10, 16):  # ten values: past the linear 3 bits, so global
        c.set_at(10 + v, v)
    assert c.bits() == 7 and [c.get_at(i) for i in range(4)] == [1, 5, 0, 3]


def test_longs_taken_as_given_are_written_as_the_rule_and_kept_until_a_change():
    # FriendlyByteBuf.writeFixedSizeLongArray: 8 bytes a long, big-endian (GAME_FACTS.md 2.3)
    given = np.array(_rule_longs(4, [i % 3 for i in range(BLOCKS.size)]), dtype=np.int64)
    given.flags.writeable = False
    s = SimpleBitStorage.over_longs(4, BLOCKS.size, given)
    written = s.write_longs(bytearray(b"\x04"))
    assert written == b"\x04" + given.astype(">i8").tobytes() and s.write_longs(bytearray(b"\x04")) is written
    s.set(0, 2)
    assert s.write_longs(bytearray(b"\x04"))[1:9] == (int(given[0]) | 2).to_bytes(8, "big", signed=True)
