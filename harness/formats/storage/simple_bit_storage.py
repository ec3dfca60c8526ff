"""``SimpleBitStorage``: values of 1 to 32 bits packed into longs, none spanning two longs.

Matches ``net.minecraft.util.SimpleBitStorage`` of 1.20.1, 1.21.1, 26.1.2 and 26.3
(GAME_FACTS.md section 1; the class is the same in all four, 26.3 adds ``fill``):

- ``values_per_long = 64 // bits``; value ``i`` is in long ``i // values_per_long`` at bit
  ``(i % values_per_long) * bits``, the first value of a long in its lowest bits;
- the bits above a long's last value are padding: ``set``/``get_and_set`` and the int-array
  constructor leave them zero, the long-array constructor keeps whatever it is given;
- the long index comes from the game's multiply-and-shift table (exact below 2**26 indices,
  as the game's, and the same numbers beyond).

Values are Java ``int``: a 32-bit value above 2**31 - 1 reads back negative. Longs are kept
as unsigned 64-bit NumPy words and handed out as signed 64-bit ints, as Java has them.

>>> s = SimpleBitStorage(5, 13)
>>> s.set(12, 31); s.get(12), s.longs()
(31, [0, 31])
>>> SimpleBitStorage.from_longs(5, 13, [1])
Traceback (most recent call last):
...
harness.formats.storage.simple_bit_storage.InitializationException: SimpleBitStorage.InitializationException: Invalid length given for storage, got: 1 but expected: 2
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from harness.formats.errors import GameError, inclusive_between

# Our own bound, not the game's: the game allocates whatever ``size`` asks for and a JVM runs
# out of heap somewhere above this. 2**24 longs is 128 MiB; the game's sections use 1,024.
MAX_LONGS = 1 << 24


class InitializationException(GameError):
    """``SimpleBitStorage.InitializationException``: a long array of the wrong length."""

    def __init__(self, got: int, expected: int):
        super().__init__("SimpleBitStorage.InitializationException",
                         f"Invalid length given for storage, got: {got} but expected: {expected}")
        self.got = got
        self.expected = expected


def java_int(n: int) -> int:
    """``n`` wrapped to a Java ``int`` (two's complement, 32 bits)."""
    n &= 0xFFFFFFFF
    return n - (1 << 32) if n >= (1 << 31) else n


def _java_div(a: int, b: int) -> int:
    """Java's ``int`` division (rounds toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _divide_constants(values_per_long: int) -> tuple[int, int, int]:
    """The game's ``MAGIC`` row for ``values_per_long``: (unsigned mul, unsigned add, shift)."""
    v = values_per_long
    if v == 1:
        return 0xFFFFFFFF, 0xFFFFFFFF, 0
    if v & (v - 1) == 0:
        return 0x80000000, 0, v.bit_length() - 2
    return (1 << 32) // v, (1 << 32) // v, 0


def required_longs(bits: int, size: int) -> int:
    """How many longs ``size`` values of ``bits`` (1..32) take: ``(size + vpl - 1) / vpl`` in Java ints.

    Raises ``NegativeArraySizeException`` where the game's arithmetic gives a negative
    length (a negative size, or one so large that ``size + vpl - 1`` overflows), and
    ``OutOfMemoryError`` above our limit :data:`MAX_LONGS` (the game would exhaust its heap).
    """
    vpl = 64 // bits
    n = _java_div(java_int(size + vpl - 1), vpl)
    if n < 0:
        raise GameError("NegativeArraySizeException", str(n))
    if n > MAX_LONGS:
        raise GameError("OutOfMemoryError", "Java heap space",
                        where=f"{n} longs asked for; this harness stops at {MAX_LONGS}")
    return n


class SimpleBitStorage:
    """``size`` values of ``bits`` bits each (1..32), over an array of longs.

    Constructors, as the game's three: ``SimpleBitStorage(bits, size)`` (zeros),
    :meth:`from_values` (an ``int[]``) and :meth:`from_longs` (a ``long[]``, kept as given).
    Each raises ``IllegalArgumentException`` unless ``bits`` is 1..32.
    """

    __slots__ = ("bits", "size", "mask", "values_per_long", "_mul", "_add", "_shift", "_data")

    def __init__(self, bits: int, size: int, *, _data: np.ndarray | None = None):
        inclusive_between(1, 32, bits)
        self.bits = bits
        self.size = size
        self.mask = (1 << bits) - 1
        self.values_per_long = 64 // bits
        self._mul, self._add, self._shift = _divide_constants(self.values_per_long)
        n = required_longs(bits, size)
        if _data is None:
            _data = np.zeros(n, dtype=np.uint64)
        elif len(_data) != n:
            raise InitializationException(len(_data), n)
        self._data = _data

    @classmethod
    def from_longs(cls, bits: int, size: int, longs: Iterable[int] | np.ndarray) -> SimpleBitStorage:
        """The storage over ``longs`` (signed or unsigned 64-bit), padding bits and all.

        Raises ``SimpleBitStorage.InitializationException`` "Invalid length given for
        storage, got: G but expected: E" unless there are as many longs as the values take.
        """
        inclusive_between(1, 32, bits)
        if isinstance(longs, np.ndarray):
            data = longs.astype(np.uint64, copy=True).reshape(-1)  # int64 wraps to its bit pattern
        else:
            words = list(longs)
            bad = next((x for x in words if not -(1 << 63) <= x < (1 << 64)), None)
            if bad is not None:
                raise ValueError(f"{bad} is not a 64-bit long")
            data = np.array([x & 0xFFFFFFFFFFFFFFFF for x in words], dtype=np.uint64)
        return cls(bits, size, _data=data)

    @classmethod
    def from_values(cls, bits: int, size: int, values: np.ndarray | Iterable[int]) -> SimpleBitStorage:
        """The storage packing the first ``size`` of ``values`` (Java ints), each masked to ``bits``.

        As the game's ``int[]`` constructor: no range check, padding and unused slots zero.
        """
        storage = cls(bits, size)
        vals = np.asarray(values, dtype=np.int64)[:size].astype(np.uint64) & np.uint64(storage.mask)
        vpl = storage.values_per_long
        cells = np.zeros(len(storage._data) * vpl, dtype=np.uint64)
        cells[:len(vals)] = vals
        shifts = np.arange(vpl, dtype=np.uint64) * np.uint64(bits)
        storage._data = np.bitwise_or.reduce(cells.reshape(-1, vpl) << shifts, axis=1).astype(np.uint64)
        return storage

    # --- one value -------------------------------------------------------------------
    def get(self, index: int) -> int:
        """The value at ``index``; ``IllegalArgumentException`` unless 0 <= index < size."""
        if not 0 <= index < self.size:
            inclusive_between(0, self.size - 1, index)
        cell = ((index * self._mul + self._add) >> 32) >> self._shift
        shift = (index - cell * self.values_per_long) * self.bits
        return java_int((int(self._data[cell]) >> shift) & self.mask)

    def set(self, index: int, value: int) -> None:
        """Sets the value at ``index``; ``IllegalArgumentException`` for a bad index, then a bad value."""
        self.get_and_set(index, value)

    def get_and_set(self, index: int, value: int) -> int:
        """Sets the value at ``index`` and gives the one it replaced (checks as :meth:`set`)."""
        if not (0 <= index < self.size and 0 <= value <= self.mask):  # the game's checks, index first
            inclusive_between(0, self.size - 1, index)
            inclusive_between(0, self.mask, value)
        cell = ((index * self._mul + self._add) >> 32) >> self._shift  # the game's index / valuesPerLong
        shift = (index - cell * self.values_per_long) * self.bits
        word = int(self._data[cell])
        self._data[cell] = (word & ~(self.mask << shift) & 0xFFFFFFFFFFFFFFFF) | (value << shift)
        return java_int((word >> shift) & self.mask)

    def fill(self, value: int) -> None:
        """26.3's ``fill``: every long becomes ``value`` spread by doubling.

        The pattern is ORed with itself shifted by bits, 2·bits, 4·bits... while the shift
        is below 64, so where bits do not divide 64 the padding holds the low bits of one
        more copy, and slots past ``size`` are filled too. ``IllegalArgumentException``
        unless 0 <= value <= mask.
        """
        inclusive_between(0, self.mask, value)
        pattern = value
        shift = self.bits
        while shift < 64:
            pattern = (pattern | (pattern << shift)) & 0xFFFFFFFFFFFFFFFF
            shift <<= 1
        self._data[:] = np.uint64(pattern)

    # --- everything at once ------------------------------------------------------------
    def values(self) -> np.ndarray:
        """All ``size`` values in index order, as Java ints (``int32``), as ``getAll`` gives them."""
        shifts = np.arange(self.values_per_long, dtype=np.uint64) * np.uint64(self.bits)
        cells = (self._data[:, None] >> shifts) & np.uint64(self.mask)
        return cells.reshape(-1)[:max(self.size, 0)].astype(np.uint32).view(np.int32)

    def raw(self) -> np.ndarray:
        """The longs themselves (``uint64``, not a copy): ``getRaw()``."""
        return self._data

    def longs(self) -> list[int]:
        """The longs as signed 64-bit ints (a copy)."""
        return self._data.view(np.int64).tolist()

    def copy(self) -> SimpleBitStorage:
        """``copy()``: the same values over a copy of the longs."""
        return SimpleBitStorage(self.bits, self.size, _data=self._data.copy())

    def __repr__(self) -> str:
        return f"SimpleBitStorage(bits={self.bits}, size={self.size})"
