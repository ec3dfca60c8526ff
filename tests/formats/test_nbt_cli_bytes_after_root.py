"""``harness nbt`` says what it ignored: bytes after the NBT root, bytes after a gzip or zlib
stream (a note on stderr with the count and the offset; status 0, as the game reads such a
file; ``convert`` warns, ``convert --strict`` refuses)."""

from __future__ import annotations

from conftest import REPO
from helpers_cli import run_nbt as run
from harness.formats.nbt import compression
from harness.formats.nbt.detect import open_nbt

# a Java file the game wrote: root "hello world", {name:"Bananrama"}, uncompressed (33 bytes)
HELLO = (REPO / "tests/data/real/java-nbt/hello_world.nbt").read_bytes()


def test_open_nbt_keeps_where_the_root_and_the_stream_end():
    assert open_nbt(HELLO).trailing is None and open_nbt(HELLO).after_stream is None
    assert open_nbt(HELLO + b"junk").trailing == (33, 4)
    gz = compression.compress(HELLO + b"xy", "gzip")
    doc = open_nbt(gz + b"garbage")
    assert (doc.trailing, doc.after_stream) == ((33, 2), (len(gz), 7))
    assert open_nbt(compression.compress(HELLO, "zlib") + b"!").after_stream[1] == 1
    assert open_nbt(HELLO + b"z", encoding="java").trailing == (33, 1)  # the encoding given: the same


def test_show_notes_bytes_after_the_root_on_stderr_and_exits_0(tmp_path, capsys):
    path = tmp_path / "junk.nbt"
    path.write_bytes(HELLO + b"JUNKJUNK")
    status, out, err = run(capsys, "show", path)
    assert status == 0 and out.splitlines()[-1] == '{name:"Bananrama"}'
    assert err == (f"harness nbt: {path}: note: 8 bytes follow the NBT root, from offset 33: ignored, as the "
                   "game's NbtIo.read ignores them (the root ends there)\n")


def test_show_of_a_gzip_file_with_junk_after_both(tmp_path, capsys):
    path = tmp_path / "junk.dat"
    gz = compression.compress(HELLO + b"x", "gzip")
    path.write_bytes(gz + b"garbage")
    status, _, err = run(capsys, "show", path)
    assert status == 0
    assert err.splitlines() == [
        f"harness nbt: {path}: note: 7 bytes follow the gzip stream, from byte {len(gz)} of the file: ignored, "
        "as GZIPInputStream ignores them",
        f"harness nbt: {path}: note: 1 byte follows the NBT root, from offset 33 of the gzip-decompressed bytes: "
        "ignored, as the game's NbtIo.read ignores them (the root ends there)",
    ]


def test_convert_warns_and_strict_refuses(tmp_path, capsys):
    source = tmp_path / "junk.nbt"
    source.write_bytes(HELLO + b"\x00\x01")
    target = tmp_path / "out.nbt"
    status, _, err = run(capsys, "convert", source, target, "--to", "java")
    assert status == 0 and target.read_bytes() == HELLO
    assert err.startswith(f"harness nbt: {source}: warning: 2 bytes follow the NBT root, from offset 33: not written")
    target.unlink()
    status, _, err = run(capsys, "convert", source, target, "--to", "java", "--strict")
    # the output not written, then the input that holds the bytes
    assert status == 2 and not target.exists()
    assert f"{target}: not written (--strict): {source}: 2 bytes follow the NBT root" in err


def test_a_convert_warning_names_its_own_file_once(tmp_path, capsys):
    # what the input holds under the input, what the output drops under the output
    source, target = tmp_path / "trailing.nbt", tmp_path / "conv.snbt"
    source.write_bytes(HELLO + b"JUNKJUNK")
    status, _, err = run(capsys, "convert", source, target, "--to", "snbt")
    assert status == 0 and err.splitlines() == [
        f"harness nbt: {source}: warning: 8 bytes follow the NBT root, from offset 33: not written, as the game's "
        "NbtIo.read ignores them (the root ends there)",
        f"harness nbt: {target}: warning: the root's name \"hello world\" is dropped (snbt has no root name)"]
    assert target.read_text(encoding="utf-8") == '{\n    name: "Bananrama"\n}\n'


def test_diff_notes_them_too(tmp_path, capsys):
    a, b = tmp_path / "a.nbt", tmp_path / "b.nbt"
    a.write_bytes(HELLO)
    b.write_bytes(HELLO + b"?")
    status, out, err = run(capsys, "diff", a, b)
    assert status == 0 and out == ""
    assert err == (f"harness nbt: {b}: note: 1 byte follows the NBT root, from offset 33: ignored, as the "
                   "game's NbtIo.read ignores them (the root ends there)\n")


def test_the_note_names_the_reader_of_the_encoding_read_and_a_guess_is_warned(tmp_path, capsys):
    """The finding: ``02 1234`` and 2000 random bytes read as java-network (ShortTag 4660, seed
    001's nameless network root), the note said NbtIo.read; and no warning that 2000 of 2003
    bytes were left unread."""
    path = tmp_path / "s.bin"
    path.write_bytes(b"\x02\x12\x34" + bytes(range(256)) * 7 + bytes(208))
    status, out, err = run(capsys, "show", path)
    assert status == 0 and out.splitlines() == ["encoding: java-network", "compression: none", "4660s"]
    assert err.splitlines() == [
        f"harness nbt: {path}: note: 2000 bytes follow the NBT root, from offset 3: ignored, as the game's "
        "NbtIo.readAnyTag (the network form: a nameless root) ignores them (the root ends there)",
        f"harness nbt: {path}: warning: no encoding reads the whole file: the java-network reading shown is a "
        "guess that reads 3 of its 2003 bytes and leaves 2000 unread; it may not be NBT at all"]
    target = tmp_path / "s.snbt"
    status, _, err = run(capsys, "convert", path, target, "--to", "snbt", "--strict")
    assert status == 2 and not target.exists() and "it may not be NBT at all" in err


def test_a_few_bytes_after_a_java_root_are_no_guess(tmp_path, capsys):
    path = tmp_path / "pad.nbt"
    path.write_bytes(HELLO + bytes(33))  # half the file unread: the read is not called a guess
    status, _, err = run(capsys, "show", path)
    assert status == 0 and "warning" not in err and "NbtIo.read ignores them" in err
