"""``set_at``'s quick path (harness.formats.palette.quick_set), compiled and pure, held to the game.

A value the palette already has is stored straight into the storage's cells; anything else
takes the full path. None of it may show in an answer: every recorded palette case of every
recorded release is replayed on each path against the game's answers (once where releases of
equal rules recorded it alike: ``helpers_palette.palette_cases_to_replay``; the pure path's replay in
``test_palette_compiled_base``, with the pure base), and the resize order,
the values given back, ``write`` and ``pack`` after sets (and after sets that follow a
``write``) are held to GAME_FACTS.md 1.1, 2.2 and 2.4 through :class:`_RuleModel`, the stated
rules written out value by value.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import RECORDED_VERSIONS
from helpers_palette import assert_answers_as_recorded, needs_quick_set, palette_cases_to_replay, unpack_unchecked
from helpers_palette import quick_path  # noqa: F401  (the fixture: each quick path)
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette import PalettedContainer, Strategy, quick_set
from harness.formats.storage import SimpleBitStorage
from harness.formats.storage.word_codec import cell_dtype
from harness.formats.varint import write_varint
from harness.implementations.python import palette as python_palette

BLOCKS = Strategy.block_states(35723)
BIOMES = Strategy.biomes(67)


class _RuleModel:
    """GAME_FACTS.md 2.2's growth, value by value: a palette list (new values at the end while
    there is room) and one id per index; when full, a new palette of the values still present
    in index order, then the new value. Block states: 4-bit linear, then hash map 5..8, then the
    registry's 16 bits with ids that are the values."""

    def __init__(self, value: int):
        self.palette = [value]
        self.bits = 0
        self.ids = [0] * 4096

    def _capacity(self) -> int:
        return {0: 1, 4: 16}.get(self.bits, 1 << self.bits)

    def set(self, index: int, value: int) -> int:
        """Sets and gives the value replaced (get_and_set)."""
        old = self.value(index)
        if self.bits == 16:
            self.ids[index] = value
            return old
        if value not in self.palette:
            if len(self.palette) == self._capacity():
                present = list(dict.fromkeys(self.palette[i] for i in self.ids))
                wanted = len(present) + 1  # what onResize(bits + 1) makes room for: one more bit than now
                self.bits = {0: 4, 4: 5}.get(self.bits, self.bits + 1)
                if self.bits > 8:
                    self.bits = 16
                    self.ids = [self.palette[i] for i in self.ids]
                    self.ids[index] = value
                    return old
                assert wanted <= self._capacity()
                self.ids = [present.index(self.palette[i]) for i in self.ids]
                self.palette = present
            self.palette.append(value)
        self.ids[index] = self.palette.index(value)
        return old

    def value(self, index: int) -> int:
        return self.ids[index] if self.bits == 16 else self.palette[self.ids[index]]

    def longs(self) -> list[int]:
        """GAME_FACTS.md 1.1: id i in long i // (64 // bits) from bit (i % (64 // bits)) * bits, as Java longs."""
        return _rule_longs(self.bits, self.ids)

    def write(self) -> bytes:
        """GAME_FACTS.md 2.3 (26.x): bits byte, palette (count and entries, none for the global one), the longs."""
        out = bytes((self.bits,))
        if self.bits == 0:
            return out + write_varint(self.palette[0])
        if self.bits != 16:
            out += write_varint(len(self.palette)) + b"".join(write_varint(v) for v in self.palette)
        return out + b"".join(w.to_bytes(8, "big", signed=True) for w in self.longs())

    def pack(self) -> tuple[list[int], list[int] | None]:
        """GAME_FACTS.md 2.4: the values in first-appearance order, the ids repacked at the serialization bits."""
        values = [self.value(i) for i in range(4096)]
        palette = list(dict.fromkeys(values))
        if len(palette) == 1:
            return palette, None
        bits = BLOCKS.bits_for_serialization(len(palette))
        place = {v: i for i, v in enumerate(palette)}
        return palette, _rule_longs(bits, [place[v] for v in values])


