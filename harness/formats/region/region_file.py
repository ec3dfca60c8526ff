"""``RegionFile``: a region file (``r.X.Z.mca``) read and written as the game does.

The game's ``net.minecraft.world.level.chunk.storage.RegionFile`` (every release 1.18 on;
GAME_API.md "Region files"); the layout has been the same since 1.2:

- bytes 0..4095: 1024 big-endian ints, one per chunk at index ``(x & 31) + 32 * (z & 31)``:
  the upper 24 bits are the first sector (4096 bytes each), the low 8 bits the number of
  sectors; 0 means no chunk;
- bytes 4096..8191: 1024 big-endian ints, the last save of each chunk in seconds (the game
  writes the wall clock there on every write and clear: ``Util.getEpochMillis() / 1000``);
- at a chunk's first sector: a big-endian int ``length`` (the bytes that follow, the
  compression id included), a compression id byte (:mod:`.region_file_version`), then
  ``length - 1`` bytes of compressed NBT. With bit 128 of the id set, the data is in the
  external file ``c.<x>.<z>.mcc`` beside the region (world chunk coordinates), and the
  region holds a one-sector stub ``00000001 <id | 128>``.

Opening (the constructor) reads the 8192-byte header; a shorter file is read as far as it
goes (the rest zeros: "Region file ... has truncated header"). An entry whose first sector
is inside the header, whose count is 0 or whose first sector starts past the file's end is
logged and dropped (treated as no chunk; the next header write clears it on disk); every
other entry's sectors are marked used, overlapping ones too (:class:`.RegionBitmap`).

Writing a chunk (``getChunkDataOutputStream`` closed: :meth:`RegionFile.write`) compresses
it with the file's compression, puts the 5-byte chunk header before it and needs
``ceil((5 + n) / 4096)`` sectors: **256 or more** go to ``c.X.Z.mcc`` (the data only) with
a one-sector stub; fewer are written unpadded at the **first free run** of that many sectors
(allocated before the chunk's old sectors are freed, so a rewrite never reuses its own
sectors) and a stale ``.mcc`` is deleted. Then the whole 8192-byte header is written.
``close`` pads the file to a whole sector by writing one zero byte at its last position.

Where the game only logs and treats a chunk as absent, the read operations here answer
``None`` and keep the log line (:attr:`RegionFile.log`); the reading API of the NBT tools
(:meth:`RegionFile.payload`, :meth:`~RegionFile.read_chunk`) raises :class:`RegionError`
with kind ``RegionFileException`` (the harness's own: the game throws nothing) and the
game's text:

| situation | message |
| --- | --- |
| first sector inside the two header sectors | ``Region file has invalid sector at index: I; sector S overlaps with header`` |
| sector count 0 | ``Region file has an invalid sector at index: I; size has to be > 0`` |
| first sector past the file's end | ``Region file has an invalid sector at index: I; sector S is out of bounds`` |
| fewer than 5 bytes at the sector | ``Chunk [x, z] header is truncated: expected N but read M`` |
| ``length`` 0 | ``Chunk [x, z] is allocated, but stream is missing`` |
| payload longer than its sectors | ``Chunk [x, z] stream is truncated: expected N but read M`` |
| ``length`` negative | ``Declared size N of chunk [x, z] is negative`` |
| unknown compression id | ``Chunk [x, z] has invalid chunk stream version V`` |
| external file missing | ``External chunk path c.X.Z.mcc is not file`` |
| custom compression (127) | ``Unrecognized custom compression ID`` / ``Invalid custom compression id ID`` |

A corrupt compressed payload raises the stream's own error
(:class:`harness.formats.nbt.compression.CompressionError`, or lz4-java's ``IOException``).

>>> region = RegionFile(b"", release="26.3", clock=lambda: 7, truncated_ok=True)
>>> region.write(0, 0, bytes.fromhex("0a000000")); region.read(0, 0).hex()
'0a000000'
>>> region.close(); len(region.data), region.data[:4].hex(), region.data[4096:4100].hex()
(12288, '00000201', '00000007')
"""

