"""Region fuzz strategies: ``RegionFile`` and ``RegionFileVersion`` over ``r.0.0.mca``, and ``DataLayer``.

Compression ids of the release's own (``version.region.compression_ids``; another has no
``RegionFileVersion`` to make a file with, and chunks of other ids come in loaded files); a new file most of the time, else a loaded one whose sector table
lies (entries out of bounds, overlapping, of size 0, a file cut inside its header) and an
external ``c.X.Z.mcc`` present or not. Chunk coordinates weighted to the region's corners,
one past them and other regions; payloads a small chunk's NBT or a few bytes, and
``write_repeat`` sizes at 255 and 256 sectors (the external-file rule) and one byte either
side. Layer coordinates at 0, 15, one past and -1; values 0, 15, 16 and -1; layers made
new or from 2,048 bytes.
"""

from __future__ import annotations

import struct
from functools import cache

from hypothesis import strategies as st

from harness.engine.fuzz.strategies import INT_EDGES, AreaStrategy, edges, no_args, weighted
from harness.formats.region.region_file import HEADER_BYTES as HEADER
from harness.formats.region.region_file import SECTOR

# write_repeat sizes, in bytes: a chunk's stream is the payload plus a 5-byte header, and more
# than 255 sectors go to c.X.Z.mcc (stored uncompressed, id 3, these are the bytes written)
REPEAT_SIZES = (1, SECTOR - 5, SECTOR - 4, 255 * SECTOR - 5, 255 * SECTOR - 4, 256 * SECTOR - 5, 256 * SECTOR)


def _nbt_chunk(x: int, z: int, filler: int) -> str:
    """A chunk's NBT as hex: ``{xPos: x, zPos: z, data: [B; filler bytes of 7]}``, root named ``""``."""
    def name(text: str) -> bytes:
        return struct.pack(">H", len(text)) + text.encode()

    body = b"\x03" + name("xPos") + struct.pack(">i", x) + b"\x03" + name("zPos") + struct.pack(">i", z)
    body += b"\x07" + name("data") + struct.pack(">i", filler) + b"\x07" * filler
    return (b"\x0a" + name("") + body + b"\x00").hex()


def _entry(sector: int, count: int) -> bytes:
    return struct.pack(">I", (sector & 0xFFFFFF) << 8 | (count & 0xFF))


@st.composite
def _loaded(draw) -> str:
    """A region file's bytes: a sector table of a few entries (honest or lying) and their sectors."""
    sectors = draw(st.integers(2, 6))
    table = bytearray(HEADER)
    for _ in range(draw(st.integers(0, 3))):
        index = draw(edges(0, 31, 1023, around=st.integers(0, 1023), weight=2))
        start = draw(edges(0, 1, 2, sectors - 1, sectors, 1 << 20, around=st.integers(2, sectors), weight=1))
        count = draw(edges(0, 1, 2, 255, around=st.integers(1, 3), weight=1))
        table[4 * index:4 * index + 4] = _entry(start, count)
    body = bytearray((sectors - 2) * SECTOR)
    for k in range(sectors - 2):  # each sector may start a chunk stream: length, compression id, payload
        if draw(st.booleans()):
            length = draw(edges(0, 1, 6, 4091, 4092, -1, 1 << 20, around=st.integers(1, 64), weight=1))
            kind = draw(edges(1, 2, 3, 4, 127, 0x82, 0x83, 0, 5))
            struct.pack_into(">iB", body, k * SECTOR, length, kind)
    data = bytes(table + body)
    cut = draw(edges(len(data), around=st.integers(0, len(data)), weight=4))  # cut inside the header, or not
    return data[:cut].hex()


@cache
def _setup(version):
    ids = tuple(version.region.compression_ids)
    return st.fixed_dictionaries({
        "compression": st.sampled_from(ids),  # another id has no RegionFileVersion: no file to make
        "region": weighted((3, st.just("")), (1, _loaded())),
        "external": weighted((3, st.just({})), (1, st.fixed_dictionaries({"c.0.0.mcc": st.just(_nbt_chunk(0, 0, 3))}))),
    })


_COORD = edges(0, 31, 32, -1, -32, *INT_EDGES, around=st.integers(-40, 40), weight=2)
_XZ = st.tuples(_COORD, _COORD)


def _write(setup, version):
    def payload(xz):
        x, z = xz
        return weighted((3, st.integers(0, 300).map(lambda n: _nbt_chunk(x, z, n))),
                        (1, st.binary(max_size=8).map(bytes.hex))).map(lambda data: [x, z, data])
    return _XZ.flatmap(payload)


def _write_repeat(setup, version):
    return st.tuples(_COORD, _COORD, st.sampled_from(["ab", "00", "5a0f"]),
                     edges(*REPEAT_SIZES, 0, -1, around=st.integers(1, 3 * SECTOR), weight=2)).map(list)


def _xz(setup, version):
    return _XZ.map(list)


_NIBBLE_AT = edges(0, 15, 16, -1, around=st.integers(0, 15), weight=1)


def _layer_from(setup, version):
    # always 2,048 bytes: a refused DataLayer would leave the layer operations after it nothing
    # to work on (a malformed case); the wrong lengths are generated cases (cases/region/gen.py)
    return st.binary(min_size=1, max_size=8).map(lambda b: [(b * 2048)[:2048].hex()])


AREA = AreaStrategy(
    setup=_setup,
    args={"write": _write, "write_repeat": _write_repeat,
          "read": _xz, "exists": _xz, "has": _xz, "clear": _xz,
          "flush": no_args, "close": no_args, "files": no_args,
          "layer_new": no_args, "layer_from": _layer_from,
          "layer_get": lambda s, v: st.tuples(_NIBBLE_AT, _NIBBLE_AT, _NIBBLE_AT).map(list),
          "layer_set": lambda s, v: st.tuples(_NIBBLE_AT, _NIBBLE_AT, _NIBBLE_AT,
                                              edges(0, 15, 16, -1, around=st.integers(0, 15))).map(list),
          "layer_data": no_args, "layer_is_empty": no_args},
    weights={"write": 4, "read": 3, "files": 2, "exists": 2, "has": 2, "clear": 2},
    max_ops=8)
