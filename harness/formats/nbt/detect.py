"""Which encoding and compression a binary NBT file uses: open it, and save it back the same way.

Five encodings (seed 001, "Fünf verwendete Kodierungen"; :mod:`harness.formats.nbt.encoding`):

==========================  ===========================================================
``java``                    big-endian, named root (``NbtIo``; worlds, structures)
``java-network``            big-endian, nameless root (``readAnyTag``; the 1.20.2+ protocol)
``bedrock``                 little-endian, named root, UTF-8 (worlds, ``.mcstructure``)
``bedrock-level-dat``       ``bedrock`` after an 8-byte header: storage version and payload
                            length, little-endian 32-bit each (length = the rest)
``bedrock-network``         little-endian, zigzag varints for Int/Long and lengths, named root
==========================  ===========================================================

Detection: compression by magic bytes (:mod:`compression`), then each encoding is tried on
the decompressed bytes in the order: ``bedrock-level-dat`` (only when the header's length is
exactly the rest), ``java``, ``bedrock``, ``bedrock-network``, ``java-network``. The first
encoding that reads **all** the bytes wins (a reader never looks ahead, so "all" is where
its read ends: the bytes without the last one would not read). Otherwise every outcome (a
document with bytes left over, or a refusal) is ranked, best first, by:

1. **plausible**: the root looks like a real file's in that encoding: its type byte is a tag
   type (1..12) and its name (``java``: big-endian length, ``bedrock``: little-endian,
   ``bedrock-network``: varint) fits in the data and is printable text; for a refusal, the
   tag path where it stopped is printable too (a misreading takes data bytes for lengths
   and names, so its names hold control characters: NULs, tabs);
2. **game limit**: a refusal by a limit of the game (``NbtAccounterException``, 1.20.1
   ``RuntimeException``: depth over 512, quota) needs a long well-formed prefix to reach, so it beats other outcomes;
3. **progress**: how far the read got (a read with bytes left over: the bytes it needed;
   a refusal: the offset of its error); ties go to the earlier encoding in the order.

If the best outcome is a refusal, its error is raised, with an ``encoding`` attribute naming
the encoding whose read it is: a cut, damaged or too deep Java file reports the Java
reader's error, not a misreading in another encoding. So does a file whose root name is
not text in its encoding (modified UTF-8, or UTF-8 in Bedrock's): where an encoding's
refusal came before the rest of the file, which reads once the name is skipped (as the
game's ``NbtIo`` skips it), that refusal is raised, however far other encodings get. A root of
type End (``00``: the network's "no tag") is no document: detection refuses it with the
game's file-reading error, ``IOException`` "Root tag must be a named compound tag", decided
from the first byte alone when no ``bedrock-level-dat`` header matches (every encoding
starts with the type byte); such a root is read only when the encoding is given.

Roots: Java files are read as ``NbtIo.read`` reads them, the root name kept
(``nbt_io.read_named``): a root that is no compound is refused, ``IOException`` "Root tag
must be a named compound tag" (recorded ``nbt/p/root-not-compound/file``, one answer from
1.18 to 26.3), the encoding given or detected (detected: raised when that root reads the
whole file, else ranked as a refusal at offset 0). A nameless root of any type is the
``java-network`` encoding's (``NbtIo.readAnyTag``, the protocol's form). ``save_nbt`` writes
the name back. The game itself writes ``""``
(``NbtIo.write``); use :func:`harness.formats.nbt.nbt_io.write_file` for that.

>>> from harness.formats.nbt import compression
>>> hello = bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100")
>>> doc = open_nbt(compression.compress(hello, "gzip"))
>>> doc.encoding, doc.compression, doc.root_name
('java', 'gzip', 'hello world')
>>> compression.decompress(save_nbt(doc)) == hello
True
>>> open_nbt(bytes.fromhex("0a0b0068656c6c6f20776f726c640804006e616d65090042616e616e72616d6100")).encoding
'bedrock'
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression as _compression
from harness.formats.nbt import nbt_io
from harness.formats.nbt.accounter import NbtAccounter
from harness.formats.nbt.binary_reader import NbtReader
from harness.formats.nbt.encoding import get_encoding
from harness.formats.nbt.tags import END, CompoundTag, Tag

JAVA = "java"
JAVA_NETWORK = "java-network"
BEDROCK = "bedrock"
BEDROCK_LEVEL_DAT = "bedrock-level-dat"
BEDROCK_NETWORK = "bedrock-network"
ENCODINGS = (BEDROCK_LEVEL_DAT, JAVA, BEDROCK, BEDROCK_NETWORK, JAVA_NETWORK)  # detection order

_LEVEL_DAT_HEADER = struct.Struct("<iI")
_OFFSET = re.compile(r"offset (\d+)")


@dataclass
class NbtDocument:
    """A decoded NBT file.

    ``encoding`` one of :data:`ENCODINGS`; ``compression`` ``gzip``/``zlib``/``none``;
    ``root_name`` the root's name (``None`` for the nameless ``java-network``); ``tag`` the
    root tag; ``header`` the storage version of a Bedrock ``level.dat`` header (else
    ``None``); ``problem`` a compression fault found after the NBT had ended (the game does
    not read that far), else ``None``. Bytes the read ignored, as the game's ``NbtIo.read``
    ignores them: ``trailing`` ``(offset, count)`` of the decompressed bytes after the root's
    end, ``after_stream`` ``(offset, count)`` of the file's bytes after its gzip or zlib
    stream; each ``None`` when there are none.
    """

    encoding: str
    compression: str
    root_name: str | None
    tag: Tag
    header: int | None = None
    problem: GameError | None = None
    trailing: tuple[int, int] | None = None
    after_stream: tuple[int, int] | None = None


def _read(encoding: str, data: bytes, version) -> tuple[str | None, Tag, int | None, int]:
    """``(root name, tag, header, end)`` of ``data`` in ``encoding``; ``end``: how many bytes the
    read needed (a reader never looks ahead: reading ``data[:end]`` would give the same, and
    no shorter prefix reads), found without a copy of ``data``."""
    if encoding == BEDROCK_LEVEL_DAT:
        storage, name, tag = nbt_io.read_bedrock_level_dat(data)
        return name, tag, storage, 8 + _LEVEL_DAT_HEADER.unpack_from(data, 0)[1]
    if encoding == JAVA_NETWORK:
        tag, end = nbt_io.read_any_end(data, version)
        return None, tag, None, end
    name, tag, end = nbt_io.read_named_end(data, version, encoding=encoding.replace("-", "_"))
    if encoding == JAVA and not isinstance(tag, CompoundTag):  # NbtIo.read: End or any other root refused
        raise GameError("IOException", nbt_io.ROOT_MUST_BE_COMPOUND, where="offset 0")
    return name, tag, None, end


def _candidates(data: bytes) -> list[str]:
    """The encodings worth trying on ``data``, in detection order."""
    found = []
    if len(data) >= 9:
        storage, length = _LEVEL_DAT_HEADER.unpack_from(data, 0)
        if length == len(data) - 8 and storage >= 0:
            found.append(BEDROCK_LEVEL_DAT)
    return found + [JAVA, BEDROCK, BEDROCK_NETWORK, JAVA_NETWORK]


def _offset(error: GameError) -> int:
    match = _OFFSET.search(error.where or "")
    return int(match.group(1)) if match else -1


def _reader(encoding: str, data, version) -> NbtReader:
    """A reader of ``data`` in the binary form of ``encoding`` (``java-network``'s is Java's,
    ``bedrock-level-dat``'s Bedrock's), with the file accounter of ``version``."""
    codec = {JAVA_NETWORK: JAVA, BEDROCK_LEVEL_DAT: BEDROCK}.get(encoding, encoding)
    return NbtReader(data, get_encoding(codec.replace("-", "_")), version.nbt, NbtAccounter.for_file(version.nbt))


def root_name(encoding: str, data, version) -> str | None:
    """The root's name as ``encoding`` reads it from the decompressed ``data`` (``""`` for the
    nameless ``java-network``), or ``None`` when its type byte is no tag type (1..12) or its
    name does not read (cut, or not modified UTF-8). Reads the type byte and the name only."""
    reader = _reader(encoding, data, version)
    reader.pos = 8 if encoding == BEDROCK_LEVEL_DAT else 0
    try:
        if not 1 <= reader.read_byte() <= 12:
            return None
        return "" if encoding == JAVA_NETWORK else reader.read_string()
    except GameError:
        return None


def _reads_but_for_its_name(encoding: str, data, version, name: str | None) -> bool:
    """Whether ``encoding`` (a named one), whose root's name ``name`` (:func:`root_name`) did
    not read, reads all of ``data`` once that name is skipped, as the game's ``NbtIo`` skips it
    (GAME_FACTS.md 3.1, ``nbt_io._read_named_root``): then its refusal was of the name's text
    (not modified UTF-8, or not UTF-8 in Bedrock's encodings), and that refusal is the file's
    error, however far a misreading in another encoding gets."""
    if encoding not in (JAVA, BEDROCK, BEDROCK_NETWORK) or name is not None or not data or not 1 <= data[0] <= 12:
        return False  # the name reads (the refusal was of the rest), or no tag type starts the file
    reader = _reader(encoding, data, version)
    try:
        nbt_io._read_named_root(reader)
    except GameError:
        return False
    return reader.pos == len(data)


def _java_root_not_compound(encoding: str, error: GameError, data, version) -> bool:
    """Whether ``error`` is ``java``'s refusal of a well-formed root that is no compound (``NbtIo.read``:
    "Root tag must be a named compound tag"; recorded ``nbt/p/root-not-compound/file``, the same
    answer from 1.18 to 26.3) of a root that reads all of ``data``: then the file is a Java one
    the game refuses, whatever another encoding would make of its bytes."""
    if encoding != JAVA or error.message != nbt_io.ROOT_MUST_BE_COMPOUND:
        return False
    return nbt_io.read_named_end(data, version)[2] == len(data)


def _is_limit(error: GameError, version) -> bool:
    """Whether ``error`` is the game's limit (``version.nbt.accounter_error``: depth, quota)."""
    return version.nbt.accounter_error in (error.kind, error.cause)


