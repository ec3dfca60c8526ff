"""The real files the game wrote (tests/data/real/, MANIFEST.json) read and written as the game would.

- Java files with a recorded case ``nbt/p/real/<name>/file``: ``read_file`` then ``write_file``
  gives the game's recorded ``write_back`` bytes, in every recorded version.
- Java files "kept back" (no recorded answer): read → write → read gives an equal tag, and
  writing again gives the same bytes (idempotence). Nothing here claims the game's bytes.
- Bedrock files: opened (encoding detected) and saved back byte for byte.
- Files MANIFEST calls bad input, and ``max_depth_reached.dat`` (a named list root), are
  refused with a typed error.
- Region files: every chunk the sector table lists reads, or is refused with a clear error
  for the damaged entries of ``regiontest.mca``.
"""

from __future__ import annotations

import json

import pytest

from conftest import RECORDED_VERSIONS, REPO, reference_cases
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt import tags as T
from harness.formats.nbt.detect import open_nbt, save_nbt
from harness.formats.region import RegionError, RegionFile

pytestmark = pytest.mark.usefixtures("nbt_path")  # each test on the compiled and the pure path

REAL = REPO / "tests" / "data" / "real"
MANIFEST = {entry["file"]: entry for entry in json.loads((REAL / "MANIFEST.json").read_text())}
BAD_INPUT = sorted(f for f, e in MANIFEST.items() if e["what"] == "bad input")
NOT_A_FILE_ROOT = "java-nbt/max_depth_reached.dat"
JAVA = sorted(f for f in MANIFEST if f.split("/")[0] in ("java-nbt", "java-chunks")
              and f not in BAD_INPUT and f != NOT_A_FILE_ROOT)
BEDROCK = sorted(f for f in MANIFEST if f.startswith("bedrock/"))
REGIONS = sorted(f for f in MANIFEST if f.startswith("java-region/"))


def _recorded() -> dict[str, dict[str, dict]]:
    """``{file name: {version: case}}`` of the recorded real-file cases."""
    found: dict[str, dict[str, dict]] = {}
    for version in RECORDED_VERSIONS:
        for case in reference_cases(version, "nbt"):
            if case["id"].startswith("nbt/p/real/"):
                found.setdefault(case["id"].split("/")[3], {})[version] = case
    return found


RECORDED = _recorded()
WITH_ANSWERS = [f for f in JAVA if f.split("/")[1] in RECORDED]
KEPT_BACK = [f for f in JAVA if f.split("/")[1] not in RECORDED]


def _decompressed(name: str) -> bytes:
    return compression.decompress((REAL / name).read_bytes())


def test_the_lists_cover_the_manifest():
    assert len(WITH_ANSWERS) == 11 and len(KEPT_BACK) >= 8
    assert BAD_INPUT == ["java-nbt/invalid_compression.dat", "java-nbt/invalid_data_tag.dat"]
    assert all(MANIFEST[f]["answers"] == "kept back" for f in KEPT_BACK)


@pytest.mark.parametrize("name", WITH_ANSWERS)
def test_java_file_writes_back_as_the_game_recorded(name):
    data = _decompressed(name)
    cases = RECORDED[name.split("/")[1]]
    assert set(cases) == set(RECORDED_VERSIONS)
    for version_id, case in cases.items():
        assert bytes.fromhex(case["setup"]["input"]) == data  # the recorded input is this file
        version = versions.get(version_id)
        written = nbt_io.write_file(nbt_io.read_file(data, version), version)
        assert written.hex() == case["answers"][0], f"{name} in {version_id}"


@pytest.mark.parametrize("name", KEPT_BACK)
@pytest.mark.parametrize("version_id", ["1.20.1", "26.3"])
def test_kept_back_java_file_round_trips_and_rewrites_idempotently(name, version_id):
    version = versions.get(version_id)
    tag = nbt_io.read_file(_decompressed(name), version)
    first = nbt_io.write_file(tag, version)
    again = nbt_io.read_file(first, version)
    assert again == tag
    assert nbt_io.write_file(again, version) == first


