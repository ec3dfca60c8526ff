"""NBT as a library: read and write binary NBT in five encodings, SNBT in and out, per release.

Names follow the Python standard library's serialisers (:mod:`json`, :mod:`pickle`,
:mod:`marshal`): :func:`loads` / :func:`dumps` take and give ``bytes``; :func:`load` /
:func:`dump` a binary stream or, as :func:`numpy.load` and nbtlib's ``load`` do, a path.
SNBT is text, so it has its own pair: :func:`parse_snbt` and :func:`to_snbt`.

Every function takes ``version=``: a release of the version table (``"1.20.1"``,
``"26.3"``, a :class:`harness.formats.versions.GameVersion`), default
:data:`harness.formats.versions.LATEST`. The release decides what the game decides: the
depth limit, 26.x heterogeneous lists, the string fallback on write, the SNBT grammar and
how SNBT is printed.

Reading gives an :class:`NbtDocument`: the root ``tag`` with the ``encoding``,
``compression`` and ``root_name`` it came in, so :func:`dumps` writes it back the same way.
The tags (:class:`CompoundTag`, :class:`IntTag`, ...) behave like the Python values they hold:
``IntTag`` is an ``int``, ``StringTag`` a ``str``, ``ListTag`` a ``list``, ``CompoundTag`` a
``dict``; float tags keep their raw bits (``.bits``) so a NaN's payload survives.

Encodings (:data:`ENCODINGS`): ``java`` (big-endian, named root: worlds, ``level.dat``,
structures; the game's ``NbtIo``), ``java-network`` (nameless root, 1.20.2+ protocol),
``bedrock`` (little-endian), ``bedrock-level-dat`` (``bedrock`` after an 8-byte header),
``bedrock-network`` (little-endian with zigzag varints). Compressions
(:data:`COMPRESSIONS`): ``gzip``, ``zlib``, ``none``; both detected on read unless given.

Errors: what the game refuses raises :class:`GameError` with the game's exception kind and
message (``where`` gives the byte offset); a damaged compressed stream raises
:class:`CompressionError` (a ``GameError``); refused SNBT raises :class:`CommandSyntaxError`
(a ``GameError``) with the game's English message of that release; an unknown release raises
:class:`harness.formats.versions.UnknownVersionError` (a ``KeyError``). The tools' own budgets,
which the game does not have, raise :class:`BudgetExceeded` (never a ``GameError``): a binary
read making more than ``harness.formats.budget.MAX_TAGS`` tags (1,000,000; :func:`loads`,
:func:`load`), SNBT text longer than ``MAX_SNBT_CHARS`` (8 Mi characters) or of more values
than ``MAX_SNBT_VALUES`` (100,000; :func:`parse_snbt`), SNBT printed longer than
``MAX_PRINTED_SNBT_CHARS`` (2 Gi characters; :func:`to_snbt`). A library user raises one by setting it
(``budget.MAX_TAGS = 5_000_000``: read at each call); the message names that and the ``harness``
option. A stream inflating past ``budget.MAX_DECOMPRESSED_BYTES`` (256 MiB) raises
:class:`CompressionError` of kind ``DecompressionLimitException``.

>>> doc = loads(bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100"))
>>> doc.encoding, doc.compression, doc.root_name
('java', 'none', 'hello world')
>>> doc.tag["name"]
StringTag('Bananrama')
>>> doc.tag["name"] == "Bananrama", isinstance(doc.tag["name"], str)
(True, True)
>>> dumps(doc).hex()
'0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100'
>>> dumps(CompoundTag(n=IntTag(1)), encoding="bedrock").hex()
'0a00000301006e0100000000'
>>> parse_snbt("{a:1e5}", version="1.20.1"), parse_snbt("{a:1e5}", version="26.3")
(CompoundTag({'a': StringTag('1e5')}), CompoundTag({'a': DoubleTag(0x40f86a0000000000 = 100000.0)}))
>>> to_snbt(CompoundTag({"1a": ByteTag(1)}), version="1.20.1"), to_snbt(CompoundTag({"1a": ByteTag(1)}))
('{1a:1b}', '{"1a":1b}')
"""

from __future__ import annotations

from harness.formats import public_names as _public_names

import os
from typing import IO, Union

