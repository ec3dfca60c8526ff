"""Region files (``r.X.Z.mca``): the sector table and the chunks' compressed NBT inside.

A small reader of the game's ``RegionFile`` (``net.minecraft.world.level.chunk.storage``;
the layout has been the same since 1.2, the compression ids are ``RegionFileVersion``'s):

- bytes 0..4095: 1024 big-endian ints, one per chunk ``(x, z)`` of the region at index
  ``x + 32 * z`` (x, z in 0..31): the upper 24 bits are the first sector (4096 bytes each),
  the low 8 bits the number of sectors; 0 means no chunk;
- bytes 4096..8191: 1024 big-endian ints, the chunks' last-save times (seconds);
- at a chunk's first sector: a big-endian int ``length`` (the bytes that follow, the
  compression id included), a compression id byte, then ``length - 1`` bytes of payload.

Compression ids (GAME_FACTS.md 3.1): 1 gzip, 2 zlib ("deflate"), 3 none; from 1.20.5 on also
4 LZ4 (lz4-java's ``LZ4BlockInputStream``) and 127 custom (a namespaced id, then the data).
An id with bit 128 set says the payload is in an external file ``c.X.Z.mcc`` beside the
region (used when a chunk outgrows 255 sectors). LZ4, custom and external payloads are
refused here with a clear :class:`UnsupportedChunkError` (a :class:`RegionError`): this
reader has no LZ4 codec and no custom codecs, and it reads one file.

Where the game only logs and treats the chunk as absent (``RegionFile`` constructor and
``getChunkDataInputStream``), this reader raises :class:`RegionError` with kind
``RegionFileException`` (the harness's own kind: the game throws nothing there) and the
game's log text as the message, so a caller sees why a chunk cannot be read:

| situation | message |
| --- | --- |
| first sector inside the two header sectors | ``Region file has invalid sector at index: I; sector S overlaps with header`` |
| sector count 0 | ``Region file has an invalid sector at index: I; size has to be > 0`` |
| sectors beyond the file | ``Region file has an invalid sector at index: I; sector S is out of bounds`` |
| fewer than 5 bytes at the sector | ``Chunk [x, z] header is truncated: expected N but read M`` |
| ``length`` 0 | ``Chunk [x, z] is allocated, but stream is missing`` |
| payload longer than its sectors | ``Chunk [x, z] stream is truncated: expected N but read M`` |
| ``length`` negative | ``Declared size N of chunk [x, z] is negative`` |
| unknown compression id | ``Chunk [x, z] has invalid chunk stream version V`` |

A corrupt compressed payload raises :class:`harness.formats.nbt.compression.CompressionError`.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from harness.formats import versions as _versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.tags import CompoundTag

__all__ = ["RegionFile", "ChunkLocation", "RegionError", "UnsupportedChunkError", "looks_like_region",
           "stored_position", "REGION_NAME", "SECTOR"]

SECTOR = 4096
CHUNKS = 1024
HEADER_SECTORS = 2

GZIP_ID, ZLIB_ID, NONE_ID, LZ4_ID, CUSTOM_ID = 1, 2, 3, 4, 127
EXTERNAL_FLAG = 128
COMPRESSION_BY_ID = {GZIP_ID: compression.GZIP, ZLIB_ID: compression.ZLIB, NONE_ID: compression.NONE}
UNSUPPORTED_IDS = {LZ4_ID: "LZ4", CUSTOM_ID: "custom"}


REGION_NAME = re.compile(r"r\.(-?\d+)\.(-?\d+)\.mc[ar]")
"""A region file's name: ``r.<x>.<z>.mca`` (Anvil, 1.2 on) or ``.mcr`` (McRegion, same layout)."""


def compression_name(compression_id: int) -> str:
    """``gzip``, ``zlib``, ``none``, ``LZ4``, ``custom`` or ``invalid <id>``; ``external`` (the
    ``c.X.Z.mcc`` flag) put before it."""
    kind = COMPRESSION_BY_ID.get(compression_id & 0x7F) or UNSUPPORTED_IDS.get(compression_id & 0x7F) \
        or f"invalid {compression_id & 0x7F}"
    return f"external {kind}" if compression_id & EXTERNAL_FLAG else kind


