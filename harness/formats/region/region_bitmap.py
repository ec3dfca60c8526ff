"""``RegionBitmap``: which 4096-byte sectors of a region file are in use, and where a chunk goes.

The game's ``net.minecraft.world.level.chunk.storage.RegionBitmap`` (every release 1.18 on):
a bit set of sectors. ``force(start, n)`` marks sectors used (the two header sectors at
open, then every valid table entry, overlapping ones too), ``free`` clears them, and
``allocate(n)`` takes the **first run of n free sectors** from the file's start, or the
sectors after the last used one::

    i = 0
    loop: j = first clear bit >= i; k = first set bit >= j
          if there is no k, or k - j >= n: force(j, n), return j
          i = k

>>> b = RegionBitmap(); b.force(0, 2); b.force(3, 1)
>>> b.allocate(1), b.allocate(2)
(2, 4)
>>> b.free(2, 1); b.allocate(1)
2
"""

from __future__ import annotations


class RegionBitmap:
    """The used sectors (module text); sector numbers are ints from 0."""

    def __init__(self) -> None:
        self._used = bytearray()

    def force(self, start: int, count: int) -> None:
        """Mark sectors ``start .. start + count - 1`` used."""
        if start + count > len(self._used):
            self._used.extend(bytes(start + count - len(self._used)))
        self._used[start:start + count] = b"\x01" * count

    def free(self, start: int, count: int) -> None:
        """Mark sectors ``start .. start + count - 1`` free."""
        end = min(start + count, len(self._used))
        if start < end:
            self._used[start:end] = bytes(end - start)

    def allocate(self, count: int) -> int:
        """The first sector of the first run of ``count`` free sectors, now marked used."""
        i = 0
        while True:
            j = self._used.find(0, i)
            if j < 0:
                j = len(self._used)
            k = self._used.find(1, j)
            if k < 0 or k - j >= count:
                self.force(j, count)
                return j
            i = k
