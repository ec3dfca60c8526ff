"""LZ4 chunks (``RegionFileVersion`` id 4, 1.20.5 on): lz4-java's block stream framing.

The game wraps a chunk in ``net.jpountz.lz4.LZ4BlockOutputStream(out)`` and reads it with
``LZ4BlockInputStream(in)`` (lz4-java; not the LZ4 *frame* format). This is our reading of
lz4-java's public source, written here: the framing is ours, each block's LZ4 data is PyPI
``lz4``'s block codec (``lz4.block``, LZ4's reference library).

The stream is blocks of at most :data:`BLOCK_SIZE` (64 KiB, the default) bytes of input,
each written as a 21-byte header then its data:

========  =====  ===============================================================
offset    size   field
========  =====  ===============================================================
0         8      ``LZ4Block`` (ASCII)
8         1      token: method (``0x10`` raw, ``0x20`` LZ4) OR'ed with the level (6
                 for 64 KiB blocks: ceil(log2(65536)) - 10)
9         4      compressed length, little-endian
13        4      original length, little-endian
17        4      checksum, little-endian: XXH32 of the original bytes with seed
                 ``0x9747b28c``, keeping the low 28 bits (``StreamingXXHash32.asChecksum()``
                 masks its value with ``0xFFFFFFF``)
========  =====  ===============================================================

A block whose LZ4 form is not shorter than its input is stored raw. ``finish()`` ends the
stream with an empty raw block (lengths and checksum 0): 21 bytes.

Reading follows ``LZ4BlockInputStream.refill``: wrong magic, an unknown method, lengths out
of range, LZ4 data that does not decode to exactly the original length or a checksum that
differs are ``IOException`` "Stream is corrupted"; input ending before the end block is
``EOFException`` "Stream ended prematurely". Bytes after the end block are not read.

Byte-exact output is lz4-java's where its compressor (``LZ4Factory.fastestInstance()
.fastCompressor()``: the JNI binding of the same LZ4 library when it loads) and PyPI
``lz4``'s agree; no recorded answer checks that yet.

>>> framed = compress(b"hello")
>>> framed[:9], len(framed), decompress(framed)
(b'LZ4Block\\x16', 47, b'hello')
"""

from __future__ import annotations

import io
import struct

import lz4.block
import xxhash

from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.nbt.compression import limit_error

MAGIC = b"LZ4Block"
HEADER = len(MAGIC) + 1 + 4 + 4 + 4  # 21
METHOD_RAW, METHOD_LZ4 = 0x10, 0x20
BLOCK_SIZE = 1 << 16
LEVEL = max(0, (BLOCK_SIZE - 1).bit_length() - 10)  # 6
SEED = 0x9747B28C
_HEAD = struct.Struct("<iii")


def checksum(data: bytes) -> int:
    """lz4-java's block checksum of ``data``: XXH32 (seed :data:`SEED`), low 28 bits."""
    return xxhash.xxh32_intdigest(data, seed=SEED) & 0xFFFFFFF


def _block(method: int, packed: bytes, original: int, check: int) -> bytes:
    return MAGIC + bytes([method | LEVEL]) + _HEAD.pack(len(packed), original, check) + packed


def compress(data: bytes) -> bytes:
    """``data`` as ``LZ4BlockOutputStream`` (64 KiB blocks) writes it, end block included."""
    out = []
    view = memoryview(data)
    for start in range(0, len(data), BLOCK_SIZE):
        block = bytes(view[start:start + BLOCK_SIZE])
        packed = lz4.block.compress(block, mode="default", store_size=False)
        method = METHOD_LZ4
        if len(packed) >= len(block):
            method, packed = METHOD_RAW, block
        out.append(_block(method, packed, len(block), checksum(block)))
    out.append(_block(METHOD_RAW, b"", 0, 0))
    return b"".join(out)


def _corrupted(where: int) -> GameError:
    return GameError("IOException", "Stream is corrupted", where=f"byte {where}")


def decompress(data: bytes, *, limit: int | None = None) -> bytes:
    """The bytes ``LZ4BlockInputStream`` reads from ``data`` up to its end block; the
    :class:`GameError` it throws otherwise (module text). More than ``limit`` output bytes
    raise ``DecompressionLimitException`` (the harness's own kind, never allocated)."""
    out, problem = decompress_prefix(data, limit=limit)
    if problem is not None:
        raise problem
    return out


def decompress_prefix(data: bytes, *, limit: int | None = None) -> tuple[bytes, GameError | None]:
    """``(the blocks read before a fault, the fault or None)``: what a reader that stops early
    (``NbtIo.read``) gets before the stream throws; the limit raises at once."""
    limit = budget.decompressed_limit(limit)
    out = io.BytesIO()  # grown in place and handed over as bytes uncopied (getvalue), where bytes(bytearray) copied it
    pos = 0
    while True:
        if len(data) - pos < HEADER:
            return out.getvalue(), GameError("EOFException", "Stream ended prematurely", where=f"byte {len(data)}")
        token = data[pos + 8]
        method, level = token & 0xF0, 10 + (token & 0x0F)
        packed_len, original, check = _HEAD.unpack_from(data, pos + 9)
        if data[pos:pos + len(MAGIC)] != MAGIC or method not in (METHOD_RAW, METHOD_LZ4) or original > 1 << level \
                or original < 0 or packed_len < 0 or (original == 0) != (packed_len == 0) \
                or (method == METHOD_RAW and original != packed_len) or (original == 0 and check != 0):
            return out.getvalue(), _corrupted(pos)
        start = pos + HEADER
        if original == 0:
            return out.getvalue(), None
        if out.tell() + original > limit:
            raise limit_error(limit, f"byte {pos}")
        if len(data) - start < packed_len:
            return out.getvalue(), GameError("EOFException", "Stream ended prematurely", where=f"byte {len(data)}")
        packed = data[start:start + packed_len]
        block = packed
        if method == METHOD_LZ4:
            try:
                block = lz4.block.decompress(packed, uncompressed_size=original)
            except lz4.block.LZ4BlockError:
                return out.getvalue(), _corrupted(start)
        if len(block) != original or checksum(block) != check:
            return out.getvalue(), _corrupted(pos)
        out.write(block)
        pos = start + packed_len
