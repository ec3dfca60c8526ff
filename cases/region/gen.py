"""Generates the region cases: RegionFile and RegionFileVersion, and DataLayer.

Run ``python3 cases/region/gen.py [--out DIR]``; it writes one YAML case file per category
next to itself (``harness.engine.casefile.dump_cases``). Same generator, same bytes: every
choice comes from ``generate.case_rng(id)`` (``cases/generate.py``: an id means the same
operations forever). A case without ``versions`` applies to every release of the version
table; one that needs a compression id names the releases that have it
(``version.region.compression_ids``).

The chunks are small compounds ``{xPos: x, zPos: z, data: [B; ...]}`` (named root ``""``),
their size set by the byte array; loaded files are laid out here byte by byte (inputs, not
expected answers: no region answer is recorded yet, so every case runs unverified).

Categories:

- ``layout``: new and empty files, a chunk at each corner of the region (and world chunk
  coordinates of other regions, negative ones too), many chunks filling sectors, rewrites
  that grow and shrink a chunk (where does it move?), clears, close's padding, a chunk of
  exactly 255 sectors and one of 256 (the external ``c.X.Z.mcc``), flush and a closed file;
- ``compression``: every compression id of each release, written and read back, at the
  64 KiB LZ4 block boundary too, and custom compression (127) refused on write;
- ``damaged``: loaded files with damaged headers (first sector inside the header,
  overlapping entries, out of bounds, size 0, a header cut short), chunk streams that are
  cut, empty, of negative length or of an unknown id, corrupt payloads, external files
  present and missing;
- ``layers``: DataLayer get/set by x, y, z in the game's index order, getData, isEmpty,
  out-of-range coordinates and a wrong array length.
"""

from __future__ import annotations

import gzip
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from cases import generate  # noqa: E402
from harness.formats.region import lz4_block  # noqa: E402  (builds LZ4 inputs; answers come from the game)
from harness.formats.region.region_file import SECTOR  # noqa: E402

IDS = (1, 2, 3, 4, 127)


def _releases(compression_id: int) -> list[str] | None:
    return generate.releases_where(lambda v: compression_id in v.region.compression_ids)


def _case(name: str, purpose: str, ops: list, *, compression: int = 2, region: bytes = b"",
          external: dict | None = None, versions: list[str] | None = None) -> dict:
    case = {"id": f"region/g/{name}", "purpose": purpose}
    versions = versions if versions is not None else _releases(compression)
    if versions:
        case["versions"] = versions
    case["setup"] = {"compression": compression, "region": region.hex(),
                     "external": {k: v.hex() for k, v in (external or {}).items()}}
    case["ops"] = ops
    return case


def _name(text: str) -> bytes:
    data = text.encode()
    return struct.pack(">H", len(data)) + data


def chunk(x: int, z: int, filler: int, rng) -> bytes:
    """A chunk's NBT: ``{xPos: x, zPos: z, data: [B; filler random bytes]}``, named root ``""``."""
    body = b"\x03" + _name("xPos") + struct.pack(">i", x) + b"\x03" + _name("zPos") + struct.pack(">i", z)
    body += b"\x07" + _name("data") + struct.pack(">i", filler) + bytes(rng.getrandbits(8) for _ in range(filler))
    return b"\x0a" + _name("") + body + b"\x00"


def region_bytes(entries: dict[int, tuple[int, int]], sectors: dict[int, bytes], size: int | None = None) -> bytes:
    """A region file laid out by hand: table ``entries`` (index -> (first sector, count)),
    ``sectors`` (first sector -> bytes written there), zero timestamps, cut or padded to ``size``."""
    out = bytearray(2 * SECTOR)
    for index, (first, count) in entries.items():
        out[4 * index:4 * index + 4] = struct.pack(">I", first << 8 | count)
    for first, data in sectors.items():
        end = first * SECTOR + len(data)
        out.extend(bytes(max(0, end - len(out))))
        out[first * SECTOR:end] = data
    if size is None:
        size = len(out)
    return bytes(out[:size]).ljust(size, b"\0")


