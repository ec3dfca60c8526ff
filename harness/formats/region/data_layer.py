"""``DataLayer``: a chunk section's light levels, 4096 nibbles in 2048 bytes.

The game's ``net.minecraft.world.level.chunk.DataLayer`` (every release 1.18 on), saved as
a section's ``SkyLight`` / ``BlockLight`` byte arrays inside the chunks region files hold
(which is why it lives beside :class:`~harness.formats.region.RegionFile`).

- index ``y << 8 | z << 4 | x`` (Java int arithmetic: the coordinates are not masked, so
  ``x = 16`` is the next z's ``x = 0``);
- byte ``index >> 1``, the low nibble for an even index, the high nibble for an odd one;
- a new layer holds no array: ``get`` answers 0 anywhere (no bounds check), ``isEmpty`` is
  true; ``set`` and ``getData`` make the 2048 zero bytes first;
- ``set`` keeps ``value & 15``; an index outside 0..4095 on an array is
  ``ArrayIndexOutOfBoundsException`` "Index I out of bounds for length 2048";
- ``new DataLayer(byte[])`` of another length: ``IllegalArgumentException``
  "DataLayer should be 2048 bytes not: N".

>>> layer = DataLayer(); layer.get(3, 4, 5), layer.is_empty()
(0, True)
>>> layer.set(1, 0, 0, 0x1f); layer.get(1, 0, 0), layer.get_data()[:1].hex()
(15, 'f0')
"""

from __future__ import annotations

from harness.formats.errors import GameError
from harness.formats.storage.simple_bit_storage import java_int

SIZE = 2048


def index(x: int, y: int, z: int) -> int:
    """``DataLayer.getIndex``: ``y << 8 | z << 4 | x`` as a Java int."""
    return java_int((y << 8) | (z << 4) | x)


class DataLayer:
    """A light nibble array (module text); ``data`` is ``None`` until something makes it."""

    def __init__(self, data: bytes | None = None):
        if data is not None and len(data) != SIZE:
            raise GameError("IllegalArgumentException", f"DataLayer should be {SIZE} bytes not: {len(data)}")
        self.data: bytearray | None = None if data is None else bytearray(data)

    def _byte(self, i: int) -> int:
        b = i >> 1
        if not 0 <= b < SIZE:
            raise GameError("ArrayIndexOutOfBoundsException", f"Index {b} out of bounds for length {SIZE}")
        return b

    def get(self, x: int, y: int, z: int) -> int:
        """``get(x, y, z)``: the nibble, 0 when there is no array yet."""
        if self.data is None:
            return 0
        i = index(x, y, z)
        return self.data[self._byte(i)] >> 4 * (i & 1) & 15

    def set(self, x: int, y: int, z: int, value: int) -> None:
        """``set(x, y, z, value)``: ``value & 15`` into the nibble (the array made first)."""
        data = self.get_data_array()
        i = index(x, y, z)
        b = self._byte(i)
        shift = 4 * (i & 1)
        data[b] = data[b] & ~(15 << shift) & 0xFF | (value & 15) << shift

    def get_data_array(self) -> bytearray:
        """``getData()``'s array itself (made, all zero, when there was none)."""
        if self.data is None:
            self.data = bytearray(SIZE)
        return self.data

    def get_data(self) -> bytes:
        """``getData()``: the 2048 bytes (made, all zero, when there were none)."""
        return bytes(self.get_data_array())

    def is_empty(self) -> bool:
        """``isEmpty()``: no array yet."""
        return self.data is None