@pytest.mark.parametrize("name", KEPT_BACK + WITH_ANSWERS)
def test_java_file_is_detected_as_java_with_its_compression(name):
    raw = (REAL / name).read_bytes()
    doc = open_nbt(raw)
    assert doc.encoding == "java"
    assert doc.compression == ("gzip" if raw[:2] == b"\x1f\x8b" else "none")
    assert doc.tag == nbt_io.read_file(_decompressed(name), versions.get(versions.LATEST))


@pytest.mark.parametrize("name", BEDROCK)
def test_bedrock_file_saves_back_byte_for_byte(name):
    raw = (REAL / name).read_bytes()
    doc = open_nbt(raw)
    assert doc.encoding.startswith("bedrock") and doc.compression == "none"
    assert save_nbt(doc) == raw


def test_bedrock_structures_are_little_endian_named():
    for name in BEDROCK:
        if name.endswith(".mcstructure"):
            doc = open_nbt((REAL / name).read_bytes())
            assert doc.encoding == "bedrock"
            assert doc.tag["format_version"] == 1  # .mcstructure's first key, an Int


@pytest.mark.parametrize("name", BAD_INPUT + [NOT_A_FILE_ROOT])
def test_bad_input_is_refused_with_a_typed_error(name):
    data = (REAL / name).read_bytes()
    for version_id in RECORDED_VERSIONS:
        with pytest.raises(GameError):
            nbt_io.read_file(data, versions.get(version_id))
    with pytest.raises(GameError) as info:
        open_nbt(data)
    assert info.value.where  # says where


def test_end_root_is_refused_as_the_game_refuses_it():
    # GAME_FACTS.md 3.1: type byte 0 -> "Root tag must be a named compound tag" (IOException)
    with pytest.raises(GameError) as info:
        nbt_io.read_file((REAL / "java-nbt/invalid_data_tag.dat").read_bytes(), versions.get("26.3"))
    assert (info.value.kind, info.value.message) == ("IOException", "Root tag must be a named compound tag")


@pytest.mark.parametrize("data, refused", [
    (bytes.fromhex("0a0002c041" "0100016205" "00"), ("UTFDataFormatException", "malformed input around byte 2", "java")),
    (bytes.fromhex("0a0200ff41" "0101006205" "00"), ("UTFDataFormatException", "malformed UTF-8 around byte 0", "bedrock")),
], ids=["java", "bedrock"])
def test_a_root_name_that_is_no_text_is_refused_by_the_reader_that_reads_the_rest(data, refused):
    # GAME_FACTS.md 3.1: NbtIo skips the root's name, so the rest of the file reads; ours keeps the name,
    # and its refusal names the encoding and the offset (not a misreading in another encoding that gets further)
    if refused[2] == "java":
        assert nbt_io.read_file(data, versions.get("26.3")) == T.CompoundTag({"b": T.ByteTag(5)})
    with pytest.raises(GameError) as info:
        open_nbt(data)
    assert (info.value.kind, info.value.message, info.value.encoding) == refused
    assert info.value.where == "offset 3, path (root)"


@pytest.mark.parametrize("version_id", RECORDED_VERSIONS)
def test_513_nested_lists_are_too_deep(version_id):
    # max_depth_reached.dat: a named root list holding 513 lists; its payload is read before
    # the root type is checked, so the depth limit refuses it first (GAME_FACTS.md 3.2)
    data = (REAL / NOT_A_FILE_ROOT).read_bytes()
    assert data[:3] == b"\x09\x00\x00" and data[3:].count(b"\x09\x00\x00\x00\x01") == 513
    version = versions.get(version_id)
    with pytest.raises(GameError) as info:
        nbt_io.read_file(data, version)
    assert info.value.kind == version.nbt.accounter_error
    assert info.value.message == "Tried to read NBT tag with too high complexity, depth > 512"


# --- region files ----------------------------------------------------------------------------