from __future__ import annotations

import operator
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from harness.formats import versions as _versions
from harness.formats.errors import GameError, refuse_non_ints
from harness.formats.storage.simple_bit_storage import java_int
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.tags import CompoundTag
from harness.formats.region import region_file_version as rfv
from harness.formats.region.region_bitmap import RegionBitmap

__all__ = ["RegionFile", "ChunkLocation", "RegionError", "UnsupportedChunkError", "looks_like_region",
           "stored_position", "REGION_NAME", "SECTOR"]

SECTOR = 4096
CHUNKS = 1024
HEADER_SECTORS = 2
HEADER_BYTES = HEADER_SECTORS * SECTOR
EXTERNAL_SECTORS = 256  # a chunk needing this many sectors or more goes to c.X.Z.mcc
CHUNK_HEADER = 5

GZIP_ID, ZLIB_ID, NONE_ID, LZ4_ID, CUSTOM_ID = (rfv.VERSION_GZIP, rfv.VERSION_DEFLATE, rfv.VERSION_NONE,
                                                rfv.VERSION_LZ4, rfv.VERSION_CUSTOM)
EXTERNAL_FLAG = rfv.EXTERNAL_FLAG
READABLE_IDS = (GZIP_ID, ZLIB_ID, NONE_ID, LZ4_ID)
UNSUPPORTED_IDS = {CUSTOM_ID: "custom"}

REGION_NAME = re.compile(r"r\.(-?\d+)\.(-?\d+)\.mc[ar]")
"""A region file's name: ``r.<x>.<z>.mca`` (Anvil, 1.2 on) or ``.mcr`` (McRegion, same layout)."""

EXTERNAL_NAME = re.compile(r"c\.(-?\d+)\.(-?\d+)\.mcc")
"""An external chunk file's name: ``c.<x>.<z>.mcc`` (world chunk coordinates)."""


def external_name(x: int, z: int) -> str:
    """The external file of world chunk ``(x, z)``: ``c.<x>.<z>.mcc``."""
    return f"c.{x}.{z}.mcc"


def compression_name(compression_id: int) -> str:
    """``gzip``, ``zlib``, ``none``, ``LZ4``, ``custom`` or ``invalid <id>``; ``external`` (the
    ``c.X.Z.mcc`` flag) put before it."""
    return rfv.name(compression_id)


def looks_like_region(data: bytes) -> RegionFile | None:
    """The :class:`RegionFile` over ``data`` when ``data`` has a region file's shape, else
    ``None``: at least the two header sectors, at least one chunk, and most used table entries
    (more than half) well placed, with a positive length and a known compression id (1..4 or
    127, external or not) at their first sector. A damaged region (some bad entries) still
    has the shape. The region is opened as ``RegionFile(data)`` opens it (origin ``(0, 0)``),
    so a caller that reads it next has it already.

    Cheap (the headers only). Binary NBT never has this shape: a region file starts with
    ``00`` (a sector number below 2^16), an NBT root of type End.
    """
    if len(data) < HEADER_BYTES or data[0] != 0:
        return None
    region = RegionFile(data)
    good = 0
    for loc in region.locations:
        try:
            length, compression_id = region.stream_header(loc)
        except RegionError:
            continue
        good += length > 0 and compression_id & 0x7F in rfv.NAMES
    return region if good * 2 > len(region.locations) else None


def stored_position(chunk: CompoundTag) -> tuple[int, int] | None:
    """The world chunk position a chunk's NBT states: its ``xPos`` and ``zPos`` ints (at the
    root from 1.18 on, under ``Level`` before), or ``None`` when it states none."""
    level = chunk.get("Level")
    holder = level if isinstance(level, CompoundTag) and "xPos" in level else chunk
    x, z = holder.get("xPos"), holder.get("zPos")
    if not isinstance(x, int) or not isinstance(z, int) or getattr(x, "id", None) != 3 or getattr(z, "id", None) != 3:
        return None
    return int(x), int(z)


