"""Bedrock encodings: real files Bedrock tools wrote, read and written back byte for byte,
the level.dat header, and seed 001's hello_world in its three byte layouts.
"""

from __future__ import annotations

import struct

import pytest

from harness.formats.errors import GameError
from harness.formats.nbt import nbt_io
from harness.formats.nbt import tags as T
from conftest import REPO

pytestmark = pytest.mark.usefixtures("nbt_path")  # each test on the compiled and the pure path

BEDROCK = REPO / "tests" / "data" / "real" / "bedrock"

# the encoding each real file is in (biome_definitions is prismarine's "littleVarint" sample:
# root "0a 00" then "0a 0d bamboo_jungle" — varint lengths; the level.dat sample has no header)
REAL_FILES = {
    "B1_11_level.nbt": "bedrock",
    "armor_stand_steve_head.mcstructure": "bedrock",
    "barrel.mcstructure": "bedrock",
    "caged_villager.mcstructure": "bedrock",
    "cmdblock.mcstructure": "bedrock",
    "dirt_house.mcstructure": "bedrock",
    "level.dat": "bedrock",
    "biome_definitions.le.nbt": "bedrock_network",
}


@pytest.mark.parametrize("name, encoding", sorted(REAL_FILES.items()))
def test_real_bedrock_file_round_trips_byte_for_byte(name, encoding):
    data = (BEDROCK / name).read_bytes()
    root_name, tag = nbt_io.read_named(data, encoding=encoding)
    assert isinstance(tag, T.CompoundTag) and len(tag) > 0
    assert nbt_io.write_named(root_name, tag, encoding=encoding) == data


def test_real_structure_file_content():
    _, tag = nbt_io.read_named((BEDROCK / "barrel.mcstructure").read_bytes(), encoding="bedrock")
    assert list(tag) == ["format_version", "size", "structure", "structure_world_origin"]
    assert tag["format_version"] == T.IntTag(1)
    assert all(isinstance(x, T.IntTag) for x in tag["size"])


def test_real_level_dat_values():
    _, tag = nbt_io.read_named((BEDROCK / "level.dat").read_bytes(), encoding="bedrock")
    assert list(tag)[:3] == ["DayCycleStopTime", "GameType", "Generator"]  # Bedrock's std::map: sorted keys


def test_level_dat_header_is_storage_version_and_length():
    body = (BEDROCK / "level.dat").read_bytes()
    framed = struct.pack("<iI", 8, len(body)) + body
    storage, name, tag = nbt_io.read_bedrock_level_dat(framed)
    assert (storage, name) == (8, "")
    assert nbt_io.write_bedrock_level_dat(storage, name, tag) == framed


@pytest.mark.parametrize("storage", [-(1 << 31), (1 << 31) - 1])
def test_level_dat_storage_version_is_a_signed_32_bit_field(storage):
    _, tag = nbt_io.read_named((BEDROCK / "level.dat").read_bytes(), encoding="bedrock")
    framed = nbt_io.write_bedrock_level_dat(storage, "", tag)
    assert framed[:4] == struct.pack("<i", storage)
    assert nbt_io.read_bedrock_level_dat(framed)[0] == storage


@pytest.mark.parametrize("storage", [1 << 40, 1 << 31, -(1 << 31) - 1])
def test_level_dat_storage_version_out_of_range_is_a_clear_error(storage):
    with pytest.raises(ValueError, match=r"storage_version must be a signed 32-bit int .*got " + str(storage)):
        nbt_io.write_bedrock_level_dat(storage, "", T.CompoundTag())


def test_level_dat_header_promising_too_much_is_refused():
    body = (BEDROCK / "level.dat").read_bytes()
    with pytest.raises(GameError) as info:
        nbt_io.read_bedrock_level_dat(struct.pack("<iI", 8, len(body) + 1) + body)
    assert info.value.kind == "EOFException"


# seed 001: "hello world" {name: "Bananrama"}; Java big-endian bytes given in full, Bedrock
# little-endian flips the length fields (0B 00 for 00 0B), Bedrock network makes them single
# varint bytes (0B, 04).
HELLO_JAVA = bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100")
HELLO_BEDROCK = bytes.fromhex("0a0b0068656c6c6f20776f726c640804006e616d65090042616e616e72616d6100")
HELLO_NETWORK = bytes.fromhex("0a0b68656c6c6f20776f726c6408046e616d650942616e616e72616d6100")


@pytest.mark.parametrize("encoding, data", [
    ("java", HELLO_JAVA), ("bedrock", HELLO_BEDROCK), ("bedrock_network", HELLO_NETWORK),
])
def test_seed_hello_world_in_each_layout(encoding, data):
    name, tag = nbt_io.read_named(data, encoding=encoding)
    assert name == "hello world"
    assert tag == T.CompoundTag(name=T.StringTag("Bananrama"))
    assert nbt_io.write_named(name, tag, encoding=encoding) == data


def test_bedrock_network_varints_for_int_long_and_lengths():
    tag = T.CompoundTag()
    tag["i"] = T.IntTag(-1)
    name, back = nbt_io.read_named(nbt_io.write_named("", tag, encoding="bedrock_network"), encoding="bedrock_network")
    # seed 001: zigzag folds the sign into the low bit, −1 → 1, 1 → 2
    assert nbt_io.write_named("", tag, encoding="bedrock_network").hex() == "0a00" + "030169" + "01" + "00"
    assert back == tag
    tag["i"] = T.IntTag(1)
    assert nbt_io.write_named("", tag, encoding="bedrock_network").hex() == "0a00" + "030169" + "02" + "00"


def test_bedrock_strings_keep_supplementary_characters_as_utf8():
    tag = T.CompoundTag(n=T.StringTag("\U0001F600"))
    data = nbt_io.write_named("", tag, encoding="bedrock")
    assert data.hex() == "0a0000" + "080100" + "6e" + "0400f09f9880" + "00"
    assert nbt_io.read_named(data, encoding="bedrock")[1] == tag
