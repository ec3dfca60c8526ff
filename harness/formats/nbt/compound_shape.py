"""The byte layout of a flat compound, to read its same-shaped siblings in a few ``struct`` calls.

Lists of compounds in real files are mostly alike: every ``block_ticks`` entry is
``{p, t, x, i, y, z}`` with the same types in the same order, every palette entry
``{Name: ...}``. Once the binary reader has read one such compound the ordinary way,
:func:`shape_of` turns it into a :class:`CompoundShape`: the entry headers (type byte, key
length, key bytes) it expects, and one precompiled ``struct.Struct`` per run of entries up to
the next string value or the end byte. :meth:`CompoundShape.read` then reads a sibling with
one ``unpack_from`` per run, compares the unpacked headers with the expected ones in one
tuple comparison, and builds the tags.

It is only a prediction: whenever the bytes differ from the shape (another key, another
type, a duplicate key, too few bytes, a string that does not decode), ``read`` returns
``None`` without side effects and the reader reads that element the ordinary way, which
raises the game's errors. Equal bytes decode to equal tags, so a match is exactly what the
ordinary reader would build. "Flat" means entries of types 1-6 and 8 only (no arrays, lists
or compounds) in a fixed-width encoding (``java`` or ``bedrock``).

>>> from harness.formats.nbt.encoding import JAVA
>>> from harness.formats.nbt import tags as T
>>> first = T.CompoundTag(x=T.IntTag(1), id=T.StringTag("a"))
>>> shape = shape_of(first, JAVA, lambda text: text.encode("ascii"), lambda raw: raw.decode("ascii"))
>>> data = bytes.fromhex("0300017800000007080002696400016200")
>>> shape.read(data, 0, {}, lambda raw: T.StringTag(raw.decode()))
(CompoundTag({'x': IntTag(7), 'id': StringTag('b')}), 17)
>>> shape.read(bytes.fromhex("0300017900000007080002696400016200"), 0, {}, None) is None  # key y
True
"""

from __future__ import annotations

import struct
from typing import Callable

from harness.formats.errors import GameError
from harness.formats.nbt import tags as T
from harness.formats.nbt.encoding import NbtEncoding

_CODES = {1: "b", 2: "h", 3: "i", 4: "q", 5: "I", 6: "Q"}  # fixed-width payloads as struct codes
_INT_CLASSES = {1: T.ByteTag, 2: T.ShortTag, 3: T.IntTag, 4: T.LongTag}
_FLOAT_MAKERS = {5: T.float_tag_read, 6: T.double_tag_read}
_END = b"\x00"
_MAX_ENTRIES = 64  # bigger compounds are rarely repeated; not worth a shape
_INTERNED_PER_CLASS = 16384  # int tags kept per class (immutable, so shared between reads)
_new_int = int.__new__
_new_dict = dict.__new__
_SHAPES: dict[tuple, "CompoundShape | None"] = {}  # (encoding, (key, type), ...) -> shape
_INTERNED: dict[type, dict[int, T.Tag]] = {cls: {} for cls in _INT_CLASSES.values()}


def _interning(cls: type) -> Callable[[int], T.Tag]:
    """``value -> cls tag``, shared while the table has room (Java caches ``ByteTag`` the same way)."""
    table = _INTERNED[cls]

    def intern(value: int) -> T.Tag:
        tag = table.get(value)
        if tag is None:
            tag = _new_int(cls, value)
            if len(table) < _INTERNED_PER_CLASS:
                table[value] = tag
        return tag
    return intern


_INTERN = {t: _interning(cls) for t, cls in _INT_CLASSES.items()}
_LOOKUP = {t: _INTERNED[cls].__getitem__ for t, cls in _INT_CLASSES.items()}  # KeyError when not interned yet


class _Run:
    """Entries up to a string value or the end byte: one struct, the headers it must find, the
    keys of its fixed-width entries and their tag makers, and the key of the string after it."""

    __slots__ = ("struct", "headers", "keys", "values", "lookups", "makers", "string_key")

    def __init__(self, fmt: str, headers: list[bytes], entries: list[tuple[str, int]], string_key: str | None):
        self.struct = struct.Struct(fmt)
        self.headers = tuple(headers)
        self.keys = tuple(key for key, _ in entries)
        self.values = slice(1, 2 * len(entries), 2)  # the payloads among the unpacked items
        self.lookups = tuple(_LOOKUP.get(t) or _FLOAT_MAKERS[t] for _, t in entries)  # fast; KeyError possible
        self.makers = tuple(_INTERN.get(t) or _FLOAT_MAKERS[t] for _, t in entries)  # always succeed
        self.string_key = string_key