def _rank(name: str | None, outcome, progress: int, version) -> tuple[bool, bool, int]:
    """``(plausible, game limit, progress)`` of one encoding's outcome, its root's name ``name``
    (:func:`root_name`; module text); higher is better."""
    plausible = name is not None and name.isprintable()
    if isinstance(outcome, GameError):
        path = (outcome.where or "").partition(", path ")[2]
        return plausible and path.isprintable(), _is_limit(outcome, version), progress
    return plausible, False, progress


def detect(data: bytes, version=None) -> NbtDocument:
    """The document in the decompressed ``data``, its encoding detected (module text)."""
    version = version if version is not None else versions.get(versions.LATEST)
    candidates = _candidates(data)
    if data[:1] == b"\x00" and BEDROCK_LEVEL_DAT not in candidates:  # a root of type End in every encoding
        raise GameError("IOException", nbt_io.ROOT_MUST_BE_COMPOUND, where="offset 0")
    best = None  # (rank, document or error); the earliest encoding keeps a tie
    for encoding in candidates:
        try:
            name, tag, header, progress = _read(encoding, data, version)
            if tag is END:
                raise GameError("IOException", nbt_io.ROOT_MUST_BE_COMPOUND, where="offset 0")
        except GameError as e:
            e.encoding = encoding  # whose read refused: shown by ``harness nbt``
            name = root_name(encoding, data, version)
            if _reads_but_for_its_name(encoding, data, version, name) or _java_root_not_compound(encoding, e, data,
                                                                                                  version):
                raise
            progress, outcome = _offset(e), e
        else:
            outcome = NbtDocument(encoding, _compression.NONE, name, tag, header, trailing=_left(progress, data))
            if progress == len(data):
                return outcome
            if name is None:  # the nameless java-network's, as root_name gives it
                name = ""
        rank = _rank(name, outcome, progress, version)
        if best is None or rank > best[0]:
            best = (rank, outcome)
    if isinstance(best[1], GameError):
        raise best[1]
    return best[1]


