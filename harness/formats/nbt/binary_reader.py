"""One binary NBT reader for every encoding, doing what the game's tag ``load`` methods do.

:class:`NbtReader` reads tag payloads from ``bytes`` in an :class:`~harness.formats.nbt.encoding.NbtEncoding`,
charging an :class:`~harness.formats.nbt.accounter.NbtAccounter` exactly as the game's
``TagType.load`` methods do (same charges, same order, same errors; GAME_FACTS.md 3.2-3.6,
confirmed by the recorded answers of 1.20.1, 1.21.1, 26.1.2 and 26.3). It is iterative (an
explicit stack of open compounds and lists), so nesting depth is bounded only by the
accounter, never by Python's recursion limit, and it never allocates for a declared length
before the bytes for it are there.

Errors are :class:`~harness.formats.errors.GameError` with the game's kind and message and
``where`` = byte offset and tag path. Java's ``IOException`` kinds (``EOFException``,
``UTFDataFormatException``, ``IOException``) raised inside a root payload are wrapped by
:meth:`NbtReader.read_root_payload` into the version's crash-report exception
(``ReportedNbtException`` / 1.20.1 ``ReportedException``, message "Loading NBT data").

End of input reads as the game's input class reports it: ``DataInputStream`` (file and any
forms) gives ``EOFException`` without message; Netty's ``ByteBufInputStream`` (network form)
gives "fieldSize is too long! Length is <n>, but maximum is <available>" for multi-byte reads.
"""

from __future__ import annotations

import gc
import struct
from functools import partial
from itertools import repeat

import numpy as np

from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.nbt import tags as T
from harness.formats.nbt.accounter import ARRAY_WIDTH, NEW_KEY_CHARGE, TAG_CHARGE, UNLIMITED_HEAP, NbtAccounter, depth_limit
from harness.formats.nbt.compound_shape import shape_of
from harness.formats.nbt.encoding import NbtEncoding, zigzag_decode
from harness.formats.nbt.fast_binary import compiled as _compiled
from harness.formats.nbt.mutf8 import decode_mutf8, decode_utf8, encode_mutf8, encode_utf8, java_length

IO_KINDS = frozenset({"EOFException", "UTFDataFormatException", "IOException"})
VM_ARRAY_LIMIT = 2_147_483_645  # HotSpot (64-bit): longest array; longer → "Requested array size exceeds VM limit"

_new_int = int.__new__
_new_str = str.__new__
_new_dict = dict.__new__
_new_list = list.__new__
_new_object = object.__new__
_CompoundTag = T.CompoundTag
_IntTag = T.IntTag
_float_tag = T.float_tag_read
_double_tag = T.double_tag_read
_LEAF_INT_CLASSES = {1: T.ByteTag, 2: T.ShortTag, 3: T.IntTag, 4: T.LongTag}
_BYTE_TAGS = tuple(_new_int(T.ByteTag, b - 256 if b > 127 else b) for b in range(256))  # by unsigned byte
_ARRAY_CLASSES = {7: T.ByteArrayTag, 11: T.IntArrayTag, 12: T.LongArrayTag}
_ARRAY_DTYPES = {7: np.dtype("i1"), 11: np.dtype("i4"), 12: np.dtype("i8")}  # native, as the tags hold them
_WIRE_DTYPES = {little: {t: d.newbyteorder("<" if little else ">") for t, d in _ARRAY_DTYPES.items()}
                for little in (False, True)}  # as the encoding lays them out
_UBYTE = struct.Struct("B")
_MIN_WIDTH = {1: 1, 2: 2, 3: 4, 4: 8, 5: 4, 6: 8, 7: 4, 8: 2, 9: 5, 10: 1, 11: 4, 12: 4}  # fewest bytes per element
_STRUCT_CODES = {1: ("b", 1), 2: ("h", 2), 3: ("i", 4), 4: ("q", 8), 5: ("I", 4), 6: ("Q", 8)}
_CACHED_STRING_BYTES = 128  # strings up to this many bytes are decoded once per process
_CACHE_ENTRIES = 32768  # per cache; a full cache starts again empty
# per codec (True: UTF-8, False: modified UTF-8): decode, encode, raw bytes -> key str, raw bytes -> StringTag
_CODECS = {True: (decode_utf8, encode_utf8, {}, {}), False: (decode_mutf8, encode_mutf8, {}, {})}