def _rule_longs(bits: int, ids: list[int]) -> list[int]:
    if bits == 0:
        return []
    per_long = 64 // bits
    words = [0] * -(-len(ids) // per_long)
    for i, v in enumerate(ids):
        words[i // per_long] |= v << (i % per_long) * bits
    return [w - (1 << 64) if w >> 63 else w for w in words]


@needs_quick_set
@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_every_recorded_palette_case_on_the_compiled_path(version):
    # a case an earlier release of the same rules recorded alike is replayed there only; on the
    # compiled path alone: the pure one's replay is test_palette_compiled_base's (the same cases,
    # each value through set_at_in_python: the pure base calls it, the compiled base, its quick
    # path off, hands every value to it), and this module's other tests run on both paths
    release = versions.get(version)
    for case in palette_cases_to_replay(version):
        answers = python_palette.run(case["setup"], case["ops"], release)
        assert_answers_as_recorded(case, answers)


def test_resize_order_old_values_and_the_bytes_after_sets(quick_path):
    # values overwritten before each resize leave stale entries that the resize must drop
    rng = np.random.default_rng(12)
    model, c = _RuleModel(5), PalettedContainer(BLOCKS, 5)
    states = rng.choice(35723, size=400, replace=False).tolist()
    for step in range(6000):
        index = int(rng.integers(0, 4096)) if step % 3 else step % 4096
        value = states[int(rng.integers(0, min(len(states), 8 + step // 12)))]
        if step % 7 == 0:
            assert c.get_and_set_at(index, value) == model.set(index, value)
        else:
            c.set_at(index, value)
            model.set(index, value)
        if step % 997 == 0:  # whole-storage work between sets: the longs must follow the later sets
            assert c.write("26.3") == model.write()
            assert c.bits() == model.bits
    assert c.write("26.3") == model.write()
    packed = c.pack()
    assert (packed.palette, packed.data) == model.pack()


@pytest.mark.parametrize("distinct", [1, 3, 16, 17, 200, 256, 257, 1000])
def test_pack_after_sets_is_the_pack_of_a_container_built_from_the_values(quick_path, distinct):
    rng = np.random.default_rng(distinct)
    states = rng.choice(35723, size=distinct, replace=False).tolist()
    values = [states[i] for i in rng.integers(0, distinct, 4096)]
    grown = PalettedContainer(BLOCKS, values[-1])
    for i in rng.permutation(4096).tolist():  # the same values, set in another order, some twice
        grown.set_at(i, states[0])
        grown.set_at(i, values[i])
    model = _RuleModel(values[0])
    for i, v in enumerate(values):
        model.set(i, v)
    packed = grown.pack()
    assert (packed.palette, packed.data) == model.pack()
    again = PalettedContainer.unpack(BLOCKS, packed.palette, packed.data)
    for i in range(0, 4096, 5):
        again.set_at(i, values[i])  # known values: the quick path on an unpacked container
    assert [again.get_at(i) for i in range(4096)] == values


def test_a_known_value_is_still_refused_where_the_full_path_refuses(quick_path):
    # a loaded palette may hold ids that are no registry id (GAME_FACTS.md 2.4: no check at unpack)
    c = unpack_unchecked(BIOMES, [3, 99, -1, 4], _rule_longs(2, [0, 1, 2, 3] * 16))
    c.set_at(0, 4)  # turns the quick path on
    for bad, error in ((99, ValueError), (-1, ValueError), (True, TypeError), (4.0, TypeError),
                       (np.int64(4), TypeError)):
        with pytest.raises(error):
            c.set_at(1, bad)
    with pytest.raises(GameError, match="IllegalArgumentException"):
        c.set_at(64, 4)  # past the end: the game's Validate.inclusiveBetween
    with pytest.raises(GameError, match="IllegalArgumentException"):
        c.set_at(-1, 4)
    c.set_at(True, 3)  # an index is any int the storage takes: True is 1
    assert [c.get_at(i) for i in range(5)] == [4, 3, -1, 4, 3]


def test_a_copy_that_asks_the_original_to_resize_never_stores_on_its_own(quick_path):
    # 1.20.1: Palette.copy() keeps the original's resize handler (GAME_FACTS.md 2.2, PaletteRules)
    original = PalettedContainer(BLOCKS, 0)
    for v in range(1, 16):
        original.set_at(v, v)
    copy = original.copy("1.20.1")
    for v in range(1, 16):
        copy.set_at(100 + v, v)  # known values
    assert copy._fast is quick_set.IDLE and "set_at" not in vars(copy)  # the full path only
    assert [copy.get_at(100 + v) for v in range(1, 16)] == list(range(1, 16))
    original.set_at(0, 3)
    assert original._fast is not quick_set.IDLE  # while the original's own sets are quick


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(st.integers(0, 4095), st.integers(0, 300), st.sampled_from(["set", "swap", "write"])),
                max_size=400))
def test_any_run_of_sets_follows_the_rules(ops):
    for compiled in {quick_set.compiled, None}:
        saved, quick_set.compiled = quick_set.compiled, compiled
        try:
            model, c = _RuleModel(0), PalettedContainer(BLOCKS, 0)
            for index, value, what in ops:
                if what == "swap":
                    assert c.get_and_set_at(index, value) == model.set(index, value)
                elif what == "write":
                    assert c.write("26.3") == model.write()
                else:
                    c.set_at(index, value)
                    model.set(index, value)
            assert c.write("26.3") == model.write()
            packed = c.pack()
            assert (packed.palette, packed.data) == model.pack()
        finally:
            quick_set.compiled = saved


@pytest.mark.parametrize("bits", [5, 8, 16])
def test_a_storage_made_from_cells_follows_the_packing_rule_through_sets(bits):
    # GAME_FACTS.md 1.1; at 8 and 16 bits the cells' bytes are the longs' own until a set
    rng = np.random.default_rng(bits)
    ids = rng.integers(0, 1 << bits, 4096).tolist()
    s = SimpleBitStorage.from_cells(bits, 4096, np.array(ids, dtype=cell_dtype(bits)))
    assert s.longs() == _rule_longs(bits, ids)
    written = s.write_longs(bytearray())
    s.set(7, 3)
    ids[7] = 3
    assert s.longs() == _rule_longs(bits, ids) and s.write_longs(bytearray()) != written
    assert s.get_and_set(4095, 1) == ids[4095]
    ids[4095] = 1
    raw = s.raw()
    assert raw.view(np.int64).tolist() == _rule_longs(bits, ids)
    s.set(0, 2)
    ids[0] = 2
    assert raw.view(np.int64).tolist() == _rule_longs(bits, ids)  # the handed-out longs are the storage
    with pytest.raises(ValueError):
        SimpleBitStorage.from_cells(bits, 4096, np.zeros(4095, dtype=cell_dtype(bits)))


def test_a_set_at_kept_from_before_a_resize_or_a_write_still_sets_the_container(quick_path):
    c, model = PalettedContainer(BLOCKS, 0), _RuleModel(0)
    for v in range(1, 4):
        c.set_at(v, v)
        model.set(v, v)
    kept = c.set_at  # as a caller keeps a bound method for a loop
    for i in range(4096):
        kept(i, i % 40)  # through resizes to 5 and 6 bits
        model.set(i, i % 40)
        if i == 2000:
            assert c.write("26.3") == model.write()
    assert c.write("26.3") == model.write()
    kept(7, 39)
    model.set(7, 39)
    assert c.get_at(7) == 39 and c.write("26.3") == model.write()