def stream(payload: bytes, compression_id: int) -> bytes:
    """A chunk's stream at its first sector: length, id, payload."""
    return struct.pack(">iB", len(payload) + 1, compression_id) + payload


def _bad_checksum(framed: bytes) -> bytes:
    return framed[:17] + bytes([framed[17] ^ 1]) + framed[18:]


def _zlib(data: bytes) -> bytes:
    return zlib.compress(data, 6)


def layout(_rng) -> list[dict]:
    cases = []

    def add(name, purpose, build, **kw):
        rng = generate.case_rng(f"region/g/{name}")
        cases.append(_case(name, purpose, build(rng), **kw))

    add("new-file-closed", "a new region file closed without a chunk: nothing written, no padding",
        lambda r: [["has", 0, 0], ["exists", 0, 0], ["read", 0, 0], ["close"], ["files"]])
    add("new-file-clear-absent", "clearing a chunk that is not there writes nothing",
        lambda r: [["clear", 3, 4], ["files"], ["close"], ["files"]])
    add("empty-file-loaded", "a loaded file of 0 bytes is a new file",
        lambda r: [["read", 0, 0], ["write", 0, 0, chunk(0, 0, 10, r).hex()], ["close"], ["files"]])
    add("header-only-file", "a loaded file of just its two header sectors, all zero",
        lambda r: [["has", 5, 5], ["write", 5, 5, chunk(5, 5, 10, r).hex()], ["files"]], region=bytes(2 * SECTOR))
    for x, z in ((0, 0), (31, 0), (0, 31), (31, 31)):
        add(f"corner-{x}-{z}", f"one chunk at the region's corner ({x}, {z}): table entry {x + 32 * z}",
            lambda r, x=x, z=z: [["write", x, z, chunk(x, z, 50, r).hex()], ["has", x, z], ["exists", x, z],
                                 ["read", x, z], ["close"], ["files"]])
    for x, z in ((-1, -1), (32, 0), (-32, 63), (1000, -1000)):
        add(f"world-{x}-{z}", f"world chunk ({x}, {z}) lands at ({x & 31}, {z & 31}) of any region",
            lambda r, x=x, z=z: [["write", x, z, chunk(x, z, 20, r).hex()], ["has", x & 31, z & 31],
                                 ["read", x & 31, z & 31], ["files"]])
    add("many-chunks", "40 chunks of random sizes, one after the other: first free runs in order",
        lambda r: [["write", i % 32, i // 32, chunk(i % 32, i // 32, r.randrange(0, 3000), r).hex()]
                   for i in range(0, 80, 2)] + [["close"], ["files"]])
    add("fill-a-sector-exactly", "a stream of exactly 4096 bytes takes one sector, 4097 two",
        lambda r: [["write", 0, 0, "00" * (SECTOR - 5)], ["write", 1, 0, "00" * (SECTOR - 4)], ["write", 2, 0, "0a"],
                   ["files"]], compression=3)
    add("rewrite-grow", "a chunk rewritten bigger moves to the first free run after the others",
        lambda r: [["write", 0, 0, chunk(0, 0, 100, r).hex()], ["write", 1, 0, chunk(1, 0, 100, r).hex()],
                   ["write", 0, 0, chunk(0, 0, 9000, r).hex()], ["files"], ["read", 0, 0]], compression=3)
    add("rewrite-shrink", "a chunk rewritten smaller is allocated before its old sectors are freed",
        lambda r: [["write", 0, 0, chunk(0, 0, 9000, r).hex()], ["write", 1, 0, chunk(1, 0, 100, r).hex()],
                   ["write", 0, 0, chunk(0, 0, 100, r).hex()], ["files"], ["write", 2, 0, chunk(2, 0, 100, r).hex()],
                   ["files"]], compression=3)
    add("rewrite-same", "a chunk rewritten at its own size moves: the old sectors are still in use",
        lambda r: [["write", 7, 7, chunk(7, 7, 300, r).hex()], ["write", 7, 7, chunk(7, 7, 300, r).hex()],
                   ["files"]], compression=3)
    add("clear-then-reuse", "a cleared chunk's sectors are the first free run for the next",
        lambda r: [["write", 0, 0, chunk(0, 0, 5000, r).hex()], ["write", 1, 0, chunk(1, 0, 100, r).hex()],
                   ["clear", 0, 0], ["has", 0, 0], ["read", 0, 0], ["write", 2, 0, chunk(2, 0, 10, r).hex()],
                   ["files"]], compression=3)
    add("close-pads", "close pads the file to a whole sector with one zero byte at its end",
        lambda r: [["write", 0, 0, chunk(0, 0, 10, r).hex()], ["files"], ["close"], ["files"]], compression=3)
    add("flush-and-closed", "flush; after close, the channel is closed for reads, writes and clears",
        lambda r: [["write", 0, 0, chunk(0, 0, 10, r).hex()], ["flush"], ["close"], ["has", 0, 0], ["exists", 0, 0],
                   ["read", 0, 0], ["write", 1, 0, "0a"], ["clear", 0, 0], ["flush"], ["close"], ["files"]])
    add("sectors-255", "a stream of exactly 255 sectors stays in the region",
        lambda r: [["write_repeat", 0, 0, "ab", 255 * SECTOR - 5], ["has", 0, 0], ["exists", 0, 0], ["files"]],
        compression=3)
    add("sectors-256-external", "one byte more (256 sectors) goes to c.0.0.mcc with a one-sector stub",
        lambda r: [["write_repeat", 0, 0, "ab", 255 * SECTOR - 4], ["has", 0, 0], ["exists", 0, 0], ["files"]],
        compression=3)
    add("external-back-inside", "an external chunk rewritten small comes back and its c.X.Z.mcc is deleted",
        lambda r: [["write_repeat", 33, -1, "cd", 256 * SECTOR], ["files"], ["write", 33, -1, chunk(33, -1, 10, r).hex()],
                   ["read", 33, -1], ["files"]], compression=3)
    add("external-cleared", "clearing an external chunk deletes its c.X.Z.mcc",
        lambda r: [["write_repeat", 2, 3, "ef", 256 * SECTOR], ["clear", 2, 3], ["exists", 2, 3], ["files"]],
        compression=3)
    return cases


def compression(_rng) -> list[dict]:
    cases = []
    for cid in IDS:
        rng = generate.case_rng(f"region/g/compression-{cid}")
        small, big = chunk(1, 2, 200, rng), chunk(3, 4, 9000, rng)
        cases.append(_case(f"compression-{cid}", f"RegionFileVersion {cid}: two chunks written and read back",
                           [["write", 1, 2, small.hex()], ["write", 3, 4, big.hex()], ["read", 1, 2], ["read", 3, 4],
                            ["exists", 1, 2], ["files"]], compression=cid))
        rng = generate.case_rng(f"region/g/compression-{cid}-repetitive")
        cases.append(_case(f"compression-{cid}-repetitive", f"RegionFileVersion {cid} on a repetitive 200 KiB chunk",
                           [["write_repeat", 0, 0, chunk(0, 0, 30, rng).hex(), 5000], ["read", 0, 0], ["files"]],
                           compression=cid))
    for size in (65535, 65536, 65537, 131072):
        cases.append(_case(f"lz4-block-{size}", f"LZ4 of {size} bytes: the 64 KiB block boundary",
                           [["write_repeat", 0, 0, "5a", size], ["files"], ["read", 0, 0]], compression=4))
    rng = generate.case_rng("region/g/lz4-random")
    cases.append(_case("lz4-random", "LZ4 of incompressible bytes: raw blocks",
                       [["write", 0, 0, bytes(rng.getrandbits(8) for _ in range(66000)).hex()], ["files"],
                        ["read", 0, 0]], compression=4))
    cases.append(_case("gzip-read-into-zlib-file", "a gzip chunk in a file whose new chunks are zlib",
                       [["read", 0, 0], ["write", 1, 0, "0a000000"], ["files"]], compression=2,
                       region=region_bytes({0: (2, 1)}, {2: stream(gzip.compress(b"\x0a\x00\x00\x00", mtime=0), 1)})))
    return cases


def damaged(_rng) -> list[dict]:
    cases = []

    def add(name, purpose, region, ops, **kw):
        cases.append(_case(name, purpose, ops, region=region, **kw))

    rng = generate.case_rng("region/g/damaged")
    good = stream(_zlib(chunk(0, 0, 20, rng)), 2)
    look = [["has", 0, 0], ["exists", 0, 0], ["read", 0, 0]]
    add("damaged-in-header", "a first sector inside the header is dropped (logged)",
        region_bytes({0: (1, 1)}, {2: good}), look + [["write", 1, 0, "0a000000"], ["files"]])
    add("damaged-sector-0", "first sector 0", region_bytes({0: (0, 3)}, {2: good}), look)
    add("damaged-size-0", "a sector count of 0 is dropped", region_bytes({0: (2, 0)}, {2: good}),
        look + [["write", 1, 0, "0a000000"], ["files"]])
    add("damaged-out-of-bounds", "a first sector past the file's end is dropped",
        region_bytes({0: (9, 1)}, {2: good}), look + [["write", 1, 0, "0a000000"], ["files"]])
    add("damaged-at-end", "a first sector at the file's very end is kept, but its header is cut",
        region_bytes({0: (3, 1)}, {2: good}, size=3 * SECTOR), look)
    add("damaged-count-past-end", "sectors counted past the file's end: read what is there",
        region_bytes({0: (2, 5)}, {2: good}), look + [["write", 1, 0, "0a000000"], ["files"]])
    add("damaged-overlap", "two entries over the same sectors: both kept, both read the one chunk",
        region_bytes({0: (2, 1), 1: (2, 1)}, {2: good}),
        look + [["read", 1, 0], ["write", 2, 0, "0a000000"], ["clear", 1, 0], ["write", 3, 0, "0a000000"], ["files"]])
    add("damaged-truncated-header", "a file shorter than its header: read as far as it goes",
        region_bytes({0: (2, 1)}, {2: good}, size=100), look + [["write", 1, 0, "0a000000"], ["files"]])
    add("damaged-truncated-timestamps", "a file cut inside its timestamp table",
        region_bytes({0: (2, 1)}, {2: good}, size=5000), look + [["files"]])
    add("damaged-stream-cut", "a chunk stream longer than its sectors",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 5000, 2) + b"\x78\x9c"}), look)
    add("damaged-length-0", "a chunk of length 0: allocated, but the stream is missing",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 0, 2)}), look)
    add("damaged-length-negative", "a chunk of negative length",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", -7, 2)}), look)
    add("damaged-length-1", "a chunk of length 1: no payload at all",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 1, 2)}), look)
    add("damaged-unknown-id", "compression id 5 exists in no release",
        region_bytes({0: (2, 1)}, {2: stream(b"\x0a\x00\x00\x00", 5)}), look)
    add("damaged-lz4-id", "a chunk of id 4 (LZ4): unknown before 1.20.5",
        region_bytes({0: (2, 1)}, {2: stream(lz4_block.compress(b"\x0a\x00\x00\x00"), 4)}), look)
    add("damaged-custom-read", "a chunk of id 127 names a custom compression: logged, absent",
        region_bytes({0: (2, 1)}, {2: stream(_name("mymod:zstd") + b"\x01\x02", 127)}), look)
    add("damaged-zlib-corrupt", "a zlib payload that does not inflate",
        region_bytes({0: (2, 1)}, {2: stream(b"\x78\x9c\xff\xff\xff\xff", 2)}), look)
    add("damaged-zlib-short", "a zlib payload one byte short of its end",
        region_bytes({0: (2, 1)}, {2: stream(_zlib(chunk(0, 0, 20, rng))[:-1], 2)}), look)
    add("damaged-lz4-corrupt", "an LZ4 payload whose checksum is wrong",
        region_bytes({0: (2, 1)}, {2: stream(_bad_checksum(lz4_block.compress(b"\x0a\x00\x00\x00")), 4)}),
        look, compression=4)
    ext = _zlib(chunk(0, 0, 20, rng))
    add("external-present", "an external chunk (id 2 | 128) read from c.0.0.mcc",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 1, 0x82)}), look + [["files"]], external={"c.0.0.mcc": ext})
    add("external-missing", "an external chunk whose c.0.0.mcc is missing",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 1, 0x82)}), look + [["files"]])
    add("external-and-internal", "an external stub that also declares an internal stream",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 9, 0x82) + b"\x00" * 8}), look, external={"c.0.0.mcc": ext})
    add("external-other-region", "external files are named by world coordinates: c.-32.32.mcc for chunk (-32, 32)",
        region_bytes({32 * 0: (2, 1)}, {2: struct.pack(">iB", 1, 0x82)}),
        [["read", 0, 0], ["read", -32, 32], ["exists", -32, 32], ["files"]], external={"c.-32.32.mcc": ext})
    add("external-unknown-id", "an external chunk of compression id 9",
        region_bytes({0: (2, 1)}, {2: struct.pack(">iB", 1, 0x89)}), look, external={"c.0.0.mcc": ext})
    return cases