def _array_tag(tag_id: int, data: bytes, n: int, offset: int, wire: dict):
    """The array tag of the ``n`` elements at ``offset`` (all there), in native byte order.

    Where the wire's layout is already the native one (every byte array; a little-endian
    encoding's int and long arrays on a little-endian machine) the array is a read-only view
    of ``data``, no copy: a file holding a 500 MB byte array is not held twice while read.
    Only a byte swap copies."""
    array = np.frombuffer(data, wire[tag_id], n, offset).astype(_ARRAY_DTYPES[tag_id], copy=False) if n else \
        np.empty(0, _ARRAY_DTYPES[tag_id])
    tag = _new_object(_ARRAY_CLASSES[tag_id])
    tag.array = array
    return tag


def read_named_compiled(data: bytes, encoding: NbtEncoding, rules) -> tuple[str, T.Tag, int] | None:
    """``(root name, root, end offset)`` of a named compound or list root with an ASCII name, read
    whole by the compiled path without a quota (the tools' ``read_named``), or ``None`` when
    :class:`NbtReader` must read it (not built, a varint encoding, another root or name, anything
    the compiled path leaves to the pure one): nothing is read then. A read over the tag budget
    raises :class:`~harness.formats.budget.BudgetExceeded`, as the reader's own.

    The same tags as the reader's: one call instead of a reader and its accounter, whose first
    construction in a process costs about as much as reading a small chunk."""
    if _compiled is None or encoding.varint or type(data) is not bytes or len(data) < 3 or data[0] not in (9, 10):
        return None
    end = 3 + encoding.ushort.unpack_from(data, 1)[0]
    name = data[3:end]
    if len(name) != end - 3 or not name.isascii():
        return None
    done = _compiled.read_tree(data, end, data[0], encoding.little_endian, encoding.utf8, rules.heterogeneous_lists,
                               0, depth_limit(rules), budget.MAX_TAGS, _CODECS[encoding.utf8][0], _array_tag,
                               _WIRE_DTYPES[encoding.little_endian])  # (the garbage collector paused inside)
    if done is None:
        return None
    if done[0] is None:  # over the budget: refused here, as the reader would refuse the same read
        raise over_budget(budget.MAX_TAGS, done[1], _path_text(done[2]))
    return name.decode("ascii"), done[0], done[1]


def over_budget(max_tags: int, pos: int, path: str) -> BaseException:
    """The refusal of a read over ``max_tags`` (:data:`~harness.formats.budget.MAX_TAGS`), at
    offset ``pos`` and ``path`` in the tag tree."""
    return budget.BudgetExceeded(
        f"more than {max_tags} tags, over the tools' limit of {max_tags} (a Python tag costs ~200 "
        f"bytes; {budget.to_raise('MAX_TAGS')}), at offset {pos}, path {path}")


def _scalar_readers(encoding: NbtEncoding) -> dict:
    """``{tag id: (unpack_from, width, tag maker)}`` for Long, Float, Double and Short in ``encoding``."""
    readers = _SCALAR_READERS.get(encoding.name)
    if readers is None:
        _, _, int64, short, bits32, bits64 = encoding.unpackers
        readers = _SCALAR_READERS[encoding.name] = {
            4: (int64, 8, partial(_new_int, T.LongTag)), 5: (bits32, 4, _float_tag),
            6: (bits64, 8, _double_tag), 2: (short, 2, partial(_new_int, T.ShortTag))}
    return readers


_SCALAR_READERS: dict[str, dict] = {}


def _remember(cache: dict, raw: bytes, value) -> None:
    if len(raw) <= _CACHED_STRING_BYTES:
        if len(cache) > _CACHE_ENTRIES:
            cache.clear()
        cache[raw] = value


