"""Binary NBT in and out, named after the game's ``NbtIo``: the forms the game reads and writes.

Java forms (``version`` is a :class:`harness.formats.versions.GameVersion` or a version
string such as ``"26.3"``; its ``nbt`` rules decide every difference):

- **file** — ``NbtIo.read(DataInput)`` / ``NbtIo.write(CompoundTag, DataOutput)``:
  :func:`read_file`, :func:`write_file`. Named root compound; the name is skipped on read
  (any name) and written as ``""``. No quota (``unlimitedHeap()``; 1.20.1 ``UNLIMITED``),
  depth limit 512. Output is a ``DataOutputStream``: every NaN canonical; strings over 65,535
  bytes become ``""`` (1.20.2+ ``StringFallbackDataOutput``, keys too; 1.20.1 values only).
- **any** — ``NbtIo.readAnyTag`` / ``writeAnyTag`` (1.20.2+; for 1.20.1 the same bytes,
  type byte + payload): :func:`read_any`, :func:`write_any`. Nameless root of any type,
  type 0 is ``END``. No string fallback (1.20.1: values only).
- **network** — ``FriendlyByteBuf.readNbt`` / ``writeNbt`` over Netty buffers:
  :func:`read_network`, :func:`write_network`. 2 MiB quota (``NbtAccounter.create(2097152)``),
  nameless root from 1.20.2, named root (any name, written ``""``) before; ``0`` is no tag
  (``END``). Output is a ``ByteBufOutputStream``: NaN payloads kept; a too-long string is an
  ``EncoderException`` (1.20.1: values become ``""``). Input is a ``ByteBufInputStream``:
  end of input reads "fieldSize is too long! ...".

Tools: :func:`read_named` / :func:`write_named` read and write a named root of any type in
any encoding (``java``, ``bedrock``, ``bedrock_network``; see :mod:`encoding`), and
:func:`read_bedrock_level_dat` / :func:`write_bedrock_level_dat` the Bedrock ``level.dat``
(8-byte header: storage version and payload length, both little-endian 32-bit).

Errors: :class:`~harness.formats.errors.GameError` with the game's kind, message and cause
(recorded format), ``where`` = byte offset and tag path. Arguments of the wrong type are a
``TypeError`` naming the argument: ``data`` must be bytes-like (``bytes``, ``bytearray``,
``memoryview``), a ``name`` a ``str``; a ``version`` string the table does not know is an
:class:`~harness.formats.versions.UnknownVersionError`.

>>> from harness.formats import versions
>>> v = versions.get("26.3")
>>> hello = bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100")
>>> read_file(hello, v)
CompoundTag({'name': StringTag('Bananrama')})
>>> write_file(read_file(hello, v), v).hex()
'0a00000800046e616d65000942616e616e72616d6100'
>>> read_named(hello)
('hello world', CompoundTag({'name': StringTag('Bananrama')}))
"""

from __future__ import annotations

import struct
from dataclasses import replace

from harness.formats import versions as _versions
from harness.formats.errors import GameError
from harness.formats.nbt import tags as T
from harness.formats.nbt.accounter import DEFAULT_QUOTA, NbtAccounter
from harness.formats.nbt.binary_reader import IO_KINDS, NbtReader, read_named_compiled
from harness.formats.nbt.binary_writer import NbtWriter
from harness.formats.nbt.encoding import JAVA, get_encoding

NETWORK_QUOTA = DEFAULT_QUOTA
ROOT_MUST_BE_COMPOUND = "Root tag must be a named compound tag"


def _encoder_exception(e: GameError) -> GameError:
    """Netty ``EncoderException(cause)``: message is the cause's ``toString()``."""
    text = f"java.io.{e.kind}" + (f": {e.message}" if e.message is not None else "")
    return GameError("EncoderException", text, cause=e.kind, cause_message=e.message, where=e.where)


def _read_named_root(reader: NbtReader) -> T.Tag:
    """``NbtIo.read``: type byte, 0 → End, the name skipped, the payload (crash-report wrapped)."""
    t = reader.read_byte()
    if t == 0:
        return T.END
    reader.skip_string()
    return reader.read_root_payload(t)


def _read_nameless_root(reader: NbtReader) -> T.Tag:
    """``NbtIo.readAnyTag``: type byte, 0 → End, the payload (crash-report wrapped)."""
    t = reader.read_byte()
    if t == 0:
        return T.END
    return reader.read_root_payload(t)


_BYTES_LIKE = (bytes, bytearray, memoryview)


def _require_bytes(data, caller: str = "") -> None:
    """``TypeError`` unless ``data`` is bytes-like (an int or a list would read as something else);
    ``caller`` (``"loads"``) starts the message, and a ``str`` is pointed to the SNBT parser."""
    if not isinstance(data, _BYTES_LIKE):
        hint = "; SNBT text is read by parse_snbt" if isinstance(data, str) else ""
        raise TypeError(f"{caller + ': ' if caller else ''}data must be bytes, bytearray or memoryview, "
                        f"not {type(data).__name__}{hint}")


