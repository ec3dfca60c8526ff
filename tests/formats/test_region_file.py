"""Our RegionFile, RegionFileVersion, LZ4 block stream and DataLayer against stated facts and real files.

Facts: GAME_API.md "Region files" (the sector table, the timestamp table, the external
file at more than 255 sectors with bit 128), GAME_FACTS.md 3.1 (the compression ids per
release), lz4-java's public source (LZ4BlockOutputStream's framing, read for these
tests), and the real region files of tests/data/real/java-region (and ../shared/real),
which the game wrote.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from harness.formats.region import lz4_block
from harness.formats.region import region_file_version as rfv
from harness.formats.region.data_layer import DataLayer
from harness.formats.region.region_file import RegionError, RegionFile, files_answer

REPO = Path(__file__).resolve().parents[2]
REAL = sorted((REPO / "tests/data/real/java-region").glob("*.mca")) + \
    sorted((REPO.parent / "shared/real/java-region").glob("*.mca"))


def chunk(n: int, fill: int = 7) -> bytes:
    return b"\x0a\x00\x00\x07\x00\x01d" + struct.pack(">i", n) + bytes([fill]) * n + b"\x00"


def _rebuilt(data: bytes):
    """The file rebuilt through our writer: every chunk read and written again in the order
    of its first sector, each save stamped with the original's timestamp; or None when the
    game would not reproduce it (a chunk it cannot read back whole, or a layout with gaps)."""
    region = RegionFile(data)
    order = sorted((loc for loc in region.locations if loc.index not in region.problems), key=lambda loc: loc.sector)
    if [loc.sector for loc in order] != [2 + sum(l.sectors for l in order[:k]) for k in range(len(order))]:
        return None
    stamp = {}
    rebuilt = RegionFile(b"", truncated_ok=True, clock=lambda: stamp["now"])
    for loc in order:
        try:
            version, payload = region.payload(loc)
            raw = rfv.read(version, payload)
        except Exception:
            return None
        if rfv.write(version, raw) != payload:
            return None  # not what the game's writer gives for these bytes
        stamp["now"] = loc.timestamp
        rebuilt.version = version
        rebuilt.write(loc.x, loc.z, raw)
    rebuilt.close()
    return rebuilt.data


@pytest.mark.parametrize("path", REAL, ids=[f"{p.parent.parent.parent.name}/{p.name}" for p in REAL])
def test_real_region_files_round_trip_byte_for_byte_where_the_game_would(path):
    data = path.read_bytes()
    opened = RegionFile(data)
    opened.close()
    assert opened.data == data  # opened and closed: nothing written, already whole sectors
    rebuilt = _rebuilt(data)
    damaged = path.name in ("r.2.2.mca", "regiontest.mca")  # NOTES.md: one byte short; deliberately damaged
    assert (rebuilt is None) == damaged
    if rebuilt is not None:  # the same layout, zlib bytes, padding and timestamps
        assert len(rebuilt) == len(data) and _written(rebuilt, data) == _written(data, data)


def _written(data: bytes, original: bytes) -> bytes:
    """``data`` with the slack after each chunk's stream in its last sector zeroed: the game
    writes a chunk unpadded, so what is there is whatever an earlier save left."""
    out = bytearray(data)
    for loc in RegionFile(original).locations:
        start = loc.sector * 4096
        end = start + 4 + struct.unpack_from(">i", original, start)[0]
        out[end:start + loc.sectors * 4096] = bytes(start + loc.sectors * 4096 - end)
    return bytes(out)


def test_the_real_files_are_there():
    assert {p.name for p in REAL} >= {"r.0.0.mca", "r.4.-4.mca", "1_16_5-r.-2.1.mca", "r.2.2.mca", "regiontest.mca"}


def test_first_free_run_and_a_rewrite_moves_before_freeing():
    region = RegionFile(b"", truncated_ok=True, version=3, clock=lambda: 1)
    region.write(0, 0, bytes(5000))  # 5005 bytes: sectors 2-3
    region.write(1, 0, bytes(10))  # sector 4
    assert region.location(0, 0).sector == 2 and region.location(1, 0).sector == 4
    region.write(0, 0, bytes(10))  # allocated first (sector 5), then 2-3 freed
    assert (region.location(0, 0).sector, region.location(0, 0).sectors) == (5, 1)
    region.write(2, 0, bytes(10))
    assert region.location(2, 0).sector == 2  # the first free run
    region.clear(1, 0)
    assert region.location(1, 0) is None and region.read(1, 0) is None
    assert struct.unpack_from(">I", region.data, 4096 + 4)[0] == 1  # the clear's timestamp


def test_a_stream_of_256_sectors_goes_external_with_a_stub():
    region = RegionFile(b"", truncated_ok=True, version=3, clock=lambda: 1)
    region.write(0, 0, bytes(255 * 4096 - 5))  # exactly 255 sectors: inside
    assert region.location(0, 0).sectors == 255 and not region.external
    region.write(-1, 33, bytes(255 * 4096 - 4))  # 256 sectors: c.-1.33.mcc, a one-sector stub with 3 | 128
    loc = region.location(31, 1)
    assert loc.sectors == 1 and region.data[loc.sector * 4096:loc.sector * 4096 + 5] == bytes.fromhex("0000000183")
    assert region.external == {"c.-1.33.mcc": bytes(255 * 4096 - 4)}
    assert region.read(-1, 33) == bytes(255 * 4096 - 4) and region.does_chunk_exist(-1, 33)
    region.write(-1, 33, b"\x0a\x00\x00\x00")  # back inside: the external file is deleted
    assert not region.external


def test_close_pads_with_one_byte_and_a_new_file_stays_empty():
    region = RegionFile(b"", truncated_ok=True, clock=lambda: 1)
    region.close()
    assert region.data == b""
    region = RegionFile(b"", truncated_ok=True, version=3, clock=lambda: 1)
    region.write(0, 0, b"\x0a\x00\x00\x00")
    assert len(region.data) == 8192 + 9
    region.close()
    assert len(region.data) == 12288
    with pytest.raises(Exception, match="ClosedChannelException"):
        region.read(0, 0)


def test_a_file_shorter_than_its_header_is_opened_as_the_game_opens_it():
    """The game's constructor reads the header as far as the file goes, warns "Region file {}
    has truncated header: {}" and checks each entry against the file's size (GAME_API.md
    "Region files"); a cut entry's sector lies past the end: out of bounds, logged, absent."""
    data = bytearray(5000)
    struct.pack_into(">I", data, 0, 2 << 8 | 1)  # chunk 0,0 at sector 2: past the 5,000-byte file
    region = RegionFile(bytes(data))
    assert region.log == ["Region file has truncated header: 5000",
                          "Region file has an invalid sector at index: 0; sector 2 is out of bounds"]
    assert region.read(0, 0) is None and region.location(0, 0) is not None and 0 in region.problems


