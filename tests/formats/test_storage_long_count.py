"""A storage's ``long_count`` (``getRaw().length``), which ``PalettedContainer.write`` puts before
the longs where the release writes a count (the container's wire form, not the storage's)."""

import numpy as np
import pytest

from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.storage import SimpleBitStorage, ZeroBitStorage
from harness.formats.varint import write_varint


@pytest.mark.parametrize("bits, size", [(1, 64), (4, 4096), (5, 4096), (15, 4096), (32, 3), (7, 0)])
def test_long_count_is_the_number_of_longs_in_each_form(bits, size):
    s = SimpleBitStorage(bits, size)
    assert s.long_count == len(s.longs())
    if size:
        s.set(size - 1, 1)  # the cells hold the values: the longs not made yet
    assert s.long_count == len(s.longs())
    given = np.arange(s.long_count, dtype=np.int64)
    given.flags.writeable = False
    assert SimpleBitStorage.over_longs(bits, size, given).long_count == len(given)
    assert ZeroBitStorage(size).long_count == 0 == len(ZeroBitStorage(size).longs())


def test_write_puts_the_count_before_the_longs_only_where_the_release_does():
    c = PalettedContainer(Strategy.biomes(67), 5)
    c.set_at(3, 9)
    longs = b"".join(int(w).to_bytes(8, "big", signed=True) for w in c._data.storage.longs())
    head = bytes((1,)) + write_varint(2) + write_varint(5) + write_varint(9)
    assert c.write("1.20.1") == head + write_varint(1) + longs  # writeLongArray
    assert c.write("26.3") == head + longs  # writeFixedSizeLongArray
    single = PalettedContainer(Strategy.biomes(67), 5)
    assert single.write("1.20.1") == b"\x00\x05\x00" and single.write("26.3") == b"\x00\x05"