# regiontest.mca (twoolie/NBT's test region) holds deliberately damaged entries; by index:
REGIONTEST_REFUSED = {
    2: "has invalid chunk stream version 0",  # compression id 0
    3: "incorrect header check",  # gzip data under id 2 (zlib)
    11: "Invalid tag id: 120",  # zlib data under id 3 (none): 0x78 is no tag id
    13: "size has to be > 0",  # sector count 0
    14: "overlaps with header",  # sector 1
    15: "is out of bounds",  # sector 30 of 27
    35: "stream is truncated: expected 4092 but read 4091",
    36: "is allocated, but stream is missing",  # length 0
    37: "Invalid tag id: 77",  # a text payload
    40: "Unexpected end of ZLIB input stream",  # length 1: no payload at all
}

# ... and two chunks stored at the wrong place: entry 16 holds chunk (5, 1), entry 39 chunk (3, 1)
# (the game reads it and then relocates it; here it reads)
REGIONTEST_MISPLACED = {16: (5, 1), 39: (3, 1)}


@pytest.mark.parametrize("name", REGIONS)
def test_every_chunk_of_a_region_reads_or_is_refused_clearly(name):
    region = RegionFile((REAL / name).read_bytes())
    assert region.locations
    version = versions.get("26.3")
    read = refused = 0
    for loc in region.locations:
        try:
            tag = region.read_chunk(loc, version)
        except GameError as e:
            assert name.endswith("regiontest.mca"), f"{name} chunk {loc}: {e}"
            assert REGIONTEST_REFUSED[loc.index] in str(e)
            refused += 1
            continue
        level = tag.get("Level", tag)  # 1.18+ chunks keep xPos at the root
        expected = REGIONTEST_MISPLACED.get(loc.index, (loc.x, loc.z)) if name.endswith("regiontest.mca") \
            else (loc.x, loc.z)
        assert (level["xPos"] % 32, level["zPos"] % 32) == expected  # where the table put it
        read += 1
    if name.endswith("regiontest.mca"):
        assert (read, refused) == (11, len(REGIONTEST_REFUSED))


def test_a_chunk_one_byte_short_reads_as_the_game_reads_it():
    # r.2.2.mca declares each chunk one byte shorter than its zlib stream: the inflated NBT
    # is complete, so NbtIo.read finishes before the stream's end (the game loads it).
    region = RegionFile((REAL / "java-region/r.2.2.mca").read_bytes())
    loc = region.locations[0]
    with pytest.raises(compression.CompressionError):
        region.chunk_bytes(loc)  # strict inflation sees the cut
    assert "Level" in region.read_chunk(loc, versions.get("26.3"))


def test_region_chunk_compression_ids():
    region = RegionFile((REAL / "java-region/regiontest.mca").read_bytes())
    ids = {loc.index: region.payload(loc)[0] for loc in region.locations if loc.index in (1, 10)}
    assert ids == {1: 2, 10: 1}  # zlib and gzip
    assert region.read_chunk(region.location(10, 0), versions.get("26.3"))["Level"]["xPos"] == 10


def test_region_reads_lz4_and_external_chunks_and_refuses_custom_clearly():
    from harness.formats.region import lz4_block

    chunk = bytes.fromhex("0a000003000178000000070000")  # {x: 7}
    packed = lz4_block.compress(chunk)
    data = bytearray(8192 + 4096)
    data[0:4] = (2 << 8 | 1).to_bytes(4, "big")
    data[8192:8197 + len(packed)] = (1 + len(packed)).to_bytes(4, "big") + bytes([4]) + packed
    region = RegionFile(bytes(data))
    assert region.chunk_bytes(region.locations[0]) == chunk
    assert RegionFile(bytes(data), release="1.20.4").read(0, 0) is None  # no LZ4 before 1.20.5
    data[8196] = 127
    with pytest.raises(RegionError, match="custom compression"):
        RegionFile(bytes(data)).payload(region.locations[0])
    data[8192:8197] = (1).to_bytes(4, "big") + bytes([0x84])
    with pytest.raises(RegionError, match="External chunk path c.0.0.mcc is not file"):
        RegionFile(bytes(data)).payload(region.locations[0])
    assert RegionFile(bytes(data), {"c.0.0.mcc": packed}).chunk_bytes(region.locations[0]) == chunk