class NbtReader:
    """Reads payloads from ``data`` starting at ``pos``.

    ``rules``: the version's :class:`~harness.formats.versions.NbtRules`; ``accounter``: the
    read's :class:`NbtAccounter`; ``netty``: end-of-input reported as Netty's
    ``ByteBufInputStream`` does (network form) instead of ``DataInputStream``; ``max_tags``:
    the tools' budget of tags for this read (default :data:`harness.formats.budget.MAX_TAGS`
    as it is when the reader is made).

    Speed: under a real quota (network) or in ``bedrock_network`` every tag goes through
    the precise per-tag methods below. Otherwise (``fast``: fixed-width encoding, charges
    free) a compound or list root is first offered whole to the compiled fast path
    (:mod:`~harness.formats.nbt.fast_binary`, when built), which builds the same tags or
    declines without side effects; then :meth:`_read_tree` reads well-formed entries inline (strings and keys from a
    per-process cache of short strings, ``ByteTag`` from the 256 shared values) and
    siblings of a flat compound in a list by its :class:`~harness.formats.nbt.compound_shape.CompoundShape`;
    anything else (a cache miss, too few bytes, an unknown type) falls back to the precise
    methods at the same offset, so errors are the same either way.
    """

    def __init__(self, data: bytes, encoding: NbtEncoding, rules, accounter: NbtAccounter, *, netty: bool = False,
                 max_tags: int | None = None):
        self.data = data if type(data) is bytes else bytes(data)
        self.pos = 0
        self.enc = encoding
        self.rules = rules
        self.acc = accounter
        self.netty = netty
        self._stack: list[list] = []
        self._decode, self._encode, self._keys, self._strings = _CODECS[encoding.utf8]
        self._unwrap = rules.heterogeneous_lists
        # charges only matter under a real quota (network); unlimited reads skip them
        self.counting = accounter.quota is not None and accounter.quota < UNLIMITED_HEAP
        self.fast = not self.counting and not encoding.varint
        self.tags = 0  # tags made, for the tools' own budget (harness.formats.budget.MAX_TAGS)
        self.max_tags = budget.MAX_TAGS if max_tags is None else max_tags

    # --- end of input and primitives -------------------------------------------------
    def _eof(self, n: int) -> GameError:
        avail = len(self.data) - self.pos
        message = f"fieldSize is too long! Length is {n}, but maximum is {avail}" if self.netty and n > 1 else None
        return GameError("EOFException", message, where=self.where())

    def _take(self, n: int) -> int:
        """Claim ``n`` bytes (``readFully``); returns their start offset."""
        pos = self.pos
        if n > len(self.data) - pos:
            raise self._eof(n)
        self.pos = pos + n
        return pos

    def read_byte(self) -> int:
        """``readByte``: a signed byte."""
        pos = self.pos
        if pos >= len(self.data):
            raise GameError("EOFException", None, where=self.where())
        self.pos = pos + 1
        b = self.data[pos]
        return b - 256 if b > 127 else b

    def _fixed(self, s: struct.Struct) -> int:
        pos = self.pos
        if pos + s.size > len(self.data):
            raise self._eof(s.size)
        self.pos = pos + s.size
        return s.unpack_from(self.data, pos)[0]

    def _uvarint(self, max_bytes: int) -> int:
        value = shift = 0
        for _ in range(max_bytes):
            pos = self.pos
            if pos >= len(self.data):
                raise GameError("EOFException", None, where=self.where())
            b = self.data[pos]
            self.pos = pos + 1
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
        raise GameError("IOException", "VarInt too big" if max_bytes == 5 else "VarLong too big", where=self.where())

    def read_int(self) -> int:
        """``readInt`` (zigzag varint in ``bedrock_network``)."""
        if self.enc.varint:
            v = zigzag_decode(self._uvarint(5) & 0xFFFFFFFF)
            return ((v + 0x80000000) & 0xFFFFFFFF) - 0x80000000
        return self._fixed(self.enc.int32)

    def read_long(self) -> int:
        """``readLong`` (zigzag varlong in ``bedrock_network``)."""
        if self.enc.varint:
            v = zigzag_decode(self._uvarint(10) & 0xFFFFFFFFFFFFFFFF)
            return ((v + (1 << 63)) & 0xFFFFFFFFFFFFFFFF) - (1 << 63)
        return self._fixed(self.enc.int64)

    def read_string_length(self) -> int:
        """``readUnsignedShort`` of ``readUTF`` (unsigned varint in ``bedrock_network``)."""
        if self.enc.varint:
            return self._uvarint(5)
        return self._fixed(self.enc.ushort)

    def read_string(self) -> str:
        """``readUTF``: a string in the encoding's codec (modified UTF-8 or UTF-8), as a plain ``str``.

        Short strings are decoded once per process (compound keys, root names).
        """
        raw, offset = self._utf_bytes()
        text = self._keys.get(raw)
        if text is None:
            text = self._decode_at(raw, offset)
            _remember(self._keys, raw, text)
        return text

    def _utf_bytes(self) -> tuple[bytes, int]:
        """``readUTF``'s length and bytes: ``(raw bytes, their offset)``; EOF as the input reports it."""
        data = self.data
        if self.enc.varint:
            n = self._uvarint(5)
            pos = self.pos
        else:
            pos = self.pos
            if pos + 2 > len(data):
                raise self._eof(2)
            n = self.enc.ushort.unpack_from(data, pos)[0]
            pos += 2
            self.pos = pos
        end = pos + n
        if end > len(data):
            raise self._eof(n)
        self.pos = end
        return data[pos:end], pos

    def _decode_at(self, raw: bytes, offset: int) -> str:
        try:
            return self._decode(raw)
        except GameError as e:
            e.where = self.where(offset)
            raise

    def _read_string_tag(self) -> T.StringTag:
        """``readUTF`` as a ``StringTag``; short strings decoded once (tags are immutable, so shared)."""
        raw, offset = self._utf_bytes()
        tag = self._strings.get(raw)
        if tag is None:
            tag = _new_str(T.StringTag, self._decode_at(raw, offset))
            _remember(self._strings, raw, tag)
        return tag

    def _string_tag_or_none(self, raw: bytes) -> T.StringTag | None:
        """The ``StringTag`` of complete string bytes, or ``None`` when they do not decode (shape reads)."""
        try:
            tag = _new_str(T.StringTag, self._decode(raw))
        except GameError:
            return None
        _remember(self._strings, raw, tag)
        return tag

    def skip_string(self) -> None:
        """``StringTag.skipString``: ``skipBytes(readUnsignedShort())`` — skips what is there, never fails on it."""
        n = self.read_string_length()
        self.pos = min(len(self.data), self.pos + n)

    # --- payloads -----------------------------------------------------------------------
    def read_root_payload(self, tag_id: int) -> T.Tag:
        """A root's payload, an IOException inside it wrapped as the game's crash report does."""
        try:
            return self.read_payload(tag_id)
        except GameError as e:
            if e.kind in IO_KINDS:
                raise GameError(self.rules.reported_error, "Loading NBT data", cause=e.kind,
                                cause_message=e.message, where=e.where) from None
            raise

    def read_payload(self, tag_id: int) -> T.Tag:
        """The payload of a tag of type ``tag_id`` (its ``TagType.load``)."""
        try:
            if tag_id == 10 or tag_id == 9:
                return self._read_tree(tag_id)
            return self._read_leaf(tag_id)
        except GameError as e:
            if e.where is None:
                e.where = self.where()
            raise
        except MemoryError:  # pragma: no cover - every length is checked before allocating
            raise GameError("OutOfMemoryError", "Java heap space", where=self.where()) from None

    def _read_leaf(self, t: int):
        """One non-container payload, charged; the precise path every fast path falls back to."""
        counting = self.counting
        if t == 8:
            if counting:
                self.acc.account(36)
                tag = self._read_string_tag()
                self.acc.account(2 * java_length(tag))
                return tag
            return self._read_string_tag()
        if t in _STRUCT_CODES and (t < 3 or t > 4 or not self.enc.varint):
            if counting:
                self.acc.account(TAG_CHARGE[t])
            if t == 1:
                return _BYTE_TAGS[self._fixed(_UBYTE)]
            if t == 3:
                return _new_int(_IntTag, self._fixed(self.enc.int32))
            fixed, width, make = _scalar_readers(self.enc)[t]
            pos = self.pos
            if pos + width > len(self.data):
                raise self._eof(width)
            self.pos = pos + width
            return make(fixed(self.data, pos)[0])
        if t == 3 or t == 4:  # varint encodings
            if counting:
                self.acc.account(TAG_CHARGE[t])
            return _new_int(_LEAF_INT_CLASSES[t], self.read_int() if t == 3 else self.read_long())
        if t in _ARRAY_CLASSES:
            return self._read_array(t)
        if t == 0:
            if counting:
                self.acc.account(8)
            return T.END
        raise GameError("IOException", f"Invalid tag id: {t}", where=self.where())

    def _read_array(self, t: int):
        acc = self.acc
        acc.account(24)
        n = self.read_int()
        width = ARRAY_WIDTH[t]
        acc.account(width * n)
        if n < 0:
            raise GameError("NegativeArraySizeException", str(n), where=self.where())
        if n > VM_ARRAY_LIMIT:
            raise GameError("OutOfMemoryError", "Requested array size exceeds VM limit", where=self.where())
        enc = self.enc
        dtype = _ARRAY_DTYPES[t]
        if enc.varint and t != 7:
            read = self.read_int if t == 11 else self.read_long
            values = [read() for _ in range(min(n, len(self.data) - self.pos))]
            if len(values) < n:
                read()  # the game runs out of input here
            tag = _new_object(_ARRAY_CLASSES[t])
            tag.array = np.array(values, dtype=dtype)
            return tag
        avail = len(self.data) - self.pos
        if n * width > avail:
            if t == 7:
                raise self._eof(n)  # readFully(new byte[n])
            self.pos += avail - avail % width  # element by element: the first incomplete one fails
            raise self._eof(width)
        return _array_tag(t, self.data, n, self._take(n * width), _WIRE_DTYPES[enc.little_endian])

    def _open_list(self) -> list:
        """A list's header, charged; its frame ``[1, tag, element type, left, declared, shape]``."""
        acc = self.acc
        pos = self.pos
        if self.fast and acc.depth < acc.depth_limit and pos + 5 <= len(self.data):
            elem, n = self.enc.list_header.unpack_from(self.data, pos)
            if 0 <= n <= VM_ARRAY_LIMIT and (elem or not n):  # nothing to refuse, nothing to charge
                acc.depth += 1
                self.pos = pos + 5
                return self._list_frame(elem, n)
        rules = self.rules
        acc.open_container(rules.list_charge)
        elem = self.read_byte()
        n = self.read_int()
        if n < 0 and rules.list_negative_length == "format":
            raise GameError("NbtFormatException", f"ListTag length cannot be negative: {n}", where=self.where())
        if elem == 0 and n > 0:
            raise GameError(rules.format_error, "Missing type on ListTag", where=self.where())
        acc.account(4 * n)
        if n < 0:
            raise GameError("IllegalArgumentException", f"initialArraySize cannot be negative but was: {n}",
                            where=self.where())
        if n > VM_ARRAY_LIMIT:
            raise GameError("OutOfMemoryError", "Requested array size exceeds VM limit", where=self.where())
        return self._list_frame(elem, n)

    def _over_budget(self, path: str | None = None) -> BaseException:
        """The refusal of a read over :data:`~harness.formats.budget.MAX_TAGS`, at ``self.pos`` and
        ``path`` (default: where the reader is).

        Tags are counted as they are made: a list's leaf elements (as many as its bytes can hold)
        and the list itself when its length is read, each compound element of a list when it
        starts, a compound's entries and its End when it ends. The compiled path counts the same
        at the same places, so both refuse at the same offset and path."""
        path = self.where().split(", path ", 1)[-1] if path is None else path
        return over_budget(self.max_tags, self.pos, path)

    def _list_frame(self, elem: int, n: int) -> list:
        # the list, and its leaf elements whose bytes can be there (a declared length past the end
        # of the input is the game's EOFException, answered as the game answers it); compound and
        # list elements count themselves as they are made
        leaves = 0 if elem in (9, 10) else min(n, (len(self.data) - self.pos) //
                                               (1 if self.enc.varint else _MIN_WIDTH.get(elem, 1)))
        self.tags += leaves + 1
        if self.tags > self.max_tags:
            raise self._over_budget()
        tag = _new_list(T.ListTag)
        tag.declared_type = elem
        if n and elem in _STRUCT_CODES and not (self.enc.varint and elem in (3, 4)):
            if self._bulk_list(tag, elem, n):
                return [1, tag, elem, 0, n, None]
        return [1, tag, elem, n, n, None]

    def _bulk_list(self, tag: T.ListTag, elem: int, n: int) -> bool:
        """A list of numbers read in one ``struct`` call when its bytes and its charges all fit."""
        code, width = _STRUCT_CODES[elem]
        acc = self.acc
        total = TAG_CHARGE[elem] * n
        if n * width > len(self.data) - self.pos:
            return False
        if acc.quota is not None and acc.usage + total > acc.quota:
            return False
        values = struct.unpack_from(f"{self.enc.order}{n}{code}", self.data, self._take(n * width))
        if acc.quota is not None:
            acc.usage += total
        if elem <= 4:
            tag.extend(map(_new_int, repeat(_LEAF_INT_CLASSES[elem], n), values))
        else:
            tag.extend(map(_float_tag if elem == 5 else _double_tag, values))
        return True

    def _read_tree(self, t: int):
        """:meth:`_read_compiled` or else :meth:`_read_tree_now`, with Python's cyclic garbage
        collector paused (the compiled reader pauses it itself): tags hold no cycles, and its
        passes over millions of new dicts cost more than the reading itself."""
        tree = self._read_compiled(t)
        if tree is not None:
            return tree
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._read_tree_now(t)
        finally:
            if enabled:
                gc.enable()

    def _read_compiled(self, t: int):
        """The whole tree by the compiled fast path (:mod:`~harness.formats.nbt.fast_binary`),
        or ``None`` (nothing read, nothing changed) when it is not built, not ``fast``, or
        the tree holds anything the precise reader must answer."""
        if _compiled is None or not self.fast or self._stack:
            return None
        acc, enc = self.acc, self.enc
        done = _compiled.read_tree(self.data, self.pos, t, enc.little_endian, enc.utf8, self._unwrap, acc.depth,
                                   acc.depth_limit, self.max_tags - self.tags, self._decode, _array_tag,
                                   _WIRE_DTYPES[enc.little_endian])
        if done is None:
            return None
        tree, self.pos, tags = done
        if tree is None:  # over the budget: at offset self.pos, the path's keys and indices in tags
            raise self._over_budget(_path_text(tags))
        self.tags += tags
        return tree

    def _read_tree_now(self, t: int):
        """A compound or list and everything in it, with an explicit stack of frames.

        Frames: ``[0, compound, key being read, key new?]`` and the list frame of
        :meth:`_open_list`. ``where`` reads them, so they are kept current before anything
        that can fail. A compound inside a compound is read without leaving the inner loop.
        """
        acc = self.acc
        stack = self._stack
        data = self.data
        ndata = len(data)
        counting = self.counting
        fast = self.fast
        keys = self._keys
        strings = self._strings
        ushort, int32 = self.enc.unpackers[:2]
        scalars = _scalar_readers(self.enc)
        type_and_length = self.enc.type_and_length.unpack_from
        wire = _WIRE_DTYPES[self.enc.little_endian]
        depth_limit = acc.depth_limit
        unwrap = self._unwrap
        if t == 10:
            if fast and acc.depth < depth_limit:
                acc.depth += 1
            else:
                acc.open_container(48)
            root = _new_dict(_CompoundTag)
            stack.append([0, root, None, False])
        else:
            frame = self._open_list()
            root = frame[1]
            stack.append(frame)
        while stack:
            frame = stack[-1]
            if frame[0] != 0:  # list: its next element
                left = frame[3]
                if left <= 0:
                    self._close()
                    continue
                elem = frame[2]
                lst = frame[1]
                if elem == 10:
                    shape = frame[5]
                    if shape:  # same-shaped siblings of an element read below
                        frame[5] = None  # a mismatch: read the next one below, then make a new shape
                        cost = shape.entries + 2  # as counted below: the element, its entries, its End
                        room = (self.max_tags - self.tags) // cost  # siblings within the budget; the one
                        self.pos, done = shape.read_into(lst, min(left, room), data, self.pos, strings,  # past
                                                         self._string_tag_or_none)  # it is read below
                        self.tags += done * cost
                        left -= done
                        frame[3] = left
                        if not left:
                            continue
                    frame[3] = left - 1
                    self.tags += 1
                    if self.tags > self.max_tags:
                        raise self._over_budget()
                    if fast and acc.depth < depth_limit:
                        acc.depth += 1
                    else:
                        acc.open_container(48)
                    child = _new_dict(_CompoundTag)
                    lst.append(child)
                    frame = [0, child, None, False]
                    stack.append(frame)  # and read it below
                elif elem == 9:
                    frame[3] = left - 1
                    child_frame = self._open_list()
                    lst.append(child_frame[1])
                    if fast and not child_frame[3]:  # empty or read in bulk: closed already
                        acc.depth -= 1
                    else:
                        stack.append(child_frame)
                    continue
                else:
                    if elem == 8 and fast:  # cached strings inline
                        pos = self.pos
                        while left and pos + 2 <= ndata:
                            end = pos + 2 + ushort(data, pos)[0]
                            value = strings.get(data[pos + 2:end]) if end <= ndata else None
                            if value is None:
                                break
                            lst.append(value)
                            pos = end
                            left -= 1
                        self.pos = pos
                        frame[3] = left
                        if not left:
                            continue
                    frame[3] = left - 1
                    lst.append(self._read_leaf(elem))
                    continue
            # compound: entries until a list opens, or it ends where a list is the parent
            compound = frame[1]
            pos = self.pos
            while True:
                key = None
                if fast and pos + 3 <= ndata:  # a cached key and a well-formed leaf, inline; else below
                    try:
                        t, n = type_and_length(data, pos)
                        if t:
                            end = pos + 3 + n
                            if end <= ndata:
                                key = keys.get(data[pos + 3:end])
                            if key is not None:
                                frame[2] = key
                                if t == 8:
                                    at = end + 2 + ushort(data, end)[0]
                                    value = strings.get(data[end + 2:at]) if at <= ndata else None
                                    if value is not None:
                                        compound[key] = value
                                        pos = at
                                        continue
                                elif t == 3:
                                    compound[key] = _new_int(_IntTag, int32(data, end)[0])
                                    pos = end + 4
                                    continue
                                elif t == 1:
                                    compound[key] = _BYTE_TAGS[data[end]]
                                    pos = end + 1
                                    continue
                                elif t == 12 or t == 7 or t == 11:
                                    n = int32(data, end)[0]
                                    at = end + 4 + n * ARRAY_WIDTH[t]
                                    if 0 <= n <= VM_ARRAY_LIMIT and at <= ndata:
                                        compound[key] = _array_tag(t, data, n, end + 4, wire)
                                        pos = at
                                        continue
                                elif t in scalars:  # Long, Float, Double, Short
                                    unpack, width, make = scalars[t]
                                    compound[key] = make(unpack(data, end)[0])
                                    pos = end + width
                                    continue
                    except (struct.error, IndexError):  # too few bytes: read this entry as below
                        key = None
                if key is not None:  # a container, or a leaf to read the precise way
                    pos = end
                else:
                    if pos >= ndata:
                        self.pos = pos
                        raise GameError("EOFException", None, where=self.where())
                    t = data[pos]
                    if t == 0:  # End: close this compound
                        pos += 1
                        self.pos = pos
                        self.tags += len(compound) + 1
                        if self.tags > self.max_tags:
                            raise self._over_budget()
                        stack.pop()
                        if fast:
                            acc.depth -= 1
                        else:
                            acc.close_container()
                        if not stack:
                            break
                        parent = stack[-1]
                        if parent[0] != 0:
                            if (unwrap and len(compound) == 1 and "" in compound) or \
                                    (fast and parent[5] is None and parent[3]):
                                self._element_done(parent, compound)
                            break
                        if parent[3] and counting:
                            acc.account(NEW_KEY_CHARGE)
                        frame = parent
                        compound = parent[1]
                        continue
                    frame[2] = None  # the key by readUTF, charged
                    self.pos = pos + 1
                    key = self.read_string()
                    frame[2] = key
                    if counting:
                        acc.account_key(java_length(key))
                    pos = self.pos
                if t == 10:
                    frame[3] = key not in compound
                    if fast and acc.depth < depth_limit:
                        acc.depth += 1
                    else:
                        self.pos = pos
                        acc.open_container(48)
                    child = _new_dict(_CompoundTag)
                    compound[key] = child
                    frame = [0, child, None, False]
                    stack.append(frame)
                    compound = child
                    continue
                if t == 9:
                    frame[3] = key not in compound
                    self.pos = pos
                    child_frame = self._open_list()
                    compound[key] = child_frame[1]
                    if fast and not child_frame[3]:  # empty or read in bulk: closed already
                        acc.depth -= 1
                        pos = self.pos
                        continue
                    stack.append(child_frame)
                    break
                # any other leaf, or one the inline paths above did not take
                self.pos = pos
                value = self._read_leaf(t - 256 if t > 127 else t)
                pos = self.pos
                if counting:
                    new = key not in compound
                    compound[key] = value
                    if new:
                        acc.account(NEW_KEY_CHARGE)
                else:
                    compound[key] = value
        return root

    def _close(self) -> None:
        """Finish the innermost container: pop depth, then what its parent does after the load."""
        stack = self._stack
        frame = stack.pop()
        self.acc.close_container()
        if not stack:
            return
        parent = stack[-1]
        if parent[0] == 0:
            if parent[3] and self.counting:
                self.acc.account(NEW_KEY_CHARGE)
        elif frame[0] == 0:
            self._element_done(parent, frame[1])

    def _element_done(self, parent: list, child: T.CompoundTag) -> None:
        """After a compound element of the list ``parent``: 26.x unwrapping, or a shape for its siblings."""
        if self._unwrap and len(child) == 1 and "" in child:  # ListTag.addAndUnwrap (26.x)
            parent[1][-1] = child[""]
        elif parent[5] is None and parent[3] > 0 and self.fast:
            parent[5] = shape_of(child, self.enc, self._encode, self._decode) or False

    def where(self, offset: int | None = None) -> str:
        """``offset N, path a.b[2]``: where the reader is, for error messages."""
        steps = []
        for frame in self._stack:
            if frame[0] == 0:
                if frame[2] is not None:
                    steps.append(frame[2])
            else:
                steps.append(frame[4] - frame[3] - 1)
        return f"offset {self.pos if offset is None else offset}, path {_path_text(steps)}"


def _path_text(steps: list) -> str:
    """``a.b[2]``: the steps from the root (a compound's key, a ``str``, or a list element's
    index, an ``int``), the outermost and innermost of a deep one; ``(root)`` for none."""
    parts = []
    for step in steps:
        parts.append(f"[{step}]" if type(step) is int else f".{step}" if parts else step)
    if len(parts) > 16:  # deep trees: the outermost and innermost steps
        parts = parts[:4] + [f"...({len(parts) - 12} more)..."] + parts[-8:]
    return "".join(parts) or "(root)"