def _require_name(name) -> None:
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")


def _require_compound(tag: T.Tag) -> T.CompoundTag:
    if not isinstance(tag, T.CompoundTag):
        raise GameError("IOException", ROOT_MUST_BE_COMPOUND)
    return tag


def _writer(version, *, form: str) -> NbtWriter:
    """A writer as the Java ``form`` (``file``, ``any``, ``network``) of ``version`` writes."""
    rules = version.nbt
    if rules.string_fallback == "tag":
        fallback = "values"  # 1.19 .. 1.20.2 StringTag.write, whatever the output
    elif rules.string_fallback == "file_output":
        fallback = "all" if form == "file" else None  # 1.20.3+: NbtIo.write's StringFallbackDataOutput
    else:
        fallback = None  # 1.18 .. 1.18.2: nothing catches it
    return NbtWriter(JAVA, canonical_nan=form != "network", string_fallback=fallback,
                     heterogeneous_lists=rules.heterogeneous_lists)


# --- file -----------------------------------------------------------------------------
def read_file(data: bytes, version, *, max_tags: int | None = None) -> T.CompoundTag:
    """``NbtIo.read``: the root compound of ``data`` (named root, name skipped; trailing bytes ignored).

    Raises ``IOException`` "Root tag must be a named compound tag" for an End or non-compound
    root, and the game's errors for malformed input (see module doc). ``max_tags``: the tools'
    budget of tags for this read (default :data:`harness.formats.budget.MAX_TAGS`); over it,
    :class:`~harness.formats.budget.BudgetExceeded`.
    """
    _require_bytes(data)
    rules = _versions.resolve(version).nbt
    reader = NbtReader(data, JAVA, rules, NbtAccounter.for_file(rules), max_tags=max_tags)
    return _require_compound(_read_named_root(reader))


def write_file(tag: T.CompoundTag, version) -> bytes:
    """``NbtIo.write``: type 10, root name ``""``, payload, as a ``DataOutputStream`` gets it."""
    if not isinstance(tag, T.CompoundTag):
        raise TypeError(f"NbtIo.write takes a CompoundTag, not {type(tag).__name__}")
    writer = _writer(_versions.resolve(version), form="file")
    writer.write_named("", tag)
    return bytes(writer.out)


# --- any ------------------------------------------------------------------------------
def read_any(data: bytes, version) -> T.Tag:
    """``NbtIo.readAnyTag(input, unlimitedHeap())``: a nameless root of any type; ``END`` for type 0."""
    return read_any_end(data, version)[0]


def read_any_end(data: bytes, version) -> tuple[T.Tag, int]:
    """``(tag, end)``: :func:`read_any`, and the offset just past the root: the bytes the read
    needed (a reader never looks ahead, so ``data[:end]`` reads the same and ``data[:end - 1]``
    does not)."""
    _require_bytes(data)
    rules = _versions.resolve(version).nbt
    reader = NbtReader(data, JAVA, rules, NbtAccounter.for_file(rules))
    return _read_nameless_root(reader), reader.pos


def write_any(tag: T.Tag, version) -> bytes:
    """``NbtIo.writeAnyTag``: type byte and payload (just ``00`` for ``END``)."""
    writer = _writer(_versions.resolve(version), form="any")
    writer.write_nameless(tag)
    return bytes(writer.out)


# --- network --------------------------------------------------------------------------
def read_network(data: bytes, version) -> T.Tag:
    """``FriendlyByteBuf.readNbt`` with the 2 MiB quota: ``END`` where the game reads null.

    1.20.2+: nameless root of any type. 1.20.1: a first byte 0 is null, else a named root
    compound (``NbtIo.read``). An ``IOException`` outside the root payload comes out as Netty's
    ``EncoderException`` around it.
    """
    _require_bytes(data)
    rules = _versions.resolve(version).nbt
    reader = NbtReader(data, JAVA, rules, NbtAccounter(rules, NETWORK_QUOTA), netty=True)
    if rules.network_named_root and not data:
        raise GameError("IndexOutOfBoundsException", None, where="offset 0")  # FriendlyByteBuf.readByte peek
    try:
        if rules.network_named_root:
            tag = _read_named_root(reader)
            return tag if tag is T.END else _require_compound(tag)
        return _read_nameless_root(reader)
    except GameError as e:
        if e.kind in IO_KINDS:
            raise _encoder_exception(e) from None
        raise


def write_network(tag: T.Tag, version) -> bytes:
    """``FriendlyByteBuf.writeNbt``: NaN payloads kept; ``END`` (null) is ``00``.

    1.20.2+: nameless (``writeAnyTag``); 1.20.1: named root ``""`` (a ``CompoundTag`` only).
    A string too long for ``writeUTF`` is an ``EncoderException`` (1.20.1: values become ``""``).
    """
    version = _versions.resolve(version)
    writer = _writer(version, form="network")
    try:
        if tag is T.END or not version.nbt.network_named_root:
            writer.write_nameless(tag)
        elif isinstance(tag, T.CompoundTag):
            writer.write_named("", tag)
        else:
            raise TypeError(f"{version.id} FriendlyByteBuf.writeNbt takes a CompoundTag, not {type(tag).__name__}")
    except GameError as e:
        if e.kind in IO_KINDS:
            raise _encoder_exception(e) from None
        raise
    return bytes(writer.out)