def test_damaged_entries_are_logged_and_absent_as_the_game_says():
    data = bytearray(3 * 4096)
    struct.pack_into(">III", data, 0, 1 << 8 | 1, 2 << 8 | 0, 9 << 8 | 1)  # in the header, size 0, out of bounds
    struct.pack_into(">iB", data, 8192, 0, 2)
    region = RegionFile(bytes(data), truncated_ok=True)
    assert [region.read(i, 0) for i in range(3)] == [None, None, None]
    assert region.log[:3] == [
        "Region file has invalid sector at index: 0; sector 1 overlaps with header",
        "Region file has an invalid sector at index: 1; size has to be > 0",
        "Region file has an invalid sector at index: 2; sector 9 is out of bounds"]
    struct.pack_into(">I", data, 12, 2 << 8 | 1)
    region = RegionFile(bytes(data))
    assert region.read(3, 0) is None and region.log[-1] == "Chunk [3, 0] is allocated, but stream is missing"
    region.write(5, 0, b"\x0a\x00\x00\x00")  # the header as the game holds it: the bad entries cleared on disk
    assert struct.unpack_from(">III", region.data, 0) == (0, 0, 0)


def test_lz4_block_stream_as_lz4_java_frames_it():
    data = bytes(range(256)) * 300  # 76800 bytes: a full 64 KiB block and a rest
    framed = lz4_block.compress(data)
    assert framed[:8] == b"LZ4Block" and framed[8] == 0x26  # LZ4 method 0x20 | level 6 (64 KiB blocks)
    packed, original, check = struct.unpack_from("<iii", framed, 9)
    assert original == 65536 and check == lz4_block.checksum(data[:65536]) and check < 1 << 28
    assert framed[-21:] == b"LZ4Block\x16" + bytes(12)  # the end block: raw | level 6, all zero
    assert lz4_block.decompress(framed) == data
    raw = lz4_block.compress(b"\x01\x02\x03")
    assert raw[8] == 0x16 and raw[21:24] == b"\x01\x02\x03"  # incompressible: stored raw
    with pytest.raises(Exception, match="Stream ended prematurely"):
        lz4_block.decompress(framed[:-21])
    with pytest.raises(Exception, match="Stream is corrupted"):
        lz4_block.decompress(framed[:20] + bytes([framed[20] ^ 1]) + framed[21:])