def looks_like_region(data: bytes) -> bool:
    """Whether ``data`` has a region file's shape: at least the two header sectors, at least
    one chunk, and most used table entries (more than half) well placed, with a positive
    length and a known compression id (1..4 or 127, external or not) at their first sector.
    A damaged region (some bad entries) still has the shape.

    Cheap (the headers only). Binary NBT never has this shape: a region file starts with
    ``00`` (a sector number below 2^16), an NBT root of type End.
    """
    if len(data) < HEADER_SECTORS * SECTOR or data[0] != 0:
        return False
    region = RegionFile(data)
    good = 0
    for loc in region.locations:
        try:
            length, compression_id = region.stream_header(loc)
        except RegionError:
            continue
        good += length > 0 and compression_id & 0x7F in (*COMPRESSION_BY_ID, *UNSUPPORTED_IDS)
    return good * 2 > len(region.locations)


def stored_position(chunk: CompoundTag) -> tuple[int, int] | None:
    """The world chunk position a chunk's NBT states: its ``xPos`` and ``zPos`` ints (at the
    root from 1.18 on, under ``Level`` before), or ``None`` when it states none."""
    level = chunk.get("Level")
    holder = level if isinstance(level, CompoundTag) and "xPos" in level else chunk
    x, z = holder.get("xPos"), holder.get("zPos")
    if not isinstance(x, int) or not isinstance(z, int) or getattr(x, "id", None) != 3 or getattr(z, "id", None) != 3:
        return None
    return int(x), int(z)


