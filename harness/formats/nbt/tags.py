"""The 13 NBT tag types as typed Python values (the game's ``net.minecraft.nbt`` tags).

Shapes, chosen so user code reads naturally and nothing the game keeps is lost:

- ``ByteTag``, ``ShortTag``, ``IntTag``, ``LongTag`` are ``int`` subclasses, range-checked
  as signed 8/16/32/64-bit (``ValueError`` outside it).
- ``FloatTag`` and ``DoubleTag`` keep their **raw bits** (``.bits``, an unsigned 32/64-bit
  int): a NaN's payload is data. ``.value`` gives the Python float. Build from a float with
  ``FloatTag.of(1.5)`` or from bits with ``FloatTag(0x7fc00001)``. Equality is bit equality.
- ``StringTag`` is a ``str`` subclass holding the Java string with surrogate pairs joined
  into one code point and lone surrogates kept as they are (``"\\ud83d"``).
- ``ByteArrayTag``, ``IntArrayTag``, ``LongArrayTag`` hold a 1-D NumPy array (``.array``,
  dtype int8/int32/int64) and behave as sequences of ints. A ``ByteArrayTag`` is also built
  from ``bytes`` (the raw bytes, two's complement) and ``bytes(tag)`` gives them back.
- ``ListTag`` is a ``list`` of tags. Which element type it is written with is the binary
  writer's business (homogeneous before 26.x; wrapped mixed lists in 26.x).
- ``CompoundTag`` is a ``dict`` from ``str`` to tag whose insertion order is the order the
  game ``put`` its entries (file order for a compound read from bytes; a replaced key keeps
  its first place, as in Java's ``HashMap``). The order the game *writes* them is Java
  ``HashMap`` iteration order, computed by :func:`harness.formats.nbt.java_hashmap.iteration_order`.
- ``END`` is the single ``EndTag``.

>>> IntTag(5) + 1
6
>>> FloatTag.of(-0.0).bits == 0x80000000
True
>>> CompoundTag(a=IntTag(1))["a"].id
3
"""

from __future__ import annotations

import math
import struct
from typing import Any, Callable, ClassVar, Iterable, Iterator, TypeVar

import numpy as np

TAG_END = 0
TAG_BYTE = 1
TAG_SHORT = 2
TAG_INT = 3
TAG_LONG = 4
TAG_FLOAT = 5
TAG_DOUBLE = 6
TAG_BYTE_ARRAY = 7
TAG_STRING = 8
TAG_LIST = 9
TAG_COMPOUND = 10
TAG_INT_ARRAY = 11
TAG_LONG_ARRAY = 12

TYPE_NAMES = {
    TAG_END: "TAG_End", TAG_BYTE: "TAG_Byte", TAG_SHORT: "TAG_Short", TAG_INT: "TAG_Int",
    TAG_LONG: "TAG_Long", TAG_FLOAT: "TAG_Float", TAG_DOUBLE: "TAG_Double",
    TAG_BYTE_ARRAY: "TAG_Byte_Array", TAG_STRING: "TAG_String", TAG_LIST: "TAG_List",
    TAG_COMPOUND: "TAG_Compound", TAG_INT_ARRAY: "TAG_Int_Array", TAG_LONG_ARRAY: "TAG_Long_Array",
}


class Tag:
    """Base of every tag; ``id`` is the tag id (0..12)."""

    id: ClassVar[int]
    __slots__ = ()


class EndTag(Tag):
    """``EndTag.INSTANCE``: the End tag (id 0). There is one, :data:`END`."""

    id = TAG_END
    __slots__ = ()
    _instance: ClassVar["EndTag | None"] = None

    def __new__(cls) -> EndTag:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "END"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EndTag)

    def __hash__(self) -> int:
        return 0


END = EndTag()

_I = TypeVar("_I", bound="_IntTag")
_F = TypeVar("_F", bound="_FloatingTag")