# --- tools: named roots in any encoding, Bedrock level.dat ------------------------------
_BEDROCK_RULES: dict[int, tuple] = {}  # id(java rules) -> (java rules, the same without list wrapping)


def _tool_rules(version, encoding):
    rules = _versions.resolve(version if version is not None else _versions.LATEST).nbt
    if encoding is not JAVA:  # Bedrock lists are plain homogeneous lists: no {"": x} wrapping
        known = _BEDROCK_RULES.get(id(rules))
        if known is None or known[0] is not rules:
            known = _BEDROCK_RULES[id(rules)] = (rules, replace(rules, heterogeneous_lists=False))
        rules = known[1]
    return rules


def read_named(data: bytes, version=None, encoding: str = "java") -> tuple[str, T.Tag]:
    """``(root name, root tag)`` of a named root of any type (``("", END)`` for type 0).

    ``encoding``: ``java``, ``bedrock`` or ``bedrock_network``. ``version`` (default the latest)
    gives the accounter's depth limit and, for Java, the list rules; no quota.
    """
    name, tag, _ = read_named_end(data, version, encoding)
    return name, tag


def read_named_end(data: bytes, version=None, encoding: str = "java") -> tuple[str, T.Tag, int]:
    """``(root name, root tag, end)``: :func:`read_named`, and the offset just past the root
    (as :func:`read_any_end`)."""
    _require_bytes(data)
    enc = get_encoding(encoding)
    rules = _tool_rules(version, enc)
    done = read_named_compiled(data, enc, rules)
    if done is not None:
        return done
    reader = NbtReader(data, enc, rules, NbtAccounter.for_file(rules))
    t = reader.read_byte()
    if t == 0:
        return "", T.END, reader.pos
    name = reader.read_string()
    return name, reader.read_root_payload(t), reader.pos


def write_named(name: str, tag: T.Tag, encoding: str = "java", version=None) -> bytes:
    """Type byte, ``name``, payload in ``encoding``.

    Java: as ``NbtIo.write`` of ``version`` (default the latest) does, but keeping ``name``.
    Bedrock: compounds in put order, raw float bits, homogeneous lists, strings over 65,535
    bytes refused (fixed-width ``bedrock`` only).
    """
    _require_name(name)
    enc = get_encoding(encoding)
    if enc is JAVA:
        writer = _writer(_versions.resolve(version if version is not None else _versions.LATEST), form="file")
    else:
        writer = NbtWriter(enc, canonical_nan=False, string_fallback=None, heterogeneous_lists=False,
                           hashmap_order=False)
    writer.write_named(name, tag)
    return bytes(writer.out)


_LEVEL_DAT_HEADER = struct.Struct("<iI")


def read_bedrock_level_dat(data: bytes) -> tuple[int, str, T.Tag]:
    """``(storage_version, root name, root tag)`` of a Bedrock ``level.dat``.

    The 8-byte header is the storage version and the byte length of the little-endian NBT
    after it; a header that promises more bytes than there are is an ``EOFException``.
    """
    _require_bytes(data)
    if len(data) < 8:
        raise GameError("EOFException", f"Bedrock level.dat header needs 8 bytes, got {len(data)}", where="offset 0")
    storage_version, length = _LEVEL_DAT_HEADER.unpack_from(data, 0)
    if length > len(data) - 8:
        raise GameError("EOFException", f"level.dat header declares {length} bytes of NBT, {len(data) - 8} follow",
                        where="offset 4")
    name, tag = read_named(data[8:8 + length], encoding="bedrock")
    return storage_version, name, tag


def write_bedrock_level_dat(storage_version: int, name: str, tag: T.Tag) -> bytes:
    """The Bedrock ``level.dat`` bytes: header (storage version, length) + little-endian named root.

    ``storage_version`` is a signed 32-bit int (``ValueError`` outside -2147483648..2147483647,
    ``TypeError`` if not an int).
    """
    if not isinstance(storage_version, int):
        raise TypeError(f"Bedrock level.dat storage_version must be an int, not {type(storage_version).__name__}")
    if not -(1 << 31) <= storage_version < (1 << 31):
        raise ValueError(f"Bedrock level.dat storage_version must be a signed 32-bit int "
                         f"(-2147483648..2147483647); got {storage_version}")
    body = write_named(name, tag, encoding="bedrock")
    if len(body) > 0xFFFFFFFF:
        raise ValueError(f"Bedrock level.dat body length must fit the unsigned 32-bit header field; got {len(body)}")
    return _LEVEL_DAT_HEADER.pack(storage_version, len(body)) + body
