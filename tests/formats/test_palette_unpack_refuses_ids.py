"""``PalettedContainer.unpack`` checks its palette where it comes in, as ``set_at`` checks a
value (the class docstring): each entry must be an int (as an index is) in 0..registry-1, or a
``TypeError`` / ``ValueError`` names ``palette[i]`` and the range, on each quick path (the
compiled whole-list check and the pure one) and for each configuration the palette's size
gives (single value, linear, hash map, global)."""

import numpy as np
import pytest

from harness.formats.palette import PalettedContainer, Strategy
from helpers_palette import quick_path  # noqa: F401  (the fixture: each quick path)

BLOCKS = Strategy.block_states(24135)


def _longs(count: int) -> list[int]:
    return [0] * count


BAD = [  # (palette, longs, error, message)
    ([10**9], None, ValueError, r"palette\[0\] must be a registry id from 0 to 24134, not 1000000000"),
    ([-5], None, ValueError, r"palette\[0\] must be a registry id from 0 to 24134, not -5"),
    ([1, 2**31], _longs(256), ValueError, r"palette\[1\] must be a registry id from 0 to 24134, not 2147483648"),
    ([1, 24135], _longs(256), ValueError, r"palette\[1\] must be a registry id from 0 to 24134, not 24135"),
    ([1, 2**70], _longs(256), ValueError, r"palette\[1\] must be a registry id from 0 to 24134, not 1180591620717411303424"),
    ([*range(100), -1], _longs(512), ValueError, r"palette\[100\] must be a registry id"),  # hash map
    ([*range(300), 24135], _longs(768), ValueError, r"palette\[300\] must be a registry id"),  # global
    ([1, 1.5], _longs(256), TypeError, r"palette\[1\] must be an int \(a registry id\), not float"),
    ([None], None, TypeError, r"palette\[0\] must be an int \(a registry id\), not NoneType"),
    ([*range(20), 0.5], _longs(320), TypeError, r"palette\[20\] must be an int \(a registry id\), not float"),
    ([np.int64(3), 24135], _longs(256), ValueError, r"palette\[1\] must be a registry id from 0 to 24134, not 24135"),
    ([0, "3"], _longs(256), TypeError, r"palette\[1\] must be an int \(a registry id\), not str"),
]


@pytest.mark.parametrize("palette, longs, error, message", BAD, ids=range(len(BAD)))
@pytest.mark.parametrize("form", ["list", "array", "tuple"])
def test_unpack_refuses_a_palette_entry_no_registry_id(quick_path, palette, longs, error, message, form):
    data = None if longs is None else np.array(longs, dtype=np.int64) if form == "array" else longs
    given = tuple(palette) if form == "tuple" else list(palette)
    with pytest.raises(error, match=message):
        PalettedContainer.unpack(BLOCKS, given, data)


@pytest.mark.parametrize("palette", [[0], [24134], [3, 0, 24134], list(range(200)), list(range(24134, 23000, -1)),
                                     [True, 5], [np.int64(7), 9]])  # an int as an index is one: True is 1
def test_unpack_takes_every_registry_id(quick_path, palette):
    bits = BLOCKS.bits_for_serialization(len(palette))
    longs = None if bits == 0 else [0] * -(-4096 // (64 // bits))
    for given in (palette, tuple(palette)):
        value = PalettedContainer.unpack(BLOCKS, given, longs).get_at(0)
        assert value == palette[0]
        assert type(value) is int  # kept as a plain int (True as 1), so an answer's JSON holds a number