class _IntTag(int, Tag):
    bits: ClassVar[int]

    def __new__(cls: type[_I], value: int = 0) -> _I:
        value = int(value)
        lo = -(1 << (cls.bits - 1))
        if not lo <= value < -lo:
            raise ValueError(f"{cls.__name__} holds a signed {cls.bits}-bit value; got {value}")
        return super().__new__(cls, value)

    @classmethod
    def wrap(cls: type[_I], value: int) -> _I:
        """The value cut to the tag's width as Java's narrowing cast does (two's complement)."""
        mask = (1 << cls.bits) - 1
        value &= mask
        if value >> (cls.bits - 1):
            value -= 1 << cls.bits
        return cls(value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({int(self)})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tag):
            return type(other) is type(self) and int(self) == int(other)
        return int(self) == other

    def __hash__(self) -> int:
        return int.__hash__(self)


class ByteTag(_IntTag):
    """TAG_Byte (id 1): signed 8-bit. Booleans are bytes 1 and 0."""

    id = TAG_BYTE
    bits = 8


class ShortTag(_IntTag):
    """TAG_Short (id 2): signed 16-bit."""

    id = TAG_SHORT
    bits = 16


class IntTag(_IntTag):
    """TAG_Int (id 3): signed 32-bit."""

    id = TAG_INT
    bits = 32


class LongTag(_IntTag):
    """TAG_Long (id 4): signed 64-bit."""

    id = TAG_LONG
    bits = 64