class CompoundShape:
    """A flat compound's byte layout: its runs (see the module doc)."""

    __slots__ = ("runs", "entries")

    def __init__(self, runs: tuple[_Run, ...], entries: int):
        self.entries = entries  # how many entries a compound of this shape holds
        self.runs = tuple((r.struct.unpack_from, r.struct.size, r.headers, r.values,
                           tuple(zip(r.keys, r.lookups, r.makers)), r.string_key) for r in runs)

    def read(self, data: bytes, pos: int, strings: dict, string_tag: Callable[[bytes], T.StringTag | None]):
        """``(compound, end offset)`` when the bytes at ``pos`` have this shape, else ``None``.

        ``strings`` maps raw string bytes to their ``StringTag`` (a cache, read only here);
        ``string_tag(raw)`` decodes one that is not in it, ``None`` when it does not decode.
        """
        out: list = []
        end, _ = self.read_into(out, 1, data, pos, strings, string_tag)
        return (out[0], end) if out else None

    def read_into(self, out: list, count: int, data: bytes, pos: int, strings: dict,
                  string_tag: Callable[[bytes], T.StringTag | None]) -> tuple[int, int]:
        """Read up to ``count`` compounds of this shape at ``pos`` into ``out``, stopping at the
        first that differs: ``(end offset, how many were read)``. Arguments as :meth:`read`."""
        runs = self.runs
        ndata = len(data)
        done = 0
        while done < count:
            compound = _new_dict(T.CompoundTag)
            at = pos
            for unpack, size, headers, values, entries, string_key in runs:
                try:
                    vals = unpack(data, at)
                except struct.error:  # too few bytes for the run
                    return pos, done
                if vals[0::2] != headers:
                    return pos, done
                at += size
                if entries:
                    try:
                        for (key, lookup, _), value in zip(entries, vals[values]):
                            compound[key] = lookup(value)
                    except KeyError:  # an int tag not interned yet
                        for (key, _, make), value in zip(entries, vals[values]):
                            compound[key] = make(value)
                if string_key is not None:
                    end = at + vals[-1]
                    if end > ndata:
                        return pos, done
                    raw = data[at:end]
                    tag = strings.get(raw)
                    if tag is None:
                        tag = string_tag(raw)
                        if tag is None:
                            return pos, done
                    compound[string_key] = tag
                    at = end
            out.append(compound)
            pos = at
            done += 1
        return pos, done


def shape_of(compound: T.CompoundTag, encoding: NbtEncoding, encode: Callable[[str], bytes],
             decode: Callable[[bytes], str]) -> CompoundShape | None:
    """The shape of ``compound`` as ``encoding`` lays it out, or ``None`` when it is not flat.

    ``encode``/``decode``: the encoding's string codec; a key whose bytes do not decode back
    to it (or that cannot be encoded) gives ``None``. Shapes are cached per key/type sequence.
    """
    if len(compound) > _MAX_ENTRIES or encoding.varint:
        return None
    try:
        signature = (encoding.name, *[(key, tag.id) for key, tag in compound.items()])
    except AttributeError:  # not a tag
        return None
    if signature in _SHAPES:
        return _SHAPES[signature]
    shape = _build(signature[1:], encoding, encode, decode)
    if len(_SHAPES) > 4096:
        _SHAPES.clear()
    _SHAPES[signature] = shape
    return shape


def _build(entries, encoding: NbtEncoding, encode, decode) -> CompoundShape | None:
    if len(entries) == 1 and entries[0][0] == "":
        return None  # a 26.x list unwraps {"": x}; the ordinary reader does that
    order = encoding.order
    runs, fmt, headers, fixed = [], order, [], []
    for key, t in entries:
        if t not in _CODES and t != 8:
            return None
        try:
            raw = encode(key)
            if len(raw) > 0xFFFF or decode(raw) != key:
                return None
        except (GameError, UnicodeError):  # a key this codec cannot round-trip: no shape
            return None
        header = bytes([t]) + encoding.ushort.pack(len(raw)) + raw
        headers.append(header)
        if t == 8:
            runs.append(_Run(fmt + f"{len(header)}sH", headers, fixed, string_key=key))
            fmt, headers, fixed = order, [], []
        else:
            fmt += f"{len(header)}s{_CODES[t]}"
            fixed.append((key, t))
    headers.append(_END)
    runs.append(_Run(fmt + "1s", headers, fixed, string_key=None))
    return CompoundShape(tuple(runs), len(entries))
