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
:meth:`raw`); a storage of up to :data:`CELL_LIMIT` values also keeps them one to a cell for
one value at a time (:meth:`get`, :meth:`set`), each form made from the other only when the
other kind of work comes along. Once :meth:`raw` has handed the array out, that array is the
storage, as the game's is.

>>> s = SimpleBitStorage(5, 13)
>>> s.set(12, 31); s.get(12), s.longs()
(31, [0, 31])
>>> SimpleBitStorage.from_longs(5, 13, [1])
Traceback (most recent call last):
...
harness.formats.storage.simple_bit_storage.InitializationException: SimpleBitStorage.InitializationException: Invalid length given for storage, got: 1 but expected: 2
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import cache

import numpy as np

from harness.formats.errors import GameError, inclusive_between, refuse_non_ints
from harness.formats.storage import long_bytes
from harness.formats.storage.word_codec import cell_dtype, decode_words, encode_values, padding, used_bits

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


_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1
_INT64, _UINT64 = np.dtype(np.int64), np.dtype(np.uint64)


def java_longs(data, name: str = "longs") -> np.ndarray:
    """``data`` (ints, or an integer NumPy array) as Java longs, an ``int64`` array.

    The game's ``long`` is signed, and so is every long the rig passes and every recorded
    answer (-1, never 2**64 - 1): ``ValueError`` for a number outside -2**63..2**63-1,
    ``TypeError`` for one that is no int (the first such); ``name`` is the argument's name
    in these messages.
    """
    if type(data) is np.ndarray and data.dtype is _INT64 and data.ndim == 1:
        return data  # the usual case, at once
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


@cache
def _layout(bits: int) -> tuple[int, int, tuple[int, int, int]]:
    """``(mask, values_per_long, (mul, add, shift))`` for ``bits`` (1..32): the game's constants, made once a width."""
    values_per_long = 64 // bits
    return (1 << bits) - 1, values_per_long, _divide_constants(values_per_long)


_NO_LONGS_YET = np.zeros(0, dtype=np.uint64)  # what from_cells passes for the longs: none made yet
_new_storage = object.__new__  # over_longs' instance, with no __init__
_LITTLE_ENDIAN = sys.byteorder == "little"

CELL_LIMIT = 1 << 16
"""Storages of at most this many values keep them one to a cell for one-value work (a chunk
section's 4,096 take 4 to 16 KB); larger ones work on the longs alone, so that their memory
stays 8 bytes a long."""