class RegionError(GameError):
    """A chunk this reader cannot give (kind ``RegionFileException``; see the module text)."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__("RegionFileException", message, where=where)


class UnsupportedChunkError(RegionError):
    """A chunk the game may well load but this reader does not: LZ4 or custom compression, or
    a payload in an external ``c.X.Z.mcc`` file."""


@dataclass(frozen=True)
class ChunkLocation:
    """One used entry of the sector table: chunk ``(x, z)`` in the region (0..31 each)."""

    x: int
    z: int
    sector: int  # first sector
    sectors: int  # sectors allocated
    timestamp: int  # last save, seconds since 1970

    @property
    def index(self) -> int:
        return self.x + 32 * self.z


class RegionFile:
    """A region file's bytes, read as the game's ``RegionFile`` reads them.

    ``locations`` are the used table entries in index order; ``problems`` maps an index to
    the :class:`RegionError` the game would log for its entry (that chunk reads as absent in
    the game, and :meth:`payload` raises that error here).
    """

    def __init__(self, data: bytes):
        self.data = data if isinstance(data, bytes) else bytes(data)
        if len(self.data) < HEADER_SECTORS * SECTOR:
            raise RegionError(
                f"Region file is {len(self.data)} bytes, shorter than its {HEADER_SECTORS * SECTOR}-byte header",
                where="byte 0",
            )
        offsets = struct.unpack_from(f">{CHUNKS}I", self.data, 0)
        times = struct.unpack_from(f">{CHUNKS}I", self.data, SECTOR)
        self.locations: list[ChunkLocation] = []
        self.problems: dict[int, RegionError] = {}
        for index, entry in enumerate(offsets):
            if entry == 0:
                continue
            loc = ChunkLocation(index % 32, index // 32, entry >> 8, entry & 0xFF, times[index])
            self.locations.append(loc)
            problem = None
            if loc.sector < HEADER_SECTORS:
                problem = f"Region file has invalid sector at index: {index}; sector {loc.sector} overlaps with header"
            elif loc.sectors == 0:
                problem = f"Region file has an invalid sector at index: {index}; size has to be > 0"
            elif loc.sector * SECTOR > len(self.data):
                problem = f"Region file has an invalid sector at index: {index}; sector {loc.sector} is out of bounds"
            if problem:
                self.problems[index] = RegionError(problem, where=f"byte {index * 4} (sector table)")

    def location(self, x: int, z: int) -> ChunkLocation | None:
        """The table entry of chunk ``(x, z)``, or ``None`` when the region has no such chunk."""
        for loc in self.locations:
            if (loc.x, loc.z) == (x, z):
                return loc
        return None

    def stream_header(self, loc: ChunkLocation) -> tuple[int, int]:
        """``(length, compression id)`` at a chunk's first sector (``length`` counts the id
        byte and the payload); :class:`RegionError` for a bad table entry or a cut header."""
        if loc.index in self.problems:
            raise self.problems[loc.index]
        pos = loc.sector * SECTOR
        available = min(len(self.data) - pos, loc.sectors * SECTOR)
        if available < 5:
            raise RegionError(f"Chunk [{loc.x}, {loc.z}] header is truncated: expected {loc.sectors * SECTOR} "
                              f"but read {available}", f"byte {pos} (sector {loc.sector})")
        return struct.unpack_from(">iB", self.data, pos)

    def payload(self, loc: ChunkLocation) -> tuple[int, bytes]:
        """``(compression id, compressed payload)`` of a chunk; :class:`RegionError` if unreadable."""
        length, version = self.stream_header(loc)
        pos = loc.sector * SECTOR
        available = min(len(self.data) - pos, loc.sectors * SECTOR) - 5
        name = f"[{loc.x}, {loc.z}]"
        where = f"byte {pos} (sector {loc.sector})"
        if length == 0:
            raise RegionError(f"Chunk {name} is allocated, but stream is missing", where)
        size = length - 1
        if version & EXTERNAL_FLAG:
            raise UnsupportedChunkError(
                f"Chunk {name} is stored in the external file c.{loc.x}.{loc.z}.mcc beside the region "
                f"(compression id {version & 0x7F}); this reader reads one file", where)
        if size > available:
            raise RegionError(f"Chunk {name} stream is truncated: expected {size} but read {available}", where)
        if size < 0:
            raise RegionError(f"Declared size {length} of chunk {name} is negative", where)
        if version in UNSUPPORTED_IDS:
            raise UnsupportedChunkError(
                f"Chunk {name} uses {UNSUPPORTED_IDS[version]} compression (id {version}), "
                "which this reader does not support", where)
        if version not in COMPRESSION_BY_ID:
            raise RegionError(f"Chunk {name} has invalid chunk stream version {version}", where)
        return version, self.data[pos + 5:pos + 5 + size]

    def chunk_bytes(self, loc: ChunkLocation, *, limit: int = compression.DEFAULT_LIMIT) -> bytes:
        """The chunk's NBT bytes, decompressed (Java named-root encoding, as ``NbtIo.read`` takes).

        Strict: a cut or corrupt stream raises, even where :meth:`read_chunk` succeeds.
        """
        version, payload = self.payload(loc)
        return compression.decompress(payload, COMPRESSION_BY_ID[version], limit=limit)

    def read_chunk(self, loc: ChunkLocation, version: _versions.GameVersion | str | None = None, *,
                   limit: int = compression.DEFAULT_LIMIT) -> CompoundTag:
        """The chunk's root compound, read as the game ``version`` (default the latest) does
        (``NbtIo.read`` on the inflating stream: a stream that is cut or corrupt after the
        NBT's end goes unnoticed, as with a chunk whose declared length is a byte short)."""
        return self.read_chunk_named(loc, version, limit=limit)[1]

    def read_chunk_named(self, loc: ChunkLocation, version: _versions.GameVersion | str | None = None, *,
                         limit: int = compression.DEFAULT_LIMIT
                         ) -> tuple[str | None, CompoundTag, compression.CompressionError | None]:
        """``(root name, root compound, problem)`` of a chunk read as :meth:`read_chunk` reads it.

        The root name is the one ``NbtIo.read`` skips (the game writes ``""``), ``None`` when it
        is no modified UTF-8; ``problem`` is a fault of the compressed stream after the NBT's
        end (the game never reads that far), else ``None``. Raises what :meth:`read_chunk`
        raises; at most ``limit`` decompressed bytes.
        """
        from harness.formats.nbt.detect import JAVA, root_name

        version = _versions.resolve(_versions.LATEST if version is None else version)
        compression_id, payload = self.payload(loc)

        def read(data: bytes) -> tuple[str | None, CompoundTag]:
            return root_name(JAVA, data, version), nbt_io.read_file(data, version)

        (name, tag), _, problem = compression.read_compressed(payload, read, COMPRESSION_BY_ID[compression_id],
                                                              limit=limit)
        return name, tag, problem
