"""The compiled helpers of a resize's copy (``_quick_set.c``: ``first_appearances``,
``registry_ids``) give what the pure-Python work gives, and a global palette takes a resize's
values at once (``GlobalPalette.ids_for``) as ``id_for`` takes them one by one."""

import numpy as np
import pytest

from harness.formats.palette import quick_set
from harness.formats.palette.paletted_container import _first_appearances
from harness.formats.palette.palettes import GlobalPalette
from helpers_palette import needs_quick_set

RNG = np.random.default_rng(7)
CELLS = [np.array([3, 3, 0, 7, 0, 255], dtype=np.uint8), np.zeros(4096, dtype=np.uint8),
         RNG.integers(0, 256, 4096).astype(np.uint8), RNG.integers(0, 40, 4096).astype(np.uint8),
         RNG.integers(0, 65536, 4096).astype(np.uint16), np.array([], dtype=np.uint8)]


@needs_quick_set
@pytest.mark.parametrize("cells", CELLS, ids=range(len(CELLS)))
def test_first_appearances_in_c_is_the_pure_answer(cells):
    bits = cells.dtype.itemsize * 8
    assert quick_set.first_appearances(cells) == _first_appearances(cells, bits)[0].tolist()


@needs_quick_set
def test_first_appearances_in_c_leaves_other_cells_to_the_caller():
    wide, flat = np.arange(8, dtype=np.uint32), np.arange(16, dtype=np.uint8)
    for other in (wide, flat.reshape(4, 4), flat[::2], np.arange(4, dtype=np.int8)):
        assert quick_set.first_appearances(other) is None


def test_first_appearances_without_the_compiled_path_is_left_to_the_caller(monkeypatch):
    monkeypatch.setattr(quick_set, "compiled", None)
    assert quick_set.first_appearances(CELLS[0]) is None


KEYS = [[3, 0, 9], [3, True], [3, 10], [-1], [2**70], [1.0], [], ["3"], [9, 0, 5, 4]]


@pytest.mark.parametrize("keys", KEYS, ids=range(len(KEYS)))
def test_registry_ids_in_c_is_the_pure_answer(monkeypatch, keys):
    as_dict = dict.fromkeys(keys, 0)
    answers = [quick_set.plain_ids(keys, 10), quick_set.plain_ids(as_dict, 10)]
    monkeypatch.setattr(quick_set, "compiled", None)
    pure = quick_set.plain_ids(keys, 10)
    assert answers == [pure, pure] == [quick_set.plain_ids(as_dict, 10)] * 2


@pytest.mark.parametrize("values", [[4, 9, 4, 0], [4, 12, 3], [], [True, 2]])
def test_a_global_palette_takes_values_at_once_as_one_by_one(values):
    together, alone = GlobalPalette(10), GlobalPalette(10)
    assert together.ids_for(values) == [alone.id_for(v, None) for v in values]
    assert together.id_map() == alone.id_map()
