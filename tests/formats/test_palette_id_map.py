"""The value → id map of a palette has one owner, the palette (``id_map()``): its ``id_for`` and
``_add`` keep it, and ``set_at``'s quick path (harness.formats.palette.quick_set) reads that very
dict, adding to it only as the palette's ``_add`` does (the compiled path) and never on its own."""

import pytest

from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.palette.palettes import GlobalPalette, HashMapPalette, LinearPalette
from helpers_palette import quick_path, unpack_unchecked  # noqa: F401  (the fixture: each quick path)

BLOCKS = Strategy.block_states(35723)


@pytest.mark.parametrize("kind", [LinearPalette, HashMapPalette])
def test_an_entry_palettes_map_is_kept_by_each_value_added(kind):
    p = kind(4, [7, 9, 7])
    ids = p.id_map()
    assert ids == {7: 0, 9: 1} and p.id_map() is ids  # the first id of a duplicate, made once
    assert [p.id_for(v, None) for v in (5, 9, 5)] == [3, 1, 3]
    assert p.id_map() is ids and ids == {7: 0, 9: 1, 5: 3}
    assert kind(4, [1]).copy().id_map() is not kind(4, [1]).id_map()


def test_the_global_palettes_map_holds_the_ids_it_gave():
    p = GlobalPalette(10)
    assert p.id_map() == {} and [p.id_for(v, None) for v in (4, 12, 4, 0)] == [4, 0, 4, 0]
    assert p.id_map() == {4: 4, 0: 0}  # an id outside the registry is given no entry


@pytest.mark.parametrize("distinct", [3, 40, 300])  # linear, hash map, global at the end
def test_the_quick_path_reads_the_palettes_own_map(quick_path, distinct):
    c = PalettedContainer(BLOCKS, 0)
    for i in range(600):
        c.set_at(i, (i * 7) % distinct)
    palette = c._data.palette
    assert c._fast is palette.id_map() and c._known is palette.id_map()
    assert {v: palette.id_for(v, None) for v in range(distinct)} == {v: palette.id_map()[v] for v in range(distinct)}
    assert [c.get_at(i) for i in range(600)] == [(i * 7) % distinct for i in range(600)]


def test_a_palette_holding_more_than_registry_ids_is_read_through_a_copy_that_learns_nothing():
    c = unpack_unchecked(Strategy.biomes(67), [7, 500, 9], [1 << 2, 0])  # 500: no registry id, at index 1
    c.set_at(0, 9)
    c.set_at(2, 3)  # a new value, room for it: the full path adds it to the palette alone
    assert c._known == {7: 0, 9: 2} and c._data.palette.id_map() == {7: 0, 500: 1, 9: 2, 3: 3}
    c.set_at(3, 3)  # the full path again: the same id
    assert [c.get_at(i) for i in range(5)] == [9, 500, 3, 3, 7] and c.pack().palette == [9, 500, 3, 7]