def _refuse_end_root(out, more) -> None:
    """:func:`detect`'s refusal of a root of type End, decided from the first inflated bytes
    (``read_compressed``'s ``early``): the first byte ``00`` and no ``bedrock-level-dat``
    header that could match (its length must be exactly the rest: when more bytes than it
    says come out, none does). Inflates 9 bytes, or the header's length and one more; leaves
    every other document (and a stream that ends or faults before it can tell) to the read."""
    more(9)
    start = out.head(9)
    if len(start) < 9 or start[0] != 0:
        return
    storage, length = _LEVEL_DAT_HEADER.unpack_from(start, 0)
    if storage >= 0:
        more(length + 9)
        if len(out) <= length + 8:
            return
    raise GameError("IOException", nbt_io.ROOT_MUST_BE_COMPOUND, where="offset 0")


def open_nbt(data: bytes, version=None, *, encoding: str | None = None, compression: str | None = None,
             limit: int | None = None) -> NbtDocument:
    """The document in a file's bytes: compression and encoding detected unless given.

    ``version`` (a :class:`harness.formats.versions.GameVersion`, default the latest) gives
    the reader's rules (depth limit; Java list unwrapping in 26.x). Raises
    :class:`harness.formats.errors.GameError` (``where`` holds the byte offset in the
    decompressed data) or :class:`harness.formats.nbt.compression.CompressionError`.
    """
    version = version if version is not None else versions.get(versions.LATEST)
    if encoding is not None and encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; one of {', '.join(ENCODINGS)}")

    def read(payload: bytes) -> NbtDocument:
        if encoding is None:
            return detect(payload, version)
        name, tag, header, end = _read(encoding, payload, version)
        return NbtDocument(encoding, _compression.NONE, name, tag, header, trailing=_left(end, payload))

    early = _refuse_end_root if encoding is None else None
    doc, doc.compression, doc.problem, stream_end = _compression.read_compressed(data, read, compression, limit=limit,
                                                                                  early=early)
    doc.after_stream = None if stream_end is None else _left(stream_end, data)
    return doc


