"""``RegionFileVersion``: the compression of a region file's chunks, by id.

The game's ``net.minecraft.world.level.chunk.storage.RegionFileVersion`` (GAME_API.md
"Region files", GAME_FACTS.md 3.1). Which ids a release has is
``version.region.compression_ids`` (:mod:`harness.formats.versions`):

====  ==================  ==========================================================
id    name                a chunk written / read through
====  ==================  ==========================================================
1     ``VERSION_GZIP``    ``GZIPOutputStream`` / ``GZIPInputStream``
2     ``VERSION_DEFLATE`` ``DeflaterOutputStream`` / ``InflaterInputStream`` (zlib; the default)
3     ``VERSION_NONE``    the bytes as they are
4     ``VERSION_LZ4``     lz4-java's ``LZ4BlockOutputStream`` / ``LZ4BlockInputStream`` (1.20.5 on)
127   ``VERSION_CUSTOM``  nothing: writing throws ``UnsupportedOperationException``; a chunk
                          read starts with a ``writeUTF`` id, which the game logs and skips
====  ==================  ==========================================================

Bit 128 of a chunk's id byte (:data:`EXTERNAL_FLAG`) says its data is in ``c.X.Z.mcc``.
Writing gives Java's bytes (:mod:`harness.formats.nbt.compression`: gzip's fixed header,
zlib level 6; :mod:`.lz4_block`); :func:`read` reads the whole stream, as ``readAllBytes`` on
the game's stream does, and raises what that stream throws; :func:`read_through` reads NBT
through it, as ``NbtIo.read`` does.

>>> write(2, b"\\x0a\\x00\\x00\\x00")[:2].hex(), read(2, write(2, b"abc"))
('789c', b'abc')
>>> name(0x82), exists(4, "1.20.4"), exists(4, "1.20.5")
('external zlib', False, True)
"""

from __future__ import annotations

from typing import Callable, TypeVar

from harness.formats import versions as _versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression
from harness.formats.region import lz4_block

VERSION_GZIP, VERSION_DEFLATE, VERSION_NONE, VERSION_LZ4, VERSION_CUSTOM = 1, 2, 3, 4, 127
DEFAULT = VERSION_DEFLATE
EXTERNAL_FLAG = 128
NAMES = {VERSION_GZIP: "gzip", VERSION_DEFLATE: "zlib", VERSION_NONE: "none", VERSION_LZ4: "LZ4",
         VERSION_CUSTOM: "custom"}
T = TypeVar("T")
COMPRESSION_BY_ID = {VERSION_GZIP: compression.GZIP, VERSION_DEFLATE: compression.ZLIB, VERSION_NONE: compression.NONE}
"""The ids whose stream is one of :mod:`harness.formats.nbt.compression`'s, and its name there
(LZ4 has none of NBT files' own; 127 has no stream)."""


def exists(version_id: int, version: _versions.GameVersion | str) -> bool:
    """Whether ``RegionFileVersion.fromId(version_id)`` is non-null in ``version``
    (``isValidVersion``)."""
    return version_id in _versions.resolve(version).region.compression_ids


def name(version_id: int) -> str:
    """``gzip``, ``zlib``, ``none``, ``LZ4``, ``custom`` or ``invalid <id>`` (of the low 7
    bits), with ``external`` before it when bit 128 is set."""
    kind = NAMES.get(version_id & 0x7F) or f"invalid {version_id & 0x7F}"
    return f"external {kind}" if version_id & EXTERNAL_FLAG else kind


def write(version_id: int, data: bytes) -> bytes:
    """``data`` as it leaves ``version.wrap(out)`` once closed; ``UnsupportedOperationException``
    (no message) for 127, which has no stream, and ``KeyError`` for an id with none."""
    if version_id == VERSION_CUSTOM:
        raise GameError("UnsupportedOperationException", None)
    if version_id == VERSION_LZ4:
        return lz4_block.compress(data)
    return compression.compress(data, COMPRESSION_BY_ID[version_id])


def read(version_id: int, data: bytes, *, limit: int | None = None) -> bytes:
    """Every byte the game's input stream for ``version_id`` (1 to 4) gives from ``data``
    (``readAllBytes``), or the error it throws (:class:`GameError`, Java's kind and text)."""
    if version_id == VERSION_LZ4:
        return lz4_block.decompress(data, limit=limit)
    return compression.decompress(data, COMPRESSION_BY_ID[version_id], limit=limit)


def read_through(version_id: int, data: bytes, read: Callable[[bytes], T], *,
                 limit: int | None = None) -> tuple[T, GameError | None, int]:
    """``(read(the bytes before a fault), the fault or None, the bytes inflated)``: ``read``
    (``NbtIo.read``) on the game's stream for ``version_id`` (a fault where ``read`` runs out of
    input is raised; one after the end ``read`` reached goes unnoticed, as in the game).

    gzip and zlib are inflated only as far as ``read`` needs while it fails
    (:func:`harness.formats.nbt.compression.read_streaming`: a read stopped by the tools'
    budget in its first MiB inflates no more), then to the end once it has returned; LZ4 is
    read whole first (:func:`harness.formats.nbt.compression.read_to_fault`)."""
    if version_id == VERSION_LZ4:
        prefix, problem = lz4_block.decompress_prefix(data, limit=limit)
        return compression.read_to_fault(read, prefix, problem), problem, len(prefix)
    return compression.read_streaming(read, data, COMPRESSION_BY_ID[version_id], limit=limit)