def test_compression_ids_per_release_and_custom_refused_on_write():
    assert [rfv.exists(i, "1.20.4") for i in (1, 2, 3, 4, 127)] == [True, True, True, False, False]
    assert [rfv.exists(i, "1.20.5") for i in (1, 2, 3, 4, 127, 5)] == [True, True, True, True, True, False]
    assert rfv.write(1, b"x")[:10] == bytes.fromhex("1f8b08000000000000ff")  # GZIPOutputStream's header
    with pytest.raises(Exception, match="UnsupportedOperationException"):
        rfv.write(127, b"x")


def test_data_layer_index_order_and_bounds():
    layer = DataLayer()
    layer.set(1, 0, 0, 3)  # index 1: the high nibble of byte 0
    layer.set(0, 0, 1, 5)  # index 16: byte 8
    layer.set(0, 1, 0, 9)  # index 256: byte 128
    data = layer.get_data()
    assert (data[0], data[8], data[128]) == (0x30, 0x05, 0x09)
    assert layer.get(16, 0, 0) == layer.get(0, 0, 1) == 5  # x is not masked
    with pytest.raises(Exception, match="Index 2048 out of bounds for length 2048"):
        layer.get(0, 16, 0)
    with pytest.raises(Exception, match="DataLayer should be 2048 bytes not: 5"):
        DataLayer(bytes(5))


def test_files_answer_keeps_the_timestamps_apart():
    region = RegionFile(b"", truncated_ok=True, clock=lambda: 1764580000)
    region.write(1, 0, b"\x0a\x00\x00\x00")
    answer = files_answer(region.files())
    assert answer["timestamps"] == [[1, 1764580000]]
    assert set(bytes.fromhex(answer["files"]["r.0.0.mca"])[4096:8192]) == {0}


def test_a_region_file_made_with_no_bytes_is_a_new_file():
    """``RegionFile()`` (its documented default ``b""``) is a new file, not a cut one: a chunk written
    and the file closed give the 8,192-byte header and one 4,096-byte sector (GAME_API.md)."""
    region = RegionFile()
    region.write(0, 0, bytes.fromhex("0a000000"))
    region.close()
    assert len(region.data) == 3 * 4096 and region.location(0, 0).sector == 2
    with pytest.raises(RegionError, match="Region file is 100 bytes, shorter than its 8192-byte header"):
        RegionFile(b"\0" * 100, truncated_ok=False)
