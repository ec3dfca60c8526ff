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
from operator import attrgetter

import numpy as np

from harness.formats.errors import GameError
from harness.formats.nbt import tags as T
from harness.formats.nbt.encoding import NbtEncoding, write_varint, zigzag_encode
from harness.formats.nbt.fast_binary import compiled as _compiled
from harness.formats.nbt.java_hashmap import iteration_order
from harness.formats.nbt.mutf8 import MAX_UTF_LENGTH, encode_mutf8, encode_utf8, too_long_message

_STRUCT_CODES = {1: "b", 2: "h", 3: "i", 4: "q", 5: "I", 6: "Q"}
_ARRAY_DTYPES = {7: "i1", 11: "i4", 12: "i8"}
_WIRE_DTYPES = {little: {t: np.dtype(("<" if little else ">") + code) for t, code in _ARRAY_DTYPES.items()}
                for little in (False, True)}
_BYTE = struct.Struct("b")
_CACHED_CHARS = 128  # strings up to this many characters (never too long) are encoded once per process
_CACHE_ENTRIES = 32768  # a full cache starts again empty
_ids = attrgetter("id")
_STATES: dict[tuple[str, bool], tuple] = {}  # (encoding name, HashMap order?) -> what _state returns


def _state(encoding: NbtEncoding, hashmap_order: bool) -> tuple:
    """The caches a writer shares with every writer of its kind: ``({string: length prefix +
    bytes}, {keys in put order: write plan}, what _write_payload unpacks)``; one string cache
    per encoding."""
    other = _STATES.get((encoding.name, not hashmap_order))
    strings, plans = other[0] if other else {}, {}
    state = _STATES[encoding.name, hashmap_order] = (
        strings, plans, (strings, plans, not encoding.varint, _WIRE_DTYPES[encoding.little_endian], encoding.packers))
    return state


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
    """Writes tags in ``encoding`` with the options above; one instance per output.

    Speed: short strings are encoded once per process (with their length prefix), and a
    compound's write plan (its keys in write order with their encoded names) is kept per key
    sequence, so same-keyed compounds (list elements, chunk sections) reuse it. In the
    fixed-width encodings leaves are written inline; lists of numbers in one ``struct`` call.
    There a compound or list is first offered whole to the compiled fast path
    (:mod:`~harness.formats.nbt.fast_binary`, when built), which writes the same bytes (its
    write plans go into the same cache) or declines, and then this code writes it.
    """

    __slots__ = ("enc", "hashmap_order", "canonical_nan", "string_fallback", "heterogeneous_lists", "out",
                 "_strings", "_plans", "_inline")

    def __init__(self, encoding: NbtEncoding, *, canonical_nan: bool = True, string_fallback: str | None = None,
                 heterogeneous_lists: bool = True, hashmap_order: bool = True):
        self.enc = encoding
        self.hashmap_order = hashmap_order
        self.canonical_nan = canonical_nan
        self.string_fallback = string_fallback
        self.heterogeneous_lists = heterogeneous_lists
        self.out = bytearray()
        # short string → its bytes with prefix; keys in put order → write plan; what _write_payload uses
        self._strings, self._plans, self._inline = _STATES.get((encoding.name, hashmap_order)) or \
            _state(encoding, hashmap_order)

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
        if len(text) <= _CACHED_CHARS:
            if len(self._strings) > _CACHE_ENTRIES:
                self._strings.clear()
            self._strings[text] = bytes(self.out[start:])

    def _write_string(self, text: str, value: bool) -> None:
        data = encode_utf8(text) if self.enc.utf8 else encode_mutf8(text)
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
        try:
            t = tag.id
        except AttributeError:
            t = _tag_id(tag)  # raises TypeError
        self.out.append(t)
        if t != 0:
            cached = self._strings.get(name)
            if cached is not None:
                self.out += cached
            else:
                self.write_string(name)
            self._write_payload(t, tag)

    def write_nameless(self, tag: T.Tag) -> None:
        """``writeAnyTag``: type byte, then (unless End) the payload."""
        t = _tag_id(tag)
        self.out.append(t)
        if t != 0:
            self._write_payload(t, tag)

    def write_payload(self, tag: T.Tag) -> None:
        """``Tag.write``: the payload of ``tag`` and everything in it (an explicit stack, any depth)."""
        self._write_payload(_tag_id(tag), tag)

    def _write_payload(self, t: int, tag: T.Tag) -> None:
        """The payload of ``tag`` of type ``t``.

        Frames: ``(compound, its plan's iterator, None, False)`` or ``(None, iterator of a
        list's compound/list elements, element type, wrap them?)``.
        """
        if t != 9 and t != 10:
            self._write_leaf(t, tag)
            return
        if _compiled is not None and self._inline[2]:  # fixed-width: the compiled fast path, when it can
            enc = self.enc
            if _compiled.write_tree(self.out, tag, t, enc.little_endian, not enc.utf8, self.canonical_nan,
                                    self.heterogeneous_lists, self.hashmap_order, self._plans, self._plan,
                                    self._strings, self._string_bytes):
                return  # appended to self.out
        out = self.out
        strings, plans, fixed, wire, (int32, int64, short, bits32, bits64) = self._inline
        canonical = self.canonical_nan
        byte = _BYTE.pack
        if t == 10:
            plan = plans.get(tuple(tag)) if tag.table_size is None else None
            stack = [(tag, iter(plan if plan is not None else self._plan(tag)), None, False)]
        else:
            frame = self._open(t, tag)
            stack = [frame] if frame is not None else []
        while stack:
            compound, it, elem, wrap = stack[-1]
            if compound is None:  # list: its next compound or list element
                for child in it:
                    if elem == 10:
                        if wrap and (len(child) == 1 and "" in child or not isinstance(child, T.CompoundTag)):
                            child = _wrap(child)  # ListTag.wrapIfNeeded (26.x)
                        plan = plans.get(tuple(child)) if child.table_size is None else None
                        stack.append((child, iter(plan if plan is not None else self._plan(child)), None, False))
                        break
                    frame = self._open(elem, child)
                    if frame is not None:
                        stack.append(frame)
                        break
                else:
                    stack.pop()
                continue
            for key, name in it:
                child = compound[key]
                try:
                    ct = child.id
                except AttributeError:
                    T.check_entries(((key, child),))  # raises TypeError naming the key
                    raise
                out.append(ct)
                if name is not None:
                    out += name
                else:
                    self.write_string(key)
                if fixed:  # leaves inline
                    if ct == 8:
                        cached = strings.get(child)
                        if cached is not None:
                            out += cached
                        else:
                            self.write_string(child, value=True)
                        continue
                    if ct == 3:
                        out += int32(child)
                        continue
                    if ct == 1:
                        out += byte(child)
                        continue
                    if ct == 4:
                        out += int64(child)
                        continue
                    if ct == 12 or ct == 7 or ct == 11:
                        array = child.array
                        out += int32(len(array))
                        if len(array):
                            out += array.astype(wire[ct]).tobytes()
                        continue
                    if ct == 5:
                        bits = child.bits
                        out += bits32(canonical_float_bits(bits) if canonical else bits)
                        continue
                    if ct == 6:
                        bits = child.bits
                        out += bits64(canonical_double_bits(bits) if canonical else bits)
                        continue
                    if ct == 2:
                        out += short(child)
                        continue
                if ct == 10:
                    plan = plans.get(tuple(child)) if child.table_size is None else None
                    stack.append((child, iter(plan if plan is not None else self._plan(child)), None, False))
                    break
                if ct == 9:
                    frame = self._open(ct, child)
                    if frame is not None:
                        stack.append(frame)
                        break
                    continue
                self._write_leaf(ct, child)
            else:
                stack.pop()
                out.append(0)

    def _open(self, t: int, tag) -> tuple | None:
        """Start a container: a compound's plan, or a list's header and its leaf elements.

        ``None`` for a list that is then written completely (empty, or of leaves)."""
        if t == 10:
            return tag, iter(self._plan(tag)), None, False
        elem, items, wrap = self._list_elements(tag)
        self.out.append(elem)
        self.write_int(len(items))
        if not items:
            return None
        if elem == 10 or elem == 9:
            return None, iter(items), elem, wrap
        if elem in _STRUCT_CODES and not (self.enc.varint and elem in (3, 4)):
            self._bulk(elem, items)
        elif elem == 8:
            strings = self._strings
            out = self.out
            for item in items:
                cached = strings.get(item)
                if cached is not None:
                    out += cached
                else:
                    self.write_string(item, value=True)
        else:
            for item in items:
                self._write_leaf(elem, item)
        return None

    def _plan(self, tag: T.CompoundTag) -> list:
        """``[(key, encoded name or None), ...]`` in write order (HashMap order unless put order)."""
        keys = tuple(tag)
        if tag.table_size is None:
            plan = self._plans.get(keys)
            if plan is not None:
                return plan
        order = keys
        if self.hashmap_order and len(keys) > 1:
            order = iteration_order(list(keys), tag.table_size)
        strings = self._strings
        plan = []
        for key in order:
            name = strings.get(key)
            if name is None and isinstance(key, str) and len(key) <= _CACHED_CHARS:
                try:  # a short key never needs the too-long fallback
                    name = self._string_bytes(key, False)
                except (GameError, UnicodeError):
                    name = None  # written (and refused) in turn by write_string
            plan.append((key, name))
        if tag.table_size is None:
            if len(self._plans) > _CACHE_ENTRIES:
                self._plans.clear()
            self._plans[keys] = plan
        return plan

    def _string_bytes(self, text: str, value: bool) -> bytes:
        """``text`` with its length prefix as :meth:`write_string` writes it (a value or a key)."""
        out, self.out = self.out, bytearray()
        try:
            self.write_string(text, value=value)
            return bytes(self.out)
        finally:
            self.out = out

    def _list_elements(self, tag: T.ListTag) -> tuple[int, list, bool]:
        """``(element type, elements to write, wrap {"": x} elements on the way?)``."""
        if not tag:
            return 0, [], False
        try:
            ids = set(map(_ids, tag))
        except AttributeError:
            ids = {_tag_id(x) for x in tag}  # raises TypeError naming the first non-tag
        first = _tag_id(tag[0])
        if len(ids) == 1:
            return first, tag, first == 10 and self.heterogeneous_lists
        if not self.heterogeneous_lists:
            other = next(_tag_id(x) for x in tag if _tag_id(x) != first)
            raise GameError("UnsupportedOperationException",
                            f"Trying to add tag of type {other} to list of type {first}")
        return 10, [_wrap_if_needed(x) for x in tag], False

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
            out += _BYTE.pack(tag)
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
                out += array.astype(_WIRE_DTYPES[enc.little_endian][t]).tobytes()
        elif t == 0:
            pass  # EndTag.write writes nothing
        else:
            raise TypeError(f"cannot write a tag of id {t}")


def _is_wrapper(tag) -> bool:
    return isinstance(tag, T.CompoundTag) and len(tag) == 1 and "" in tag


def _wrap(tag):
    wrapper = T.CompoundTag()
    wrapper[""] = tag
    return wrapper


def _wrap_if_needed(tag):
    """26.x ``ListTag.wrapIfNeeded``: a compound that is not itself a wrapper stays, all else gets ``{"": x}``."""
    if isinstance(tag, T.CompoundTag) and not _is_wrapper(tag):
        return tag
    return _wrap(tag)
