"""``ZeroBitStorage``: ``size`` values that are all 0, in no longs at all.

Matches ``net.minecraft.util.ZeroBitStorage`` of 1.20.1, 1.21.1, 26.1.2 and 26.3
(GAME_FACTS.md section 1.5): ``bits`` is 0, the raw array is empty, ``get`` gives 0 and
``set``/``get_and_set``/``fill`` (26.3) accept only the value 0, every index checked with
``Validate.inclusiveBetween``. ``copy()`` gives the storage itself, as the game's does.

>>> z = ZeroBitStorage(4)
>>> z.get(3), z.values().tolist(), z.longs()
(0, [0, 0, 0, 0], [])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from harness.formats.errors import inclusive_between, refuse_non_ints

_EMPTY = np.zeros(0, dtype=np.uint64)
_EMPTY.flags.writeable = False  # the game's shared ``RAW = new long[0]``


class ZeroBitStorage:
    """A storage of ``size`` zeros (``bits`` 0); same methods as :class:`SimpleBitStorage`."""

    __slots__ = ("size",)
    bits = 0
    mask = 0

    def __init__(self, size: int):
        if type(size) is not int:
            refuse_non_ints("ZeroBitStorage", size=size)
        self.size = size

    def get(self, index: int) -> int:
        """0; ``IllegalArgumentException`` unless 0 <= index < size, ``TypeError`` for an index
        that is no int (checked only past the quick test of a plain ``int``, as
        :class:`SimpleBitStorage` checks it only when the index fails)."""
        if type(index) is not int:
            refuse_non_ints("get", index=index)
        if not 0 <= index < self.size:
            inclusive_between(0, self.size - 1, index)
        return 0

    def set(self, index: int, value: int) -> None:
        """Checks the index, then that ``value`` is 0 (``IllegalArgumentException``)."""
        self.get_and_set(index, value)

    def get_and_set(self, index: int, value: int) -> int:
        """0, after the checks of :meth:`set`."""
        if type(index) is not int or type(value) is not int:
            refuse_non_ints("set", index=index, value=value)
        if not 0 <= index < self.size:
            inclusive_between(0, self.size - 1, index)
        if value != 0:
            inclusive_between(0, 0, value)
        return 0

    def fill(self, value: int) -> None:
        """26.3's ``fill``: only checks that ``value`` is 0."""
        if type(value) is not int:
            refuse_non_ints("fill", value=value)
        if value != 0:
            inclusive_between(0, 0, value)

    def values(self) -> np.ndarray[Any, Any]:
        """``size`` zeros (``int32``)."""
        return np.zeros(max(self.size, 0), dtype=np.int32)

    def ids(self) -> np.ndarray[Any, Any]:
        """``size`` zeros (``uint8``, read-only), as :meth:`SimpleBitStorage.ids` gives values."""
        zeros = np.zeros(max(self.size, 0), dtype=np.uint8)
        zeros.flags.writeable = False
        return zeros

    def raw(self) -> np.ndarray[Any, Any]:
        """The empty long array (read-only)."""
        return _EMPTY

    def longs(self) -> list[int]:
        """``[]``."""
        return []

    def long_array(self) -> np.ndarray[Any, Any]:
        """No longs: an empty ``int64`` array."""
        return np.zeros(0, dtype=np.int64)

    def clean_long_array(self) -> np.ndarray[Any, Any]:
        """No longs: an empty ``int64`` array."""
        return np.zeros(0, dtype=np.int64)

    long_count = 0
    """No longs (``getRaw().length``)."""

    def write_longs(self, prefix: bytearray) -> bytes:
        """``prefix``, then no longs."""
        return bytes(prefix)

    def copy(self) -> ZeroBitStorage:
        """The storage itself (it holds nothing that could change)."""
        return self

    def __repr__(self) -> str:
        return f"ZeroBitStorage(size={self.size})"