def _left(end: int, data) -> tuple[int, int] | None:
    """``(end, bytes of data after it)``, or ``None`` when ``end`` is ``data``'s end."""
    return (end, len(data) - end) if end < len(data) else None


def save_nbt(doc: NbtDocument, version=None) -> bytes:
    """The bytes of ``doc`` in its ``encoding`` and ``compression``.

    ``java``: ``write_named`` with the root name (``HashMap`` order, canonical NaN, string
    fallback, as ``NbtIo.write`` of ``version``); ``java-network``: the nameless root as the
    game sends it (``write_network``: NaN payloads kept; ``write_any`` for 1.20.1, whose
    network form is named); Bedrock encodings: put order, raw float bits; ``bedrock-level-dat``
    needs ``header`` (the storage version).
    """
    version = version if version is not None else versions.get(versions.LATEST)
    name = doc.root_name if doc.root_name is not None else ""
    if doc.encoding == JAVA_NETWORK:
        write = nbt_io.write_any if version.nbt.network_named_root else nbt_io.write_network
        body = write(doc.tag, version)
    elif doc.encoding == BEDROCK_LEVEL_DAT:
        if doc.header is None:
            raise ValueError("a bedrock-level-dat document needs its header (the storage version)")
        body = nbt_io.write_bedrock_level_dat(doc.header, name, doc.tag)
    elif doc.encoding in (JAVA, BEDROCK, BEDROCK_NETWORK):
        body = nbt_io.write_named(name, doc.tag, encoding=doc.encoding.replace("-", "_"), version=version)
    else:
        raise ValueError(f"unknown encoding {doc.encoding!r}; one of {', '.join(ENCODINGS)}")
    return _compression.compress(body, doc.compression)
