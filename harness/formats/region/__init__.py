"""Region files: ``RegionFile``, ``RegionFileVersion``, ``RegionBitmap``, and ``DataLayer``.

The game's ``net.minecraft.world.level.chunk.storage`` classes, one module each:
:mod:`.region_file` (the sector table, reading and writing chunks, external ``c.X.Z.mcc``
files), :mod:`.region_file_version` (compression ids 1, 2, 3, and 4 and 127 from 1.20.5),
:mod:`.lz4_block` (lz4-java's block stream for id 4), :mod:`.region_bitmap` (the first free
run of sectors); and :mod:`.data_layer`, the 2048-byte light nibble arrays a chunk's
sections store (``net.minecraft.world.level.chunk.DataLayer``).
"""

from harness.formats import public_names as _public_names
from harness.formats.region.data_layer import DataLayer
from harness.formats.region.region_file import (
    CHUNKS, REGION_NAME, SECTOR, ChunkLocation, RegionError, RegionFile,
    UnsupportedChunkError, compression_name, looks_like_region, stored_position,
)
from harness.formats.region.region_file_version import COMPRESSION_BY_ID

__all__ = ["RegionFile", "ChunkLocation", "RegionError", "UnsupportedChunkError", "looks_like_region",
           "stored_position", "REGION_NAME", "SECTOR", "DataLayer"]
__dir__ = _public_names.listing(__all__)  # dir() lists the API, not what the imports left