def files_answer(files: Mapping[str, bytes], region: str = "r.0.0.mca") -> dict[str, object]:
    """The region area's ``files`` answer (``rig/PROTOCOL.md``) for the files of a folder:
    ``{"files": {name: hex}, "timestamps": [[index, seconds], ...]}``, files in name order,
    the region's timestamp table (bytes 4096..8191) zeroed in its hex and its non-zero
    entries listed apart (the game writes the wall clock there)."""
    data = bytearray(files[region])
    table = bytes(data[SECTOR:HEADER_BYTES])
    data[SECTOR:HEADER_BYTES] = bytes(len(table))
    stamps = [[i // 4, int.from_bytes(table[i:i + 4], "big", signed=True)] for i in range(0, len(table) - 3, 4)
              if table[i:i + 4] != b"\0\0\0\0"]
    return {"files": {name: (bytes(data) if name == region else files[name]).hex() for name in sorted(files)},
            "timestamps": stamps}


class RegionError(GameError):
    """A chunk the game would not give (kind ``RegionFileException``; see the module text)."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__("RegionFileException", message, where=where)


class UnsupportedChunkError(RegionError):
    """A chunk the game may well load but this reader does not: custom compression (127)."""


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


def _present(loc: ChunkLocation | None) -> ChunkLocation:
    """``loc``, or ``LookupError`` for ``None`` (what ``location`` gives for an absent chunk),
    ``TypeError`` for anything else that is no :class:`ChunkLocation`."""
    if type(loc) is ChunkLocation:
        return loc
    if loc is None:
        raise LookupError("no chunk: the location is None, which location(x, z) answers for a chunk the "
                          "region does not hold; test `loc is None` (or has_chunk) before reading it")
    if not isinstance(loc, ChunkLocation):
        raise TypeError(f"loc must be a ChunkLocation (as location(x, z) gives it), not {type(loc).__name__}")
    return loc


def _index(x: int, z: int, operation: str) -> int:
    """The table index of world chunk ``(x, z)``; ``TypeError`` naming ``operation``'s argument
    when one is no int (:func:`errors.refuse_non_ints`: anything ``operator.index`` takes is one,
    as a storage's index is)."""
    if type(x) is not int or type(z) is not int:
        refuse_non_ints(operation, " (a world chunk coordinate, as ChunkPos holds it)", x=x, z=z)
        x, z = operator.index(x), operator.index(z)
    return (x & 31) + 32 * (z & 31)


_BYTES_LIKE = (bytes, bytearray, memoryview)


def _require_bytes(value: object, what: str) -> None:
    """``TypeError`` naming ``what`` unless ``value`` is bytes, a bytearray or a memoryview."""
    if not isinstance(value, _BYTES_LIKE):
        raise TypeError(f"{what} must be bytes (or a bytearray or memoryview), not {type(value).__name__}")


def _require_open_arguments(version: object, origin: object, external: object, clock: object) -> None:
    """``TypeError`` naming :class:`RegionFile`'s argument ``version`` (no int), ``origin`` (no
    pair of ints), ``external`` (no mapping of names to bytes) or ``clock`` (not callable)."""
    if clock is not None and not callable(clock):
        raise TypeError(f"RegionFile: clock must be a function giving seconds since 1970, not {type(clock).__name__}")
    if isinstance(version, bool) or not isinstance(version, int):
        raise TypeError(f"RegionFile: version must be an int (a compression id), not {type(version).__name__}")
    if (not isinstance(origin, (tuple, list)) or len(origin) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in origin)):
        raise TypeError(f"RegionFile: origin must be a pair of ints (the region's x and z), not {origin!r}")
    if external is not None:
        if not isinstance(external, Mapping):
            raise TypeError(f"RegionFile: external must be a mapping of file names to bytes, "
                            f"not {type(external).__name__}")
        for name, value in external.items():
            if not isinstance(name, str):
                raise TypeError(f"RegionFile: external's names must be str (c.X.Z.mcc), not {type(name).__name__}")
            _require_bytes(value, f"RegionFile: external[{name!r}]")


def _epoch_seconds() -> int:
    import time

    return int(time.time())


class RegionFile:
    """A region file's bytes, read and written as the game's ``RegionFile`` does.

    ``data``: the file's bytes (``b""``: a new file). ``external``: the files beside it by
    name (``c.X.Z.mcc`` -> bytes); ``version``: the compression id new chunks are written with
    (``RegionFileVersion``; default 2, zlib); ``release``: the game release whose rules apply
    (default the latest); ``clock``: seconds since 1970 for the timestamp table (default the
    wall clock, as the game). A file of 1 to 8191 bytes (shorter than its header) is
    opened as the game opens it: its header read as far as it goes, the rest zeros, and
    "Region file has truncated header: N" logged (``RegionFile``'s constructor, every release
    1.18 on); ``truncated_ok=False`` refuses it instead (:class:`RegionError`, a check of this
    library's own). ``RegionFile()`` is a new, empty file. ``origin``: the region's own x and z (``r.<x>.<z>.mca``), which name the
    external files of :meth:`payload` by world chunk coordinates.

    ``locations`` are the used table entries of the file as it is, in index order;
    ``problems`` maps an index to the :class:`RegionError` the game logged for its entry at
    open (that chunk reads as absent in the game, and :meth:`payload` raises that error).
    Chunk positions of :meth:`read`, :meth:`write` and the other game operations are world
    chunk coordinates (``ChunkPos``); those of :meth:`location` are 0..31 in the region.
    """

    def __init__(self, data: bytes = b"", external: Mapping[str, bytes] | None = None, *,
                 version: int = rfv.DEFAULT, release: _versions.GameVersion | str | None = None,
                 clock: Callable[[], int] | None = None, truncated_ok: bool = True,
                 origin: tuple[int, int] = (0, 0)):
        if not isinstance(data, bytes):
            _require_bytes(data, "RegionFile: data (the region file's contents; b\"\" for a new file)")
            data = bytes(data)
        _require_open_arguments(version, origin, external, clock)
        if 0 < len(data) < HEADER_BYTES and not truncated_ok:  # b"": a new file, as the game makes it
            raise RegionError(
                f"Region file is {len(data)} bytes, shorter than its {HEADER_BYTES}-byte header",
                where="byte 0",
            )
        self.origin = origin
        self.release = _versions.resolve(_versions.LATEST if release is None else release)
        self.version = version
        self.clock = clock or _epoch_seconds
        self.external: dict[str, bytes] = dict(external or {})
        self.log: list[str] = []
        self.closed = False
        self._file = bytearray(data)
        header = bytes(data[:HEADER_BYTES]).ljust(HEADER_BYTES, b"\0")
        self._offsets = list(struct.unpack_from(f">{CHUNKS}I", header, 0))
        self._timestamps = list(struct.unpack_from(f">{CHUNKS}I", header, SECTOR))
        if 0 < len(data) < HEADER_BYTES:
            self.log.append(f"Region file has truncated header: {len(data)}")
        self._scan()
        self.log += [e.message or "" for e in self.problems.values()]

    # --- the file as it is ------------------------------------------------------------------
    @property
    def data(self) -> bytes:
        """The region file's bytes now."""
        return bytes(self._file)

    def files(self, name: str = "r.0.0.mca") -> dict[str, bytes]:
        """Every file: the region under ``name``, then the external files by name."""
        return {name: self.data, **dict(sorted(self.external.items()))}

    def _scan(self) -> None:
        """At open: ``locations``, ``problems`` and the used sectors (the two header sectors, then
        every entry without a problem) from the sector table as read (``_offsets``,
        ``_timestamps``); an entry with a problem is dropped from the table in memory."""
        self._bitmap = RegionBitmap()
        self._bitmap.force(0, HEADER_SECTORS)
        self.locations: list[ChunkLocation] = self._table()
        self.problems: dict[int, RegionError] = {}
        size = len(self._file)
        for loc in self.locations:
            index = loc.index
            problem = None
            if loc.sector < HEADER_SECTORS:
                problem = f"Region file has invalid sector at index: {index}; sector {loc.sector} overlaps with header"
            elif loc.sectors == 0:
                problem = f"Region file has an invalid sector at index: {index}; size has to be > 0"
            elif loc.sector * SECTOR > size:
                problem = f"Region file has an invalid sector at index: {index}; sector {loc.sector} is out of bounds"
            if problem:
                self.problems[index] = RegionError(problem, where=f"byte {index * 4} (sector table)")
                self._offsets[index] = 0
            else:
                self._bitmap.force(loc.sector, loc.sectors)

    def _table(self) -> list[ChunkLocation]:
        """The used entries of the sector table in memory, in index order."""
        times = self._timestamps
        return [ChunkLocation(index % 32, index // 32, entry >> 8, entry & 0xFF, times[index] & 0xFFFFFFFF)
                for index, entry in enumerate(self._offsets) if entry]

    def external_path(self, loc: ChunkLocation) -> str:
        """The name of the external file of the chunk at ``loc`` (world chunk coordinates from
        :attr:`origin`): ``c.<x>.<z>.mcc``."""
        return external_name(32 * self.origin[0] + loc.x, 32 * self.origin[1] + loc.z)

    def external_names(self) -> list[str]:
        """The external files the table's chunks name (those whose id byte has bit 128 set)."""
        names = []
        for loc in self.locations:
            try:
                if self.stream_header(loc)[1] & EXTERNAL_FLAG:
                    names.append(self.external_path(loc))
            except RegionError:
                continue
        return names

    def location(self, x: int, z: int) -> ChunkLocation | None:
        """The table entry of chunk ``(x, z)``, local coordinates (0..31 each: the chunk's place
        in this region, not world chunk coordinates: world chunk X, Z is ``X & 31, Z & 31`` of
        region ``r.<X >> 5>.<Z >> 5>.mca``), or ``None`` when the region holds no such chunk
        (test it before :meth:`read_chunk`, which refuses ``None``).

        ``ValueError`` for ``x`` or ``z`` outside 0..31 (it names the range); ``TypeError`` for
        one that is no int (:func:`errors.refuse_non_ints`)."""
        if type(x) is not int or type(z) is not int:
            refuse_non_ints("location", " (a whole number 0..31: the chunk's place in the region)", x=x, z=z)
            x, z = operator.index(x), operator.index(z)
        for name, value in (("x", x), ("z", z)):
            if not 0 <= value < 32:
                raise ValueError(f"location: {name} = {value} is outside 0..31: x and z are a chunk's place in the "
                                 f"region (world chunk X, Z is X & 31, Z & 31 of region X >> 5, Z >> 5)")
        for loc in self.locations:
            if (loc.x, loc.z) == (x, z):
                return loc
        return None

    # --- the NBT tools' reading API (raises where the game logs) ------------------------------
    def stream_header(self, loc: ChunkLocation | None) -> tuple[int, int]:
        """``(length, compression id)`` at a chunk's first sector (``length`` counts the id
        byte and the payload); :class:`RegionError` for a bad table entry or a cut header,
        ``LookupError`` for ``loc`` None (what :meth:`location` answers for an absent chunk; so
        for every method taking a location)."""
        loc = _present(loc)
        if loc.index in self.problems:
            raise self.problems[loc.index]
        pos = loc.sector * SECTOR
        available = max(0, min(len(self._file) - pos, loc.sectors * SECTOR))
        if available < CHUNK_HEADER:
            raise RegionError(f"Chunk [{loc.x}, {loc.z}] header is truncated: expected {loc.sectors * SECTOR} "
                              f"but read {available}", f"byte {pos} (sector {loc.sector})")
        length, version = struct.unpack_from(">iB", self._file, pos)
        return int(length), int(version)

    def payload(self, loc: ChunkLocation | None) -> tuple[int, bytes]:
        """``(compression id, compressed payload)`` of a chunk (an external chunk's from its
        ``c.X.Z.mcc`` in :attr:`external`, by the chunk's place ``x, z`` in the region);
        :class:`RegionError` if the game would not read it (:meth:`stream_header`'s errors)."""
        loc = _present(loc)
        length, version = self.stream_header(loc)
        pos = loc.sector * SECTOR
        available = min(len(self._file) - pos, loc.sectors * SECTOR) - CHUNK_HEADER
        name = f"[{loc.x}, {loc.z}]"
        where = f"byte {pos} (sector {loc.sector})"
        if length == 0:
            raise RegionError(f"Chunk {name} is allocated, but stream is missing", where)
        size = length - 1
        if version & EXTERNAL_FLAG:
            path = self.external_path(loc)
            if path not in self.external:
                raise RegionError(f"External chunk path {path} is not file", where)
            return self._known(version & 0x7F, name, where), self.external[path]
        if size > available:
            raise RegionError(f"Chunk {name} stream is truncated: expected {size} but read {available}", where)
        if size < 0:
            raise RegionError(f"Declared size {length} of chunk {name} is negative", where)
        return self._known(version, name, where), bytes(self._file[pos + CHUNK_HEADER:pos + CHUNK_HEADER + size])

    def _known(self, version: int, name: str, where: str) -> int:
        if version in UNSUPPORTED_IDS and rfv.exists(version, self.release):
            raise UnsupportedChunkError(
                f"Chunk {name} uses {UNSUPPORTED_IDS[version]} compression (id {version}), which the game "
                "logs and skips (a mod's codec)", where)
        if not rfv.exists(version, self.release) or version not in READABLE_IDS:
            raise RegionError(f"Chunk {name} has invalid chunk stream version {version}", where)
        return version

    def chunk_bytes(self, loc: ChunkLocation | None, *, limit: int | None = None) -> bytes:
        """The chunk's NBT bytes, decompressed (Java named-root encoding, as ``NbtIo.read`` takes).

        Strict: a cut or corrupt stream raises, even where :meth:`read_chunk` succeeds.
        """
        version, payload = self.payload(loc)
        return rfv.read(version, payload, limit=limit)

    def read_chunk(self, loc: ChunkLocation | None, version: _versions.GameVersion | str | None = None, *,
                   limit: int | None = None) -> CompoundTag:
        """The chunk's root compound, read as the game ``version`` (default the latest) does
        (``NbtIo.read`` on the decompressing stream: a stream that is cut or corrupt after the
        NBT's end goes unnoticed, as with a chunk whose declared length is a byte short).

        ``loc``: from :meth:`location`; ``None`` (no such chunk) raises ``LookupError`` ("no
        chunk: the location is None ..."), a bad entry or stream :class:`RegionError` (the
        module's table), a corrupt payload the stream's error, bad NBT a :class:`GameError` as
        ``NbtIo`` throws."""
        return self.read_chunk_named(loc, version, limit=limit)[1]

    def read_chunk_named(self, loc: ChunkLocation | None, version: _versions.GameVersion | str | None = None, *,
                         limit: int | None = None
                         ) -> tuple[str | None, CompoundTag, GameError | None]:
        """``(root name, root compound, problem)`` of a chunk read as :meth:`read_chunk` reads it.

        The root name is the one ``NbtIo.read`` skips (the game writes ``""``), ``None`` when it
        is no modified UTF-8; ``problem`` is a fault of the compressed stream after the NBT's
        end (the game never reads that far), else ``None``. Raises what :meth:`read_chunk`
        raises; at most ``limit`` decompressed bytes.
        """
        from harness.formats.nbt.detect import JAVA, root_name

        release = _versions.resolve(_versions.LATEST if version is None else version)
        compression_id, payload = self.payload(loc)
        (name, tag), problem, _ = rfv.read_through(
            compression_id, payload, lambda prefix: (root_name(JAVA, prefix, release), nbt_io.read_file(prefix, release)),
            limit=limit)
        return name, tag, problem

    # --- the game's operations (world chunk coordinates, as ChunkPos) --------------------------
    def _closed_check(self) -> None:
        if self.closed:
            raise GameError("ClosedChannelException", None)

    def has_chunk(self, x: int, z: int) -> bool:
        """``hasChunk(new ChunkPos(x, z))``: whether the table (as the game holds it) has an entry."""
        return bool(self._offsets[_index(x, z, "has_chunk")] != 0)

    def read(self, x: int, z: int, *, limit: int | None = None) -> bytes | None:
        """``getChunkDataInputStream(new ChunkPos(x, z))`` read to its end: the chunk's
        decompressed bytes, ``None`` where the game returns null (the reason in :attr:`log`),
        or the :class:`GameError` the stream throws."""
        entry = self._offsets[_index(x, z, "read")]
        if entry == 0:
            return None
        self._closed_check()
        pos = f"[{x}, {z}]"
        sector, count = entry >> 8, entry & 0xFF
        start = sector * SECTOR
        buf = bytes(self._file[start:start + count * SECTOR])
        if len(buf) < CHUNK_HEADER:
            self.log.append(f"Chunk {pos} header is truncated: expected {count * SECTOR} but read {len(buf)}")
            return None
        length, version = struct.unpack_from(">iB", buf, 0)
        if length == 0:
            self.log.append(f"Chunk {pos} is allocated, but stream is missing")
            return None
        size = length - 1
        remaining = len(buf) - CHUNK_HEADER
        if version & EXTERNAL_FLAG:
            if size != 0:
                self.log.append("Chunk has both internal and external streams")
            path = external_name(x, z)
            if path not in self.external:
                self.log.append(f"External chunk path {path} is not file")
                return None
            return self._stream(pos, version & 0x7F, self.external[path], limit)
        if size > remaining:
            self.log.append(f"Chunk {pos} stream is truncated: expected {size} but read {remaining}")
            return None
        if size < 0:
            self.log.append(f"Declared size {length} of chunk {pos} is negative")
            return None
        return self._stream(pos, version, buf[CHUNK_HEADER:CHUNK_HEADER + size], limit)

    def _stream(self, pos: str, version: int, data: bytes, limit: int | None) -> bytes | None:
        """``createChunkInputStream`` then ``readAllBytes``."""
        if not rfv.exists(version, self.release):
            self.log.append(f"Chunk {pos} has invalid chunk stream version {version}")
            return None
        if version == CUSTOM_ID:
            from harness.formats.nbt.mutf8 import decode_mutf8

            if len(data) < 2 or len(data) < 2 + int.from_bytes(data[:2], "big"):
                raise GameError("EOFException", None)
            custom = decode_mutf8(data[2:2 + int.from_bytes(data[:2], "big")])
            if re.fullmatch(r"(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+", custom):
                self.log.append(f"Unrecognized custom compression {custom if ':' in custom else 'minecraft:' + custom}")
                return None
            self.log.append(f"Invalid custom compression id {custom}")
            return None
        return rfv.read(version, data, limit=limit)

    def does_chunk_exist(self, x: int, z: int) -> bool:
        """``doesChunkExist(new ChunkPos(x, z))``: an entry whose 5-byte chunk header is there,
        with a known compression id and a length that fits its sectors (an external chunk: a
        known id and its ``c.X.Z.mcc`` present); ``False`` on a closed file."""
        entry = self._offsets[_index(x, z, "does_chunk_exist")]
        if entry == 0 or self.closed:
            return False
        sector, count = entry >> 8, entry & 0xFF
        head = bytes(self._file[sector * SECTOR:sector * SECTOR + CHUNK_HEADER])
        if len(head) != CHUNK_HEADER:
            return False
        length, version = struct.unpack(">iB", head)
        if version & EXTERNAL_FLAG:
            return rfv.exists(version & 0x7F, self.release) and external_name(x, z) in self.external
        return rfv.exists(version, self.release) and length != 0 and 0 <= length - 1 <= SECTOR * count

    def write(self, x: int, z: int, data: bytes) -> None:
        """``getChunkDataOutputStream(new ChunkPos(x, z))``, ``data`` written to it, closed:
        compressed with :attr:`version` and stored (module text). ``UnsupportedOperationException``
        for compression 127 (nothing written). ``TypeError`` for an ``x`` or ``z`` that is no
        int or ``data`` that is no bytes."""
        index = _index(x, z, "write")
        _require_bytes(data, "write: data (the chunk's NBT bytes)")
        if not rfv.exists(self.version, self.release):
            raise GameError("NullPointerException", None)  # fromId gave null: no stream to wrap
        packed = rfv.write(self.version, data)
        self._closed_check()
        buf = struct.pack(">iB", java_int(len(packed) + 1), self.version) + packed
        old = self._offsets[index]
        sectors = -(-len(buf) // SECTOR)
        path = external_name(x, z)
        if sectors >= EXTERNAL_SECTORS:
            self.log.append(f"Saving oversized chunk [{x}, {z}] ({len(buf)} bytes}} to external file {path}")
            sectors = 1
            start = self._bitmap.allocate(sectors)
            self._put(start * SECTOR, struct.pack(">iB", 1, self.version | EXTERNAL_FLAG))
            self.external[path] = packed
        else:
            start = self._bitmap.allocate(sectors)
            self._put(start * SECTOR, buf)
            self.external.pop(path, None)
        self._offsets[index] = start << 8 | sectors
        self._timestamps[index] = java_int(self.clock())
        self._write_header()
        if old:
            self._bitmap.free(old >> 8, old & 0xFF)

    def clear(self, x: int, z: int) -> None:
        """``clear(new ChunkPos(x, z))``: the entry zeroed, its timestamp set to now, the header
        written, a ``c.X.Z.mcc`` deleted and the sectors freed (nothing when no entry)."""
        index = _index(x, z, "clear")
        old = self._offsets[index]
        if not old:
            return
        self._offsets[index] = 0  # in memory first: a closed file forgets the entry all the same
        self._timestamps[index] = java_int(self.clock())
        self._closed_check()
        self._write_header()
        self.external.pop(external_name(x, z), None)
        self._bitmap.free(old >> 8, old & 0xFF)

    def flush(self) -> None:
        """``flush()``: nothing to do on bytes in memory (the game forces the channel to disk)."""
        self._closed_check()

    def close(self) -> None:
        """``close()``: the file padded to a whole sector (one zero byte written at the last
        position of its last sector), then closed; later operations on the channel throw
        ``ClosedChannelException``."""
        self._closed_check()
        size = len(self._file)
        padded = -(-size // SECTOR) * SECTOR
        if padded != size:
            self._put(padded - 1, b"\0")
        self.closed = True

    def _put(self, pos: int, data: bytes) -> None:
        """``FileChannel.write(data, pos)``: past the end, the gap reads as zeros."""
        if pos > len(self._file):
            self._file.extend(bytes(pos - len(self._file)))
        self._file[pos:pos + len(data)] = data

    def _write_header(self) -> None:
        """Both tables written at the file's start; ``locations`` are the table in memory now,
        and no entry has a problem (those found at open are zeros on disk now, and the file
        only grows, so every other entry still lies inside it)."""
        self._put(0, struct.pack(f">{CHUNKS}I{CHUNKS}I", *self._offsets, *(t & 0xFFFFFFFF for t in self._timestamps)))
        self.locations = self._table()
        self.problems = {}
