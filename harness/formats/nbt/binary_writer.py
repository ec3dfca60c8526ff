"""One binary NBT writer for every encoding, doing what the game's tag ``write`` methods do.

:class:`NbtWriter` turns tags into bytes in an :class:`~harness.formats.nbt.encoding.NbtEncoding`.
What the game does on write, as options (set per form and version by :mod:`nbt_io`):

- compounds in Java ``HashMap`` iteration order (:func:`java_hashmap.iteration_order`), or
  with ``hashmap_order=False`` in the order they were put (Bedrock: its ``std::map`` keeps keys
  sorted, so a file Bedrock wrote reads back in that order and is written back byte for byte);
- lists: an empty list has element type 0; before 26.x the element type is the first
  element's (a mixed list cannot exist in the game: ``UnsupportedOperationException``);
  with ``heterogeneous_lists`` (26.x ``ListTag.write``) the type is the common one, or 10
  when mixed, and then every element that is not a compound, or is a compound of exactly one
  key ``""``, is written wrapped as ``{"": element}``;
- ``canonical_nan``: every NaN written as ``7fc00000`` / ``7ff8000000000000``
  (``DataOutputStream.writeFloat`` = ``floatToIntBits``); otherwise raw bits (Netty's
  ``ByteBufOutputStream`` = ``floatToRawIntBits``);
- strings over 65,535 encoded bytes (fixed-width encodings): ``string_fallback`` ``"all"``
  writes ``""`` for any too-long ``writeUTF``, keys too (``NbtIo.StringFallbackDataOutput``);
  ``"values"`` writes ``""`` for too-long string values only (1.20.1 ``StringTag.write``);
  ``None``: ``UTFDataFormatException`` "encoded string (<head>...<tail>) too long: N bytes".

Iterative (explicit stack), so any depth writes without recursion.
"""

from __future__ import annotations

import struct

import numpy as np

from harness.formats.errors import GameError
from harness.formats.nbt import tags as T
from harness.formats.nbt.encoding import NbtEncoding, write_varint, zigzag_encode
from harness.formats.nbt.java_hashmap import iteration_order
from harness.formats.nbt.mutf8 import MAX_UTF_LENGTH, encode_mutf8, encode_utf8, too_long_message

_STRUCT_CODES = {1: "b", 2: "h", 3: "i", 4: "q", 5: "I", 6: "Q"}
_ARRAY_DTYPES = {7: "i1", 11: "i4", 12: "i8"}
_STRING_CACHES: dict[str, dict[str, bytes]] = {}
_ORDER_CACHE: dict[tuple, list] = {}  # key tuple in put order → HashMap iteration order (default table)


def _hashmap_order(keys: list, table_size: int | None) -> list:
    if table_size is not None:
        return iteration_order(keys, table_size)
    key = tuple(keys)
    order = _ORDER_CACHE.get(key)
    if order is None:
        order = iteration_order(keys)
        if len(_ORDER_CACHE) > 16384:
            _ORDER_CACHE.clear()
        _ORDER_CACHE[key] = order
    return order


def canonical_float_bits(bits: int) -> int:
    """``Float.floatToIntBits``: every NaN as ``0x7fc00000``."""
    return 0x7FC00000 if (bits & 0x7F800000) == 0x7F800000 and bits & 0x007FFFFF else bits


def canonical_double_bits(bits: int) -> int:
    """``Double.doubleToLongBits``: every NaN as ``0x7ff8000000000000``."""
    if (bits & 0x7FF0000000000000) == 0x7FF0000000000000 and bits & 0x000FFFFFFFFFFFFF:
        return 0x7FF8000000000000
    return bits


def _tag_id(tag) -> int:
    try:
        return tag.id
    except AttributeError:
        raise TypeError(f"not an NBT tag: {tag!r} ({type(tag).__name__})") from None