from harness.formats import versions as _versions
from harness.formats.budget import BudgetExceeded
from harness.formats.errors import GameError
from harness.formats.nbt import compression as _compression
from harness.formats.nbt import detect as _detect
from harness.formats.nbt import nbt_io as _nbt_io
from harness.formats.nbt import snbt_printer_tag_visitor as _pretty
from harness.formats.nbt import string_tag_visitor as _string
from harness.formats.nbt import tag_parser as _tag_parser
from harness.formats.nbt.compression import COMPRESSIONS, CompressionError
from harness.formats.nbt.detect import ENCODINGS, NbtDocument
from harness.formats.nbt.string_reader import CommandSyntaxError
from harness.formats.nbt.tags import (
    END,
    ByteArrayTag,
    ByteTag,
    CompoundTag,
    DoubleTag,
    EndTag,
    FloatTag,
    IntArrayTag,
    IntTag,
    ListTag,
    LongArrayTag,
    LongTag,
    ShortTag,
    StringTag,
    Tag,
)
from harness.formats.versions import GameVersion

__all__ = [
    # reading and writing binary NBT
    "load", "loads", "dump", "dumps", "NbtDocument", "ENCODINGS", "COMPRESSIONS",
    # SNBT
    "parse_snbt", "to_snbt",
    # tags
    "Tag", "EndTag", "END", "ByteTag", "ShortTag", "IntTag", "LongTag", "FloatTag", "DoubleTag",
    "ByteArrayTag", "StringTag", "ListTag", "CompoundTag", "IntArrayTag", "LongArrayTag",
    # errors
    "GameError", "CompressionError", "CommandSyntaxError", "BudgetExceeded",
]
__dir__ = _public_names.listing(__all__)  # dir() lists the API, not what the imports left

Version = Union[str, GameVersion, None]
"""A release: a version string of the table (``"26.3"``), a ``GameVersion``, or ``None`` for the latest."""

File = Union[str, "os.PathLike[str]", IO[bytes]]
"""Where :func:`load` reads and :func:`dump` writes: a path, or a binary stream."""


def _version(version: Version) -> GameVersion:
    return _versions.resolve(_versions.LATEST if version is None else version)


def loads(data: bytes, *, version: Version = None, encoding: str | None = None,
          compression: str | None = None) -> NbtDocument:
    """The NBT document in ``data``, a whole file's bytes.

    ``compression`` (one of :data:`COMPRESSIONS`) is detected by its magic bytes unless given;
    ``encoding`` (one of :data:`ENCODINGS`) is detected unless given: the first encoding that
    reads every byte wins, else the most plausible read (see
    ``harness.formats.nbt.detect``). Java files are read as the game's ``NbtIo`` of
    ``version`` reads them (the root a compound, else ``IOException`` "Root tag must be a named
    compound tag"; depth limit 512; in 26.x a list of ``{"": x}`` compounds comes back as the
    list of the x), the root name kept; ``java-network`` reads a nameless root of any type
    (``NbtIo.readAnyTag``).

    Raises :class:`GameError` for what the game refuses (``where`` names the byte offset in the
    decompressed data), :class:`CompressionError` for a damaged compressed stream,
    ``ValueError`` for an unknown ``encoding``, ``TypeError`` for ``data`` that is not bytes
    (a ``str``: SNBT text is :func:`parse_snbt`'s). Over the tools' own budgets (not the game's):
    :class:`BudgetExceeded` for a read of more than ``harness.formats.budget.MAX_TAGS`` tags,
    :class:`CompressionError` ``DecompressionLimitException`` for a stream inflating past
    ``budget.MAX_DECOMPRESSED_BYTES``; set either (read at each call) to raise it.
    """
    _nbt_io._require_bytes(data, "loads")
    return _detect.open_nbt(data, _version(version), encoding=encoding, compression=compression)


def dumps(obj: NbtDocument | Tag, *, version: Version = None, encoding: str | None = None,
          compression: str | None = None, root_name: str | None = None) -> bytes:
    """The bytes of ``obj``: an :class:`NbtDocument` as it was read, or a root tag.

    A document is written in its own encoding, compression and root name unless these are
    given; a bare tag as ``java``, uncompressed, root name ``""`` (what ``NbtIo.write``
    writes). Java output is what the game ``version`` writes: compound entries in Java
    ``HashMap`` order, NaN canonical, strings over 65,535 bytes as ``""`` (1.20.3+); so a file
    the game wrote comes back byte for byte. Bedrock output keeps put order and raw float bits.

    Raises ``ValueError`` for an unknown ``encoding`` or compression or a
    ``bedrock-level-dat`` document without its ``header``; ``TypeError`` for a value that is
    no tag; :class:`GameError` for what the game refuses to write.
    """
    if isinstance(obj, NbtDocument):
        doc = NbtDocument(encoding or obj.encoding, compression or obj.compression,
                          obj.root_name if root_name is None else root_name, obj.tag, obj.header)
    elif isinstance(obj, Tag):
        doc = NbtDocument(encoding or _detect.JAVA, compression or _compression.NONE, root_name or "", obj)
    else:
        raise TypeError(f"dumps takes an NbtDocument or a Tag, not {type(obj).__name__}")
    if doc.compression not in COMPRESSIONS:
        raise ValueError(f"unknown compression {doc.compression!r}; one of {', '.join(COMPRESSIONS)}")
    return _detect.save_nbt(doc, _version(version))