class SimpleBitStorage:
    """``size`` values of ``bits`` bits each (1..32), over an array of longs.

    Constructors, as the game's three: ``SimpleBitStorage(bits, size)`` (zeros),
    :meth:`from_values` (an ``int[]``) and :meth:`from_longs` (a ``long[]``, kept as given).
    Each raises ``IllegalArgumentException`` unless ``bits`` is 1..32.

    How the values are held is ours, not the game's, and shows in no answer: the longs, in a
    ``uint64`` array, for whole-storage work; for one value at a time (:meth:`get`,
    :meth:`set`), a storage of at most :data:`CELL_LIMIT` values also holds them one to a cell
    (``uint8``/``uint16``/``uint32``), the padding bits of the longs kept beside them; each form
    is made from the other when the other kind of work comes along. Once :meth:`raw` has handed
    the longs out, that array alone is the storage, as the game's is.
    """

    __slots__ = ("bits", "size", "mask", "values_per_long", "_division", "_array", "_given", "_cells", "_view",
                 "_padding", "_clean", "_raw_out", "_written", "_written_prefix", "_written_bytes")

    def __init__(self, bits: int, size: int, *, _data: np.ndarray | None = None):
        if type(bits) is not int or not 1 <= bits <= 32:
            refuse_non_ints("SimpleBitStorage", bits=bits)
            inclusive_between(1, 32, bits)
        if type(size) is not int:
            refuse_non_ints("SimpleBitStorage", size=size)
        self.bits = bits
        self.size = size
        self.mask, self.values_per_long, self._division = _layout(bits)
        if type(size) is int and 0 <= size <= CELL_LIMIT:  # the usual sizes, without Java's int arithmetic
            expected = self._long_total()
        else:
            expected = expected_longs(bits, size)
        self._clean = _data is None  # padding known to be 0 (else taken from the longs when the cells move on)
        if _data is _NO_LONGS_YET:  # from_cells: the cells alone, the longs made from them when asked for
            _data = None
        elif _data is None:  # outside the usual sizes, required_longs says what the game would throw
            _data = np.zeros(expected if 0 <= expected <= CELL_LIMIT else required_longs(bits, size), dtype=np.uint64)
        elif len(_data) != expected:  # the long[] constructor compares, allocating nothing
            raise InitializationException(len(_data), expected)
        # The longs (``_array``, None while the cells have moved on) and the cells (``_cells``,
        # with ``_view`` to write them and ``_padding`` the longs' other bits), or both when they agree.
        self._array: np.ndarray | None = _data
        self._given: np.ndarray | None = None  # over_longs' int64 longs, until the words are first wanted
        self._cells: np.ndarray | None = None
        self._view: memoryview | None = None
        self._padding: np.ndarray | None = None
        self._raw_out = False  # raw() has handed ``_array`` out: it alone holds the longs from then on
        # once asked: the longs written (None: none kept), the prefix before them, and the two as bytes
        self._written: np.ndarray | None = None
        self._written_prefix = self._written_bytes = b""

    @classmethod
    def from_longs(cls, bits: int, size: int, longs: Iterable[int] | np.ndarray) -> SimpleBitStorage:
        """The storage over ``longs``, padding bits and all: Java longs (signed 64-bit ints,
        :func:`java_longs`), or a NumPy array of 64-bit words (``int64`` or ``uint64``, the
        bit patterns as :meth:`raw` hands them out).

        A read-only one-dimensional array (:attr:`harness.formats.palette.Packed.longs`, an
        array over ``bytes``) is used as it is, as the game's constructor keeps its ``long[]``,
        and copied on the first change; any other is copied. Raises
        ``SimpleBitStorage.InitializationException`` "Invalid length given for storage, got: G
        but expected: E" unless there are as many longs as the values take, ``ValueError`` for
        a number that is no Java long and ``TypeError`` for a non-int.
        """
        if type(bits) is not int or not 1 <= bits <= 32:
            refuse_non_ints("SimpleBitStorage", bits=bits)
            inclusive_between(1, 32, bits)
        if type(longs) is np.ndarray and (longs.dtype is _INT64 or longs.dtype is _UINT64):
            if longs.ndim == 1 and not longs.flags.writeable:  # read-only: taken as it is, copied on the first change
                data = longs.view(np.uint64)
            else:
                data = longs.astype(np.uint64).reshape(-1)  # a copy; int64 words are their bit patterns
        elif isinstance(longs, np.ndarray):
            data = longs.astype(np.uint64, copy=True).reshape(-1)
        else:
            data = java_longs(longs).view(np.uint64)  # a fresh array: its own words
        return cls(bits, size, _data=data)

    @classmethod
    def over_longs(cls, bits: int, size: int, longs: np.ndarray) -> SimpleBitStorage:
        """:meth:`from_longs` of ``longs`` with its checks already made by the caller: ``bits``
        1..32, ``size`` 0..:data:`CELL_LIMIT` and ``longs`` a one-dimensional ``int64`` array of
        exactly the longs ``size`` values take, used as it is (a read-only one is copied on the
        first change, a writable one becomes the storage's own; seen as words only when first
        wanted). Nothing is checked here."""
        storage = _new_storage(cls)
        storage.bits = bits
        storage.size = size
        storage.mask, storage.values_per_long, storage._division = _layout(bits)
        storage._clean = False
        storage._given = longs
        storage._array = storage._cells = storage._view = storage._padding = storage._written = None
        storage._written_prefix = storage._written_bytes = b""
        storage._raw_out = False
        return storage

    @classmethod
    def from_values(cls, bits: int, size: int, values: np.ndarray | Iterable[int]) -> SimpleBitStorage:
        """The storage packing the first ``size`` of ``values`` (Java ints), each masked to ``bits``.

        As the game's ``int[]`` constructor: no range check, padding and unused slots zero.
        """
        storage = cls(bits, size)
        vals = np.asarray(values)
        if vals.dtype.kind not in "iu":
            vals = vals.astype(np.int64)
        vals = vals[:max(size, 0)] & storage.mask  # Java ints, cut to their low bits
        storage._array = encode_values(vals, bits, len(storage._array))
        storage._clean = True
        if 0 < size <= CELL_LIMIT and len(vals) == size:  # the cells come for free
            storage._set_cells(vals.astype(cell_dtype(bits)))
        return storage

    @classmethod
    def from_cells(cls, bits: int, size: int, cells: np.ndarray) -> SimpleBitStorage:
        """The storage of ``cells``: ``size`` (1..:data:`CELL_LIMIT`) values, each 0..2**bits-1,
        in an array of :func:`~harness.formats.storage.word_codec.cell_dtype` (taken, not copied).

        As :meth:`from_values` (padding 0), but the longs are made from the cells only when
        first asked for, except where the cells' bytes are the longs' own (8, 16 or 32 bits
        filling every long, on a little-endian machine: both forms are then the same memory,
        and a change to the cells lets the longs go as ever); ``ValueError`` for cells of
        another length or type."""
        if len(cells) != size or cells.dtype != cell_dtype(bits) or not 0 < size <= CELL_LIMIT:
            raise ValueError(f"from_cells needs {size} cells of {cell_dtype(bits)} (1 to {CELL_LIMIT}), "
                             f"not {len(cells)} of {cells.dtype}")
        storage = cls(bits, size, _data=_NO_LONGS_YET)
        storage._clean = True
        storage._set_cells(cells)
        if _LITTLE_ENDIAN and bits in (8, 16, 32) and size % (64 // bits) == 0 and cells.flags.c_contiguous:
            storage._array = cells.view(np.uint64)
        return storage

    # --- one value -------------------------------------------------------------------
    def _set_cells(self, cells: np.ndarray) -> memoryview:
        self._cells = cells
        view = self._view = memoryview(cells)
        return view

    def _one_value_view(self) -> memoryview | None:
        """The cells to read and write one value in, made from the longs if need be; None
        where one-value work goes to the longs themselves (:meth:`raw` handed them out, or
        the storage is over :data:`CELL_LIMIT` values)."""
        view = self._view
        if view is None and not self._raw_out and 0 < self.size <= CELL_LIMIT:
            view = self._set_cells(decode_words(self._word_array(), self.bits, self.size))
        return view

    def _cells_move_on(self) -> None:
        """The cells are about to change: the longs no longer hold the values, only the padding is kept."""
        if not self._clean:
            self._padding = padding(self._array, self.bits, self.size)
        self._array = None

    def get(self, index: int) -> int:
        """The value at ``index``; ``IllegalArgumentException`` unless 0 <= index < size,
        ``TypeError`` for an index that is no int."""
        try:
            if not 0 <= index < self.size:
                inclusive_between(0, self.size - 1, index)
            view = self._view
            if view is None:
                view = self._one_value_view()
                if view is None:
                    return self._word_get(index)
            value = view[index]
        except (TypeError, IndexError):  # an index that is no int (a float compares, then fails here)
            refuse_non_ints("get", index=index)
            raise
        return value if value <= 0x7FFFFFFF else value - (1 << 32)  # as a Java int

    def set(self, index: int, value: int) -> None:
        """Sets the value at ``index``; ``IllegalArgumentException`` for a bad index, then a bad value."""
        view = self._view
        try:
            if view is not None and 0 <= index < self.size and 0 <= value <= self.mask:  # the usual case, at once
                view[index] = value
                if self._array is not None:
                    self._cells_move_on()
                return
        except TypeError:  # an index or value that is no int: get_and_set says which
            pass
        self.get_and_set(index, value)

    def writable_cells(self) -> memoryview | None:
        """The cells themselves, one value each (a ``memoryview`` of ``B``, ``H`` or ``I``), for
        a caller that stores many values as :meth:`set` would, without its checks; or None where
        one-value work goes to the longs (:meth:`raw` handed them out, or over :data:`CELL_LIMIT`).

        The longs are let go as :meth:`set` lets them go. The caller may store only values
        0..mask at indices 0..size-1, and must stop before any other method but :meth:`get`,
        :meth:`set` and :meth:`get_and_set` (those that make the longs from the cells again)."""
        view = self._one_value_view()
        if view is not None and self._array is not None:
            self._cells_move_on()
        return view

    def get_and_set(self, index: int, value: int) -> int:
        """Sets the value at ``index`` and gives the one it replaced (checks as :meth:`set`;
        ``TypeError`` for an index or value that is no int)."""
        try:
            if not (0 <= index < self.size and 0 <= value <= self.mask):  # the game's checks, index first
                inclusive_between(0, self.size - 1, index)
                inclusive_between(0, self.mask, value)
            view = self._view
            if view is None:
                view = self._one_value_view()
                if view is None:
                    return self._word_get_and_set(index, value)
            old = view[index]
            view[index] = value
        except (TypeError, IndexError):  # an index or value that is no int (a float compares, then fails here)
            refuse_non_ints("set", index=index, value=value)
            raise
        if self._array is not None:
            self._cells_move_on()
        return old if old <= 0x7FFFFFFF else old - (1 << 32)

    def _word_get(self, index: int) -> int:
        """:meth:`get` on the longs themselves (``index`` checked)."""
        mul, add, shift = self._division
        cell = ((index * mul + add) >> 32) >> shift  # the game's index / valuesPerLong
        value = (int(self._word_array()[cell]) >> (index - cell * self.values_per_long) * self.bits) & self.mask
        return value if value <= 0x7FFFFFFF else value - (1 << 32)

    def _word_get_and_set(self, index: int, value: int) -> int:
        """:meth:`get_and_set` on the longs themselves (``index`` and ``value`` checked)."""
        mask = self.mask
        mul, add, shift = self._division
        cell = ((index * mul + add) >> 32) >> shift
        shift = (index - cell * self.values_per_long) * self.bits
        words = self._own_words()
        word = int(words[cell])
        words[cell] = word & ~(mask << shift) | value << shift
        self._written = None
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
        self._own_words()[:] = np.uint64(pattern)  # in place: a handed-out raw() array sees it
        self._cells = self._view = self._padding = None
        self._clean = False
        self._written = None

    # --- everything at once ------------------------------------------------------------
    def _word_array(self) -> np.ndarray:
        """What whole-storage work reads and writes: the array of words (made from the cells if need be)."""
        array = self._array
        if array is None:
            if self._given is not None:  # over_longs' longs, as words at last
                array = self._array = self._given.view(np.uint64)
                self._given = None
                return array
            array = encode_values(self._cells, self.bits, self._long_total())
            if self._padding is not None:
                array |= self._padding
            self._array = array
        return array

    def _own_words(self) -> np.ndarray:
        """:meth:`_word_array` to change in place: a copy first where the words are a read-only
        array taken as it is (:meth:`from_longs`), so that the array given never changes."""
        array = self._word_array()
        if not array.flags.writeable:
            array = self._array = array.copy()
        return array

    def ids(self) -> np.ndarray:
        """All ``size`` values in index order as stored, unsigned (:func:`cell_dtype`), read-only;
        the storage's own cells where it has them (no copy: read them before the next change)."""
        cells = self._cells
        if cells is None:
            if self._one_value_view() is None:  # no cells to keep: decode the longs for this call
                cells = decode_words(self._word_array(), self.bits, max(self.size, 0))
                cells.flags.writeable = False
                return cells
            cells = self._cells
        out = cells.view()
        out.flags.writeable = False
        return out

    def values(self) -> np.ndarray:
        """All ``size`` values in index order, as Java ints (``int32``), as ``getAll`` gives them (a new array)."""
        ids = self.ids()
        return ids.view(np.int32).copy() if self.bits == 32 else ids.astype(np.int32)

    def raw(self) -> np.ndarray:
        """``storage.raw()`` (the game's ``getRaw()``): the longs themselves (``uint64``, not a copy)."""
        array = self._own_words()
        self._raw_out = True
        self._cells = self._view = self._padding = None
        self._written = None
        return array

    def longs(self) -> list[int]:
        """The longs as signed 64-bit ints (a copy)."""
        return self._word_array().view(np.int64).tolist()

    def long_array(self) -> np.ndarray:
        """The longs as Java longs, a new ``int64`` array."""
        return self._word_array().view(np.int64).copy()

    def clean_long_array(self) -> np.ndarray:
        """The longs with every padding bit 0, as the ``int[]`` constructor would make them: a new ``int64`` array."""
        words = self._word_array()
        used = used_bits(self.bits, self.size)
        return (words.copy() if used is None else words & used).view(np.int64)

    @property
    def long_count(self) -> int:
        """How many longs the storage holds (``getRaw().length``), made from the cells or not yet."""
        array = self._array if self._array is not None else self._given
        return self._long_total() if array is None else len(array)

    def _long_total(self) -> int:
        """How many longs a storage of the usual sizes (0..:data:`CELL_LIMIT` values) holds:
        ``size`` over the values a long holds, rounded up."""
        return (self.size + self.values_per_long - 1) // self.values_per_long

    def write_longs(self, prefix: bytearray) -> bytes:
        """``prefix`` (taken: it may grow), then the longs as ``FriendlyByteBuf`` sends each,
        8 bytes, big-endian (:mod:`.long_bytes`), in one ``bytes`` (kept, with the prefix, until
        the next change or another prefix). A count before them, where the wire form has one
        (``writeLongArray``), is the caller's part of the prefix (:attr:`long_count`)."""
        array = self._word_array()  # over_longs' longs too, seen as words once, as all other work sees them
        if self._written is array and self._written_prefix == prefix:
            return self._written_bytes
        data = long_bytes.big_endian(prefix, array)
        if not self._raw_out:  # a handed-out array may change behind our back
            self._written = array
            self._written_prefix = bytes(prefix)
            self._written_bytes = data
        return data

    def copy(self) -> SimpleBitStorage:
        """``storage.copy()`` (the game's ``copy()``): the same values over a copy of the longs."""
        return SimpleBitStorage(self.bits, self.size, _data=self._word_array().copy())

    def __repr__(self) -> str:
        return f"SimpleBitStorage(bits={self.bits}, size={self.size})"