class NbtWriter:
    """Writes tags in ``encoding`` with the options above; one instance per output."""

    def __init__(self, encoding: NbtEncoding, *, canonical_nan: bool = True, string_fallback: str | None = None,
                 heterogeneous_lists: bool = True, hashmap_order: bool = True):
        self.enc = encoding
        self.hashmap_order = hashmap_order
        self.canonical_nan = canonical_nan
        self.string_fallback = string_fallback
        self.heterogeneous_lists = heterogeneous_lists
        self.out = bytearray()
        self._encode = encode_utf8 if encoding.utf8 else encode_mutf8
        self._strings = _STRING_CACHES.setdefault(encoding.name, {})  # short string → its bytes with prefix

    # --- primitives ------------------------------------------------------------------
    def write_int(self, v: int) -> None:
        if self.enc.varint:
            write_varint(self.out, zigzag_encode(v, 32))
        else:
            self.out += self.enc.int32.pack(v)

    def write_long(self, v: int) -> None:
        if self.enc.varint:
            write_varint(self.out, zigzag_encode(v, 64))
        else:
            self.out += self.enc.int64.pack(v)

    def write_string(self, text: str, *, value: bool = False) -> None:
        """``writeUTF`` (or the Bedrock equivalent), with the fallback for too-long strings."""
        cached = self._strings.get(text)
        if cached is not None:
            self.out += cached
            return
        start = len(self.out)
        self._write_string(text, value)
        if len(text) <= 64:
            if len(self._strings) > 65536:
                self._strings.clear()
            self._strings[text] = bytes(self.out[start:])

    def _write_string(self, text: str, value: bool) -> None:
        data = self._encode(text)
        if not self.enc.varint and len(data) > MAX_UTF_LENGTH:
            if self.string_fallback == "all" or (value and self.string_fallback == "values"):
                data = b""
            else:
                raise GameError("UTFDataFormatException", too_long_message(text, len(data)))
        if self.enc.varint:
            write_varint(self.out, len(data))
        else:
            self.out += self.enc.ushort.pack(len(data))
        self.out += data

    # --- tags ------------------------------------------------------------------------
    def write_named(self, name: str, tag: T.Tag) -> None:
        """``writeUnnamedTag`` with a name: type byte, then (unless End) name and payload."""
        t = _tag_id(tag)
        self.out.append(t)
        if t != 0:
            self.write_string(name)
            self.write_payload(tag)

    def write_nameless(self, tag: T.Tag) -> None:
        """``writeAnyTag``: type byte, then (unless End) the payload."""
        t = _tag_id(tag)
        self.out.append(t)
        if t != 0:
            self.write_payload(tag)

    def write_payload(self, tag: T.Tag) -> None:
        """``Tag.write``: the payload of ``tag`` and everything in it."""
        t = _tag_id(tag)
        if t != 9 and t != 10:
            self._write_leaf(t, tag)
            return
        out = self.out
        stack = [self._open(t, tag)]
        while stack:
            kind, it = stack[-1]  # kind: None for a compound, else the list's element type
            for entry in it:
                if kind is None:
                    key, child = entry
                    ct = _tag_id(child)
                    out.append(ct)
                    self.write_string(key)
                else:
                    child = entry
                    ct = kind
                if ct == 9 or ct == 10:
                    stack.append(self._open(ct, child))
                    break
                self._write_leaf(ct, child)
            else:
                stack.pop()
                if kind is None:
                    out.append(0)

    def _open(self, t: int, tag) -> tuple[int | None, object]:
        """Start a container: a compound's entries in HashMap order, or a list's header and elements."""
        if t == 10:
            keys = list(tag.keys())
            if self.hashmap_order and len(keys) > 1:
                keys = _hashmap_order(keys, tag.table_size)
            return None, iter([(k, tag[k]) for k in keys])
        elem, items = self._list_elements(tag)
        self.out.append(elem)
        self.write_int(len(items))
        if elem in _STRUCT_CODES and items and not (self.enc.varint and elem in (3, 4)):
            self._bulk(elem, items)
            return elem, iter(())
        return elem, iter(items)

    def _list_elements(self, tag: T.ListTag) -> tuple[int, list]:
        if not tag:
            return 0, []
        first = _tag_id(tag[0])
        ids = {_tag_id(x) for x in tag}
        if len(ids) == 1:
            if first == 10 and self.heterogeneous_lists:
                return 10, [_wrap_if_needed(x) for x in tag]
            return first, list(tag)
        if not self.heterogeneous_lists:
            other = next(_tag_id(x) for x in tag if _tag_id(x) != first)
            raise GameError("UnsupportedOperationException",
                            f"Trying to add tag of type {other} to list of type {first}")
        return 10, [_wrap_if_needed(x) for x in tag]

    def _bulk(self, elem: int, items: list) -> None:
        if elem == 5:
            values = [x.bits for x in items]
            if self.canonical_nan:
                values = [canonical_float_bits(b) for b in values]
        elif elem == 6:
            values = [x.bits for x in items]
            if self.canonical_nan:
                values = [canonical_double_bits(b) for b in values]
        else:
            values = items
        self.out += struct.pack(f"{self.enc.order}{len(values)}{_STRUCT_CODES[elem]}", *values)

    def _write_leaf(self, t: int, tag) -> None:
        out = self.out
        enc = self.enc
        if t == 1:
            out += struct.pack("b", tag)
        elif t == 2:
            out += enc.short.pack(tag)
        elif t == 3:
            self.write_int(tag)
        elif t == 4:
            self.write_long(tag)
        elif t == 5:
            out += enc.bits32.pack(canonical_float_bits(tag.bits) if self.canonical_nan else tag.bits)
        elif t == 6:
            out += enc.bits64.pack(canonical_double_bits(tag.bits) if self.canonical_nan else tag.bits)
        elif t == 8:
            self.write_string(tag, value=True)
        elif t in _ARRAY_DTYPES:
            array = tag.array
            self.write_int(len(array))
            if enc.varint and t != 7:
                for v in array.tolist():
                    (self.write_int if t == 11 else self.write_long)(v)
            else:
                out += np.ascontiguousarray(array, dtype=enc.order + _ARRAY_DTYPES[t]).tobytes()
        elif t == 0:
            pass  # EndTag.write writes nothing
        else:
            raise TypeError(f"cannot write a tag of id {t}")


def _is_wrapper(tag) -> bool:
    return isinstance(tag, T.CompoundTag) and len(tag) == 1 and "" in tag


def _wrap_if_needed(tag):
    """26.x ``ListTag.wrapIfNeeded``: a compound that is not itself a wrapper stays, all else gets ``{"": x}``."""
    if isinstance(tag, T.CompoundTag) and not _is_wrapper(tag):
        return tag
    wrapper = T.CompoundTag()
    wrapper[""] = tag
    return wrapper