def load(file: File, *, version: Version = None, encoding: str | None = None,
         compression: str | None = None) -> NbtDocument:
    """:func:`loads` of what ``file`` holds: a path (``str`` or ``os.PathLike``) or a binary
    stream (read to its end). Raises what :func:`loads` raises, and ``OSError`` from the file."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as stream:
            data = stream.read()
    else:
        data = file.read()
    return loads(data, version=version, encoding=encoding, compression=compression)


def dump(obj: NbtDocument | Tag, file: File, *, version: Version = None, encoding: str | None = None,
         compression: str | None = None, root_name: str | None = None) -> None:
    """Writes :func:`dumps` of ``obj`` to ``file``: a path (created or replaced) or a binary
    stream. Raises what :func:`dumps` raises, and ``OSError`` from the file."""
    data = dumps(obj, version=version, encoding=encoding, compression=compression, root_name=root_name)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as stream:
            stream.write(data)
    else:
        file.write(data)


def parse_snbt(text: str, *, version: Version = None, compound: bool = False) -> Tag:
    """The tag SNBT ``text`` stands for, as the game's ``TagParser`` of ``version`` reads it.

    1.18 .. 1.21.4: the old regex-based parser (``1e5`` is a string, lists are homogeneous);
    1.21.5 on: the ``SnbtGrammar`` parser (``1e5`` is a double, mixed lists, hex and
    underscores in numbers, ``bool(x)`` and ``uuid(s)``). With ``compound=True`` the text must
    be a compound, as ``TagParser.parseCompoundFully`` (26.x) / ``parseTag`` (older) require.
    Trailing text other than whitespace is refused.

    Raises :class:`CommandSyntaxError` with the game's English message of that release
    (``.key``, ``.arguments`` and the position in the message), or :class:`GameError`
    ``StackOverflowError`` for nesting deeper than the parser's stack; ``TypeError`` for
    ``text`` that is not a ``str`` (bytes of binary NBT are :func:`loads`'s). Before parsing,
    :class:`BudgetExceeded` (the tools' own budget, not the game's) for text longer than
    ``harness.formats.budget.MAX_SNBT_CHARS`` characters (8 Mi) or of more values than
    ``MAX_SNBT_VALUES`` (100,000, counted as commas outside quoted strings); set either (read at
    each call) to raise it.
    """
    if not isinstance(text, str):
        hint = "; bytes of binary NBT are read by loads (SNBT bytes: decode them first)" \
            if isinstance(text, (bytes, bytearray, memoryview)) else ""
        raise TypeError(f"parse_snbt: text must be a str, not {type(text).__name__}{hint}")
    v = _version(version)
    return _tag_parser.parse_compound(text, v) if compound else _tag_parser.parse(text, v)


def to_snbt(tag: Tag | NbtDocument, *, version: Version = None, pretty: bool = False, jdk: int | None = None) -> str:
    """``tag`` (or an :class:`NbtDocument`'s tag; SNBT has no root name) as SNBT text, as the
    game ``version`` prints it.

    ``pretty=False``: ``Tag.toString()`` (``StringTagVisitor``: compact, keys in Java
    ``String`` order; 26.x quotes keys such as ``1a`` and ``true`` and escapes control
    characters). ``pretty=True``: ``SnbtPrinterTagVisitor``, the text of structure ``.snbt``
    files (4-space indentation). ``jdk`` picks the JDK whose ``Float/Double.toString`` text is
    wanted; by default the Java the release needs (``GameVersion.java_version``: 17 up to
    1.20.4, whose text is JDK 17's; 21 from 1.20.5 and 25 for 26.x, whose text is the
    shortest form JDK 19 brought). ``TypeError`` for a value that is no tag;
    :class:`BudgetExceeded` (the tools' own budget, not the game's) as the text passes
    ``harness.formats.budget.MAX_PRINTED_SNBT_CHARS`` characters (2 Gi; counted as it is printed,
    so a list nested 100,000 deep, whose pretty text would be 40 GB, stops early); set it
    (read at each call) to raise it.

    >>> to_snbt(parse_snbt("{a:1.0E23d}")), to_snbt(parse_snbt("{a:1.0E23d}"), version="1.20.4")
    ('{a:1.0E23d}', '{a:9.999999999999999E22d}')
    """
    if isinstance(tag, NbtDocument):
        tag = tag.tag
    v = _version(version)
    return _pretty.pretty(tag, v, jdk) if pretty else _string.to_string(tag, v, jdk)