def layers(_rng) -> list[dict]:
    cases = []

    def add(name, purpose, build):
        cases.append(_case(name, purpose, build(generate.case_rng(f"region/g/{name}"))))

    add("layer-new", "a new DataLayer: 0 everywhere, empty until set or getData",
        lambda r: [["layer_new"], ["layer_get", 15, 15, 15], ["layer_is_empty"], ["layer_get", 99, -5, 3],
                   ["layer_set", 0, 0, 0, 7], ["layer_is_empty"], ["layer_data"]])
    add("layer-order", "x, z, y order of the nibbles: low nibble first",
        lambda r: [["layer_new"], ["layer_set", 1, 0, 0, 1], ["layer_set", 0, 0, 1, 2], ["layer_set", 0, 1, 0, 3],
                   ["layer_set", 15, 15, 15, 4], ["layer_data"], ["layer_get", 0, 0, 1]])
    add("layer-random", "200 random sets and gets",
        lambda r: [["layer_new"]] + [op for _ in range(200) for op in (
            ["layer_set", r.randrange(16), r.randrange(16), r.randrange(16), r.randrange(16)],
            ["layer_get", r.randrange(16), r.randrange(16), r.randrange(16)])] + [["layer_data"]])
    add("layer-from", "a DataLayer over given bytes",
        lambda r: [["layer_from", bytes(r.getrandbits(8) for _ in range(2048)).hex()], ["layer_get", 3, 4, 5],
                   ["layer_is_empty"], ["layer_set", 3, 4, 5, 0x1f], ["layer_get", 3, 4, 5], ["layer_data"]])
    add("layer-wrong-length", "a DataLayer over 2047 bytes is refused",
        lambda r: [["layer_from", "00" * 2047], ["layer_from", ""], ["layer_new"], ["layer_get", 0, 0, 0]])
    add("layer-out-of-range", "coordinates outside 0..15: the index aliases or leaves the array",
        lambda r: [["layer_new"], ["layer_set", 16, 0, 0, 9], ["layer_get", 0, 0, 1], ["layer_set", 0, 16, 0, 1],
                   ["layer_get", -1, 0, 0], ["layer_set", -1, 0, 0, 1], ["layer_get", 0, 0, 0]])
    return cases


CATEGORIES: generate.Categories = {
    "layout": (1301, layout),
    "compression": (1302, compression),
    "damaged": (1303, damaged),
    "layers": (1304, layers),
}

if __name__ == "__main__":
    sys.exit(generate.main("region", CATEGORIES))
