"""NbtIo's Python API: a version string works wherever a GameVersion does; arguments of the
wrong type are a TypeError naming the argument (never garbage read as something else)."""

from __future__ import annotations

import struct

import pytest

from conftest import REPO
from harness.formats import versions
from harness.formats.nbt import nbt_io
from harness.formats.nbt import tags as T

pytestmark = pytest.mark.usefixtures("nbt_path")  # each test on the compiled and the pure path

HELLO = (REPO / "tests/data/real/java-nbt/hello_world.nbt").read_bytes()  # a named root compound, uncompressed
LEVEL_DAT_BODY = (REPO / "tests/data/real/bedrock/level.dat").read_bytes()  # the NBT after the 8-byte header
LEVEL_DAT = struct.pack("<iI", 8, len(LEVEL_DAT_BODY)) + LEVEL_DAT_BODY
V = versions.get("26.3")


@pytest.mark.parametrize("vid", ["1.20.1", "26.3"])
def test_every_public_function_takes_a_version_string(vid):
    v = versions.get(vid)
    root = nbt_io.read_file(HELLO, v)
    assert nbt_io.read_file(HELLO, vid) == root
    assert nbt_io.write_file(root, vid) == nbt_io.write_file(root, v)
    any_bytes = nbt_io.write_any(root, v)
    assert nbt_io.write_any(root, vid) == any_bytes and nbt_io.read_any(any_bytes, vid) == root
    net = nbt_io.write_network(root, v)
    assert nbt_io.write_network(root, vid) == net and nbt_io.read_network(net, vid) == root
    assert nbt_io.read_named(HELLO, vid) == nbt_io.read_named(HELLO, v)
    assert nbt_io.write_named("hello world", root, version=vid) == nbt_io.write_named("hello world", root, version=v)


@pytest.mark.parametrize("call", [
    lambda v: nbt_io.read_file(HELLO, v), lambda v: nbt_io.read_any(HELLO, v), lambda v: nbt_io.read_network(HELLO, v),
    lambda v: nbt_io.write_file(T.CompoundTag({}), v), lambda v: nbt_io.write_any(T.END, v),
    lambda v: nbt_io.write_network(T.END, v), lambda v: nbt_io.read_named(HELLO, v),
    lambda v: nbt_io.write_named("", T.END, version=v)])
def test_a_version_that_is_neither_is_refused(call):
    with pytest.raises(versions.UnknownVersionError, match="unknown game version '9.9'"):
        call("9.9")
    with pytest.raises(TypeError, match="version must be a GameVersion or a version string"):
        call(26.3)


@pytest.mark.parametrize("data", [123, [10, 0, 0, 0], "\n\x00\x00\x00", None])
@pytest.mark.parametrize("read", [nbt_io.read_file, nbt_io.read_any, nbt_io.read_network,
                                  lambda data, v: nbt_io.read_named(data, v)])
def test_only_bytes_like_data_is_read(read, data):
    with pytest.raises(TypeError, match="data must be bytes, bytearray or memoryview, not "):
        read(data, V)


def test_bytes_like_data_reads_as_bytes():
    root = nbt_io.read_file(HELLO, V)
    assert nbt_io.read_file(bytearray(HELLO), V) == root == nbt_io.read_file(memoryview(HELLO), V)
    assert nbt_io.read_bedrock_level_dat(memoryview(LEVEL_DAT)) == nbt_io.read_bedrock_level_dat(LEVEL_DAT)


def test_bedrock_level_dat_takes_bytes_only():
    with pytest.raises(TypeError, match="data must be bytes, bytearray or memoryview, not str"):
        nbt_io.read_bedrock_level_dat("string")


@pytest.mark.parametrize("name", [None, b"x", 1])
def test_write_named_needs_a_str_name(name):
    with pytest.raises(TypeError, match="name must be a str, not "):
        nbt_io.write_named(name, T.CompoundTag({}))
    with pytest.raises(TypeError, match="name must be a str, not "):
        nbt_io.write_bedrock_level_dat(10, name, T.CompoundTag({}))


@pytest.mark.parametrize("data, hint", [("str", "SNBT text is read by parse_snbt"), (None, "not NoneType")])
def test_loads_of_what_is_not_bytes_is_a_type_error_naming_bytes(data, hint):
    from harness.formats import nbt

    with pytest.raises(TypeError, match="loads: data must be bytes") as caught:
        nbt.loads(data)  # type: ignore[arg-type]
    assert hint in str(caught.value)


@pytest.mark.parametrize("text, hint", [(b"{a:1}", "bytes of binary NBT are read by loads"), (None, "not NoneType")])
def test_parse_snbt_of_what_is_not_text_is_a_type_error_naming_str(text, hint):
    from harness.formats import nbt

    with pytest.raises(TypeError, match="parse_snbt: text must be a str, not ") as caught:
        nbt.parse_snbt(text)  # type: ignore[arg-type]
    assert hint in str(caught.value)


def test_to_snbt_of_a_document_is_its_tags_text():
    from harness.formats import nbt

    doc = nbt.loads(HELLO)
    assert doc.root_name == "hello world"  # SNBT has no root name: the tag's text alone
    assert nbt.to_snbt(doc) == nbt.to_snbt(doc.tag) == '{name:"Bananrama"}'
    assert nbt.to_snbt(doc, pretty=True) == nbt.to_snbt(doc.tag, pretty=True)


def test_a_game_error_without_a_message_shows_its_kind_alone():
    from harness.formats.errors import GameError

    assert str(GameError("EOFException", None)) == "EOFException"  # Java's getMessage() gave null
    assert str(GameError("ReportedNbtException", "Loading NBT data", cause="EOFException")) == \
        "ReportedNbtException: Loading NBT data (caused by EOFException)"
    assert str(GameError("EOFException", None, where="offset 3")) == "EOFException [at offset 3]"
