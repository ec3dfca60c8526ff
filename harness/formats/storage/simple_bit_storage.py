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
as unsigned 64-bit words and handed out as signed 64-bit ints, as Java has them. The words
live in a NumPy array for whole-storage work (:meth:`values`, :meth:`from_values`,
:meth:`raw`) and in a list of Python ints for one value at a time (:meth:`get`, :meth:`set`),
each made from the other only when the other kind of work comes along. Once :meth:`raw` has
handed the array out, that array is the storage, as the game's is.

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
from functools import cache

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


_BYTE_WIDTHS = (8, 16, 32)  # values of whole bytes that fill a long exactly: its little-endian bytes are the values


@cache
def _slot_shifts(bits: int) -> np.ndarray:
    """Where each value of a long starts: ``0, bits, 2·bits...`` for the ``64 // bits`` values (``uint64``)."""
    shifts = np.arange(64 // bits, dtype=np.uint64) * np.uint64(bits)
    shifts.flags.writeable = False
    return shifts


@cache
def _slot_weights(bits: int) -> np.ndarray:
    """``2 ** shift`` for each of :func:`_slot_shifts`: a row of values times these, summed, is their long."""
    weights = np.uint64(1) << _slot_shifts(bits)
    weights.flags.writeable = False
    return weights


_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1


def java_longs(data, name: str = "longs") -> np.ndarray:
    """``data`` (ints, or an integer NumPy array) as Java longs, an ``int64`` array.

    The game's ``long`` is signed, and so is every long the rig passes and every recorded
    answer (-1, never 2**64 - 1): ``ValueError`` for a number outside -2**63..2**63-1,
    ``TypeError`` for one that is no int (the first such); ``name`` is the argument's name
    in these messages.
    """
    words = None
    if isinstance(data, np.ndarray):
        array = data.reshape(-1)
    else:
        words = data if isinstance(data, list) else list(data)
        try:
            array = np.array(words)
        except (ValueError, TypeError, OverflowError):  # ragged, or numbers NumPy cannot hold together
            array = np.array(())
    if array.ndim == 1 and array.dtype == np.int64:
        return array  # every list of plain ints in the signed range
    if array.ndim == 1 and array.dtype.kind in "iu" and array.dtype.itemsize < 8:
        return array.astype(np.int64)
    words = array.tolist() if words is None else words
    for x in words:  # the first number that is no Java long says what is wrong
        if isinstance(x, bool) or not isinstance(x, int):
            raise TypeError(f"{name} must hold ints (Java longs), not {type(x).__name__}")
        if not _LONG_MIN <= x <= _LONG_MAX:
            raise ValueError(f"{name} must hold signed 64-bit ints (Java longs, {_LONG_MIN}..{_LONG_MAX}), not {x}")
    return np.array(words, dtype=np.int64)


def expected_longs(bits: int, size: int) -> int:
    """``(size + vpl - 1) / vpl`` in Java ints: the length the game computes (negative for a
    negative size, or one so large that ``size + vpl - 1`` overflows). Nothing is allocated."""
    vpl = 64 // bits
    return _java_div(java_int(size + vpl - 1), vpl)


def required_longs(bits: int, size: int) -> int:
    """How many longs a new storage of ``size`` values of ``bits`` (1..32) allocates.

    Raises ``NegativeArraySizeException`` where :func:`expected_longs` is negative, and
    ``OutOfMemoryError`` above our limit :data:`MAX_LONGS` (the game would exhaust its heap).
    """
    n = expected_longs(bits, size)
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

    __slots__ = ("bits", "size", "mask", "values_per_long", "_mul", "_add", "_shift", "_array", "_words", "_raw_out")

    def __init__(self, bits: int, size: int, *, _data: np.ndarray | None = None):
        inclusive_between(1, 32, bits)
        self.bits = bits
        self.size = size
        self.mask = (1 << bits) - 1
        self.values_per_long = 64 // bits
        self._mul, self._add, self._shift = _divide_constants(self.values_per_long)
        if _data is None:
            _data = np.zeros(required_longs(bits, size), dtype=np.uint64)
        elif len(_data) != expected_longs(bits, size):  # the long[] constructor compares, allocating nothing
            raise InitializationException(len(_data), expected_longs(bits, size))
        # The longs: ``_array`` (uint64) or ``_words`` (Python ints), or both when they agree.
        self._array: np.ndarray | None = _data
        self._words: list[int] | None = None
        self._raw_out = False  # raw() has handed ``_array`` out: it alone holds the longs from then on

    @classmethod
    def from_longs(cls, bits: int, size: int, longs: Iterable[int] | np.ndarray) -> SimpleBitStorage:
        """The storage over ``longs``, padding bits and all: Java longs (signed 64-bit ints,
        :func:`java_longs`), or a NumPy array of 64-bit words (``int64`` or ``uint64``, the
        bit patterns as :meth:`raw` hands them out).

        Raises ``SimpleBitStorage.InitializationException`` "Invalid length given for
        storage, got: G but expected: E" unless there are as many longs as the values take,
        ``ValueError`` for a number that is no Java long and ``TypeError`` for a non-int.
        """
        inclusive_between(1, 32, bits)
        if isinstance(longs, np.ndarray):
            data = longs.astype(np.uint64, copy=True).reshape(-1)  # int64 wraps to its bit pattern
        else:
            data = java_longs(longs).view(np.uint64)  # a fresh array: its own words
        return cls(bits, size, _data=data)

    @classmethod
    def from_values(cls, bits: int, size: int, values: np.ndarray | Iterable[int]) -> SimpleBitStorage:
        """The storage packing the first ``size`` of ``values`` (Java ints), each masked to ``bits``.

        As the game's ``int[]`` constructor: no range check, padding and unused slots zero.
        """
        storage = cls(bits, size)
        vals = np.asarray(values, dtype=np.int64)[:size]
        whole_bytes = bits in _BYTE_WIDTHS
        cells = np.zeros((len(storage._array), storage.values_per_long),
                         dtype=f"<u{bits // 8}" if whole_bytes else np.uint64)
        cells.reshape(-1)[:len(vals)] = vals  # whole bytes: cut to the low bits on the way in
        if whole_bytes:
            storage._array = cells.view("<u8").reshape(-1).astype(np.uint64)
        else:
            cells &= np.uint64(storage.mask)
            storage._array = cells @ _slot_weights(bits)  # the values' bits never overlap: the sum is their OR
        return storage

    # --- one value -------------------------------------------------------------------
    def _cells(self) -> list[int] | np.ndarray:
        """What one-value work reads and writes: the list of words, or the array :meth:`raw` handed out."""
        if self._raw_out:
            return self._array
        words = self._words
        if words is None:
            words = self._words = self._array.tolist()
        return words

    def get(self, index: int) -> int:
        """The value at ``index``; ``IllegalArgumentException`` unless 0 <= index < size."""
        if not 0 <= index < self.size:
            inclusive_between(0, self.size - 1, index)
        cell = ((index * self._mul + self._add) >> 32) >> self._shift  # the game's index / valuesPerLong
        value = (int(self._cells()[cell]) >> (index - cell * self.values_per_long) * self.bits) & self.mask
        return value if value <= 0x7FFFFFFF else value - (1 << 32)  # as a Java int

    def set(self, index: int, value: int) -> None:
        """Sets the value at ``index``; ``IllegalArgumentException`` for a bad index, then a bad value."""
        self.get_and_set(index, value)

    def get_and_set(self, index: int, value: int) -> int:
        """Sets the value at ``index`` and gives the one it replaced (checks as :meth:`set`)."""
        mask = self.mask
        if not (0 <= index < self.size and 0 <= value <= mask):  # the game's checks, index first
            inclusive_between(0, self.size - 1, index)
            inclusive_between(0, mask, value)
        cell = ((index * self._mul + self._add) >> 32) >> self._shift
        shift = (index - cell * self.values_per_long) * self.bits
        words = self._words  # the usual case, without a call
        if words is None:
            words = self._cells()
        word = int(words[cell])
        words[cell] = word & ~(mask << shift) | value << shift
        if words is not self._array:
            self._array = None  # the list has moved on
        old = (word >> shift) & mask
        return old if old <= 0x7FFFFFFF else old - (1 << 32)

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
        self._word_array()[:] = np.uint64(pattern)
        self._words = None

    # --- everything at once ------------------------------------------------------------
    def _word_array(self) -> np.ndarray:
        """What whole-storage work reads and writes: the array of words (made from the list if need be)."""
        array = self._array
        if array is None:
            array = self._array = np.array(self._words, dtype=np.uint64)
        return array

    def values(self) -> np.ndarray:
        """All ``size`` values in index order, as Java ints (``int32``), as ``getAll`` gives them."""
        words = self._word_array()
        if self.bits in _BYTE_WIDTHS:
            cells = words.astype("<u8", copy=False).view(f"<u{self.bits // 8}")
        else:
            cells = ((words[:, None] >> _slot_shifts(self.bits)) & np.uint64(self.mask)).reshape(-1)
        return cells[:max(self.size, 0)].astype(np.uint32).view(np.int32)

    def raw(self) -> np.ndarray:
        """The longs themselves (``uint64``, not a copy): ``getRaw()``."""
        array = self._word_array()
        self._raw_out = True
        self._words = None
        return array

    def longs(self) -> list[int]:
        """The longs as signed 64-bit ints (a copy)."""
        return self._word_array().view(np.int64).tolist()

    def copy(self) -> SimpleBitStorage:
        """``copy()``: the same values over a copy of the longs."""
        return SimpleBitStorage(self.bits, self.size, _data=self._word_array().copy())

    def __repr__(self) -> str:
        return f"SimpleBitStorage(bits={self.bits}, size={self.size})"