class _FloatingTag(Tag):
    __slots__ = ("bits",)
    width: ClassVar[int]
    _fmt: ClassVar[str]
    _ifmt: ClassVar[str]

    def __init__(self, bits: int = 0):
        bits = int(bits)
        if not 0 <= bits < (1 << self.width):
            raise ValueError(f"{type(self).__name__} raw bits must be an unsigned {self.width}-bit int; got {bits}")
        self.bits = bits

    @classmethod
    def of(cls: type[_F], value: float) -> _F:
        """The tag for a Python float, bits as ``struct`` packs them (big-endian IEEE 754)."""
        return cls(struct.unpack(cls._ifmt, struct.pack(cls._fmt, value))[0])

    @property
    def value(self) -> float:
        """The value as a Python float (a float tag's value widened exactly)."""
        value: float = struct.unpack(self._fmt, struct.pack(self._ifmt, self.bits))[0]
        return value

    def is_nan(self) -> bool:
        return math.isnan(self.value)

    def __float__(self) -> float:
        return self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _FloatingTag) and type(other) is type(self) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash((self.id, self.bits))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(0x{self.bits:0{self.width // 4}x} = {self.value!r})"


class FloatTag(_FloatingTag):
    """TAG_Float (id 5): IEEE 754 single, kept as its raw 32 bits."""

    id = TAG_FLOAT
    width = 32
    _fmt = ">f"
    _ifmt = ">I"


class DoubleTag(_FloatingTag):
    """TAG_Double (id 6): IEEE 754 double, kept as its raw 64 bits."""

    id = TAG_DOUBLE
    width = 64
    _fmt = ">d"
    _ifmt = ">Q"


class StringTag(str, Tag):
    """TAG_String (id 8): a Java string; pairs joined into code points, lone surrogates kept."""

    id = TAG_STRING

    # Equality and hash are str's own (C code, so dict lookups by a StringTag stay fast): a
    # StringTag equals the same text, str or StringTag; another tag type never compares equal
    # (str gives NotImplemented and the other tag's __eq__ says False).

    def __repr__(self) -> str:
        return f"StringTag({str.__repr__(self)})"


class _ArrayTag(Tag):
    __slots__ = ("array",)
    dtype: ClassVar[type[np.signedinteger[Any]]]
    array: np.ndarray[Any, np.dtype[np.signedinteger[Any]]]

    def __init__(self, values: Iterable[int] | np.ndarray[Any, Any] | bytes | bytearray | memoryview = ()):
        array: np.ndarray[Any, Any]
        if isinstance(values, str):  # iterable, but its characters are no elements
            takes = "ints, a NumPy array or bytes" if self.dtype is np.int8 else "ints or a NumPy array"
            raise TypeError(f"{type(self).__name__} takes {takes}, not str")
        if isinstance(values, (bytes, bytearray, memoryview)):
            if self.dtype is not np.int8:
                raise TypeError(f"{type(self).__name__} takes ints or a NumPy array, not {type(values).__name__} "
                                f"(for big-endian words: numpy.frombuffer(data, '>i{np.dtype(self.dtype).itemsize}'))")
            array = np.frombuffer(bytes(values), np.int8)  # raw bytes, two's complement (b"\xf1" is -15)
        elif isinstance(values, np.ndarray):
            if values.dtype.kind in "iub" and values.size and not np.can_cast(values.dtype, self.dtype):
                self._check_range((values.min(), values.max()))  # a wider array's values, never wrapped
            array = values.astype(self.dtype, copy=False)
        else:
            values = list(values)
            self._check_range(values)
            array = np.array(values, dtype=self.dtype)
        if array.ndim != 1:
            raise ValueError(f"{type(self).__name__} takes a 1-D array")
        self.array = array

    def _check_range(self, values: Iterable[Any]) -> None:
        info: np.iinfo[Any] = np.iinfo(self.dtype)
        for v in values:
            if not info.min <= int(v) <= info.max:
                raise ValueError(f"{type(self).__name__} element out of range: {v}")

    def __len__(self) -> int:
        return len(self.array)

    def __iter__(self) -> Iterator[int]:
        return (int(v) for v in self.array)

    def __getitem__(self, i: int) -> int:
        return int(self.array[i])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ArrayTag) and type(other) is type(self) and np.array_equal(self.array, other.array)

    def __hash__(self) -> int:
        return hash((self.id, self.array.tobytes()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.array.tolist()!r})"


class ByteArrayTag(_ArrayTag):
    """TAG_Byte_Array (id 7): signed bytes, as the game's ``byte[]`` holds them.

    Built from ints (each -128 to 127, else ``ValueError``), from a NumPy array (its values,
    range-checked the same way), or from ``bytes``, ``bytearray`` or ``memoryview``, taken as
    the raw bytes in two's complement (byte ``0xf1`` is -15), so any bytes, such as
    ``os.urandom(n)``, make a tag, and ``bytes(tag)`` gives them back. (The int and long
    array tags refuse bytes-like values with a ``TypeError``: which byte order the words
    have is the caller's to say, through ``numpy.frombuffer``.)

    >>> ByteArrayTag(b"\\x01\\xf1\\xff")
    ByteArrayTag([1, -15, -1])
    >>> bytes(ByteArrayTag([1, -15, -1]))
    b'\\x01\\xf1\\xff'
    >>> ByteArrayTag([241])
    Traceback (most recent call last):
    ...
    ValueError: ByteArrayTag element out of range: 241
    """

    id = TAG_BYTE_ARRAY
    dtype = np.int8

    def __bytes__(self) -> bytes:
        return self.array.tobytes()


class IntArrayTag(_ArrayTag):
    """TAG_Int_Array (id 11): signed 32-bit ints."""

    id = TAG_INT_ARRAY
    dtype = np.int32


class LongArrayTag(_ArrayTag):
    """TAG_Long_Array (id 12): signed 64-bit longs."""

    id = TAG_LONG_ARRAY
    dtype = np.int64


class ListTag(list[Tag], Tag):
    """TAG_List (id 9): a list of tags.

    ``declared_type`` is the element type a list read from bytes declared (kept for
    information; the game re-derives the type on write). ``None`` for lists built in code.
    """

    id = TAG_LIST
    declared_type: int | None = None  # class default: a list built in code

    def __init__(self, items: Iterable[Tag] = (), declared_type: int | None = None):
        super().__init__(items)
        if declared_type is not None:
            self.declared_type = declared_type

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ListTag) and _equal(list.__eq__, self, other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"ListTag({list.__repr__(self)})"


class CompoundTag(dict[str, Tag], Tag):
    """TAG_Compound (id 10): ``str`` keys to tags, in the order the game put them.

    ``table_size`` is the Java ``HashMap`` table length when it is not the one reached by
    growing from 16 while putting the entries in order (a compound the game built with
    ``new HashMap(other)``, which sizes its table from the entry count); ``None`` otherwise.
    """

    id = TAG_COMPOUND
    table_size: int | None = None  # class default; set on the instance when the table is not the grown one

    # The entries given to the constructor, ``update``, ``|=`` and ``setdefault`` are checked (a
    # ``str`` key, a tag value; ``TypeError`` naming the key otherwise). Item assignment is not:
    # a Python ``__setitem__`` would slow every reader that fills a compound (the binary and
    # SNBT readers make theirs with ``dict.__new__``, skipping this ``__init__`` too); the writers
    # name the key of a value that is no tag.
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        dict.__init__(self, *args, **kwargs)
        if self:
            check_entries(self.items())

    def update(self, *args: Any, **kwargs: Any) -> None:
        entries = dict(*args, **kwargs)
        check_entries(entries.items())
        dict.update(self, entries)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            check_entries(((key, default),))
        return dict.setdefault(self, key, default)

    def __ior__(self, other: Any) -> CompoundTag:  # type: ignore[override, misc]  # dict's |=, checked
        self.update(other)
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CompoundTag) and _equal(dict.__eq__, self, other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"CompoundTag({dict.__repr__(self)})"


def check_entries(entries: Iterable[tuple[Any, Any]]) -> None:
    """``TypeError`` for the first entry of a compound whose key is not a ``str`` or whose value
    is not a tag, naming the key and what it must be.

    >>> CompoundTag(a=5)
    Traceback (most recent call last):
    ...
    TypeError: CompoundTag['a']: a value must be an NBT tag (IntTag(5), StringTag('x'), CompoundTag(...), ...), not 5 (int)
    """
    for key, value in entries:
        if not isinstance(key, str):
            raise TypeError(f"CompoundTag: a key must be a str, not {key!r} ({type(key).__name__})")
        if not isinstance(value, Tag):
            raise TypeError(f"CompoundTag[{key!r}]: a value must be an NBT tag (IntTag(5), StringTag('x'), "
                            f"CompoundTag(...), ...), not {value!r} ({type(value).__name__})")


def _equal(compare: Callable[[Any, Any], bool], a: ListTag | CompoundTag, b: ListTag | CompoundTag) -> bool:
    """``compare(a, b)`` (``list.__eq__`` or ``dict.__eq__``: C, recursive), or the same
    answer from :func:`_equal_at_any_depth` where the trees nest too deep for it."""
    try:
        return compare(a, b)
    except RecursionError:
        return _equal_at_any_depth(a, b)


def _equal_at_any_depth(a: ListTag | CompoundTag, b: ListTag | CompoundTag) -> bool:
    """``a == b`` for trees too deep for Python's recursive comparison (about 1,000 levels;
    the game's binary limit is 512, SNBT text and code may nest deeper): the same answer,
    walked with a stack of its own."""
    stack: list[tuple[object, object]] = [(a, b)]
    while stack:
        x, y = stack.pop()
        if isinstance(x, CompoundTag):
            if not isinstance(y, CompoundTag) or x.keys() != y.keys():
                return False
            stack.extend((value, y[key]) for key, value in x.items())
        elif isinstance(x, ListTag):
            if not isinstance(y, ListTag) or len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif x != y:  # a leaf's own comparison: no nesting below it
            return False
    return True


_new_object = object.__new__


def float_tag_read(bits: int) -> FloatTag:
    """``FloatTag.valueOf`` of 32 bits read from a stream (unchecked): ``-0.0`` reads as ``ZERO``.

    Java's ``valueOf(f)`` returns the shared ``ZERO`` when ``f == 0.0F``, which -0.0 is, so a
    read -0.0 comes back as +0.0 (bits 0). NaN payloads are kept.
    """
    tag = _new_object(FloatTag)
    tag.bits = 0 if bits == 0x80000000 else bits
    return tag


def double_tag_read(bits: int) -> DoubleTag:
    """``DoubleTag.valueOf`` of 64 bits read from a stream (unchecked): ``-0.0`` reads as ``ZERO``."""
    tag = _new_object(DoubleTag)
    tag.bits = 0 if bits == 0x8000000000000000 else bits
    return tag


TAG_CLASSES: dict[int, type[Tag]] = {
    TAG_END: EndTag, TAG_BYTE: ByteTag, TAG_SHORT: ShortTag, TAG_INT: IntTag, TAG_LONG: LongTag,
    TAG_FLOAT: FloatTag, TAG_DOUBLE: DoubleTag, TAG_BYTE_ARRAY: ByteArrayTag, TAG_STRING: StringTag,
    TAG_LIST: ListTag, TAG_COMPOUND: CompoundTag, TAG_INT_ARRAY: IntArrayTag, TAG_LONG_ARRAY: LongArrayTag,
}
