"""``harness nbt show|convert|diff`` on the real files, through ``harness.cli.main``."""

from __future__ import annotations

import datetime
import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from conftest import REPO, reference_case
from helpers_cli import run_nbt as run
from harness.cli import main
from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.detect import open_nbt
from harness.formats.nbt.tags import ByteTag, CompoundTag

REAL = REPO / "tests" / "data" / "real"
V = versions.get("26.3")


def test_show_prints_encoding_compression_then_the_games_snbt(capsys):
    status, out, err = run(capsys, "show", REAL / "java-nbt/hello_world.nbt")
    case = reference_case("26.3", "nbt/p/real/hello_world.nbt/file")
    assert status == 0 and err == ""
    assert out.splitlines() == ["encoding: java", "compression: none", 'root name: "hello world"', case["answers"][1]]


def test_show_pretty_of_a_gzip_file(capsys):
    status, out, _ = run(capsys, "show", REAL / "java-nbt/complex_player.dat", "--pretty")
    case = reference_case("26.3", "nbt/p/real/complex_player.dat/file")
    lines = out.split("\n", 3)
    assert status == 0 and lines[:3] == ["encoding: java", "compression: gzip", 'root name: ""']
    assert lines[3] == case["answers"][2] + "\n"  # SnbtPrinterTagVisitor's text, as recorded


def test_show_bedrock_file(capsys):
    status, out, _ = run(capsys, "show", REAL / "bedrock/barrel.mcstructure")
    assert status == 0
    assert out.splitlines()[:2] == ["encoding: bedrock", "compression: none"]
    assert "format_version:1" in out.splitlines()[3]


@pytest.mark.parametrize("name", ["java-nbt/invalid_compression.dat", "java-nbt/invalid_data_tag.dat"])
def test_show_bad_file_exits_2_naming_file_kind_and_offset(capsys, name):
    status, out, err = run(capsys, "show", REAL / name)
    assert status == 2 and out == ""
    assert err.startswith(f"harness nbt: {REAL / name}: not NBT: ")
    assert "offset" in err and ("EOFException" in err or "IOException" in err)


def test_show_truncated_gzip_names_the_compression_error(capsys, tmp_path):
    cut = tmp_path / "cut.dat"
    cut.write_bytes((REAL / "java-nbt/level.dat").read_bytes()[:300])
    status, _, err = run(capsys, "show", cut)
    assert status == 2
    assert "EOFException: Unexpected end of ZLIB input stream" in err and "byte 300" in err


def test_show_missing_file_and_unknown_version(capsys, tmp_path):
    assert run(capsys, "show", tmp_path / "nope.nbt")[0] == 2
    status, _, err = run(capsys, "show", REAL / "java-nbt/hello_world.nbt", "--version", "0.9")
    assert status == 2 and "unknown game version" in err


@pytest.mark.parametrize("target,encoding", [
    ("bedrock", "bedrock"), ("bedrock-network", "bedrock-network"), ("java-network", "java-network"),
    ("bedrock-level-dat", "bedrock-level-dat"), ("java", "java"),
])
def test_convert_java_file_to_each_encoding_and_back(capsys, tmp_path, target, encoding):
    source = REAL / "java-nbt/bigtest.nbt"
    out = tmp_path / f"out.{target}"
    extra = ["--storage-version", "10"] if target == "bedrock-level-dat" else []
    status, _, err = run(capsys, "convert", source, out, "--to", target, *extra)
    assert status == 0, err
    doc = open_nbt(out.read_bytes())
    # the input's compression kept, but a Bedrock level.dat is never compressed: its header, then the NBT, plain
    assert doc.encoding == encoding and doc.compression == ("none" if target == "bedrock-level-dat" else "gzip")
    assert doc.tag == open_nbt(source.read_bytes()).tag
    if target == "bedrock-level-dat":
        assert doc.header == 10


def test_convert_with_compression_choice(capsys, tmp_path):
    out = tmp_path / "x.nbt"
    assert run(capsys, "convert", REAL / "java-chunks/1.17.1.chunk", out, "--to", "java", "--compression", "zlib")[0] == 0
    assert out.read_bytes()[:2] == b"\x78\x9c"
    data = compression.decompress(out.read_bytes())
    case = reference_case("26.3", "nbt/p/real/1.17.1.chunk/file")
    assert data.hex() == case["answers"][0]  # root name "" as the game writes it, in HashMap order


def test_convert_to_bedrock_level_dat_is_plain_whatever_the_input(capsys, tmp_path):
    source, out = tmp_path / "level.dat.gz", tmp_path / "level.dat"
    source.write_bytes(compression.compress((REAL / "bedrock/level.dat").read_bytes(), "gzip"))
    doc = open_nbt(source.read_bytes())
    plain = nbt_io.write_bedrock_level_dat(int(doc.tag["StorageVersion"]), "", doc.tag)
    assert run(capsys, "convert", source, out, "--to", "bedrock-level-dat")[0] == 0
    assert out.read_bytes() == plain  # the 8-byte header first, no gzip magic
    assert run(capsys, "convert", source, out, "--to", "bedrock-level-dat", "--compression", "none")[0] == 0
    status, _, err = run(capsys, "convert", source, out, "--to", "bedrock-level-dat", "--compression", "gzip")
    assert status == 2 and err.count("\n") == 1 and "a Bedrock level.dat is never compressed" in err
    assert out.read_bytes() == plain


def test_convert_bedrock_level_dat_takes_the_storage_version_tag(capsys, tmp_path):
    out = tmp_path / "level.dat"
    status, _, err = run(capsys, "convert", REAL / "bedrock/level.dat", out, "--to", "bedrock-level-dat")
    doc = open_nbt((REAL / "bedrock/level.dat").read_bytes())
    assert status == 0, err
    assert out.read_bytes() == nbt_io.write_bedrock_level_dat(int(doc.tag["StorageVersion"]), "", doc.tag)


def test_convert_to_snbt_and_back_through_the_parser(capsys, tmp_path):
    snbt = tmp_path / "player.snbt"
    back = tmp_path / "player.nbt"
    assert run(capsys, "convert", REAL / "java-nbt/simple_player.dat", snbt, "--to", "snbt")[0] == 0
    assert snbt.read_text().startswith("{\n    ")
    status, _, err = run(capsys, "convert", snbt, back, "--to", "java")
    assert status == 0, err
    assert open_nbt(back.read_bytes()).tag == nbt_io.read_file(
        compression.decompress((REAL / "java-nbt/simple_player.dat").read_bytes()), V)


def test_convert_refuses_a_bad_input_and_a_bad_option(capsys, tmp_path):
    status, _, err = run(capsys, "convert", REAL / "java-nbt/invalid_data_tag.dat", tmp_path / "o", "--to", "java")
    assert status == 2 and "Root tag must be a named compound tag" in err
    assert not (tmp_path / "o").exists()
    status, _, err = run(capsys, "convert", REAL / "java-nbt/hello_world.nbt", tmp_path / "o", "--to", "snbt",
                         "--compression", "gzip")
    assert status == 2 and "--compression" in err


def test_diff_same_content_in_two_encodings_is_no_difference(capsys, tmp_path):
    bedrock = tmp_path / "bigtest.le"
    run(capsys, "convert", REAL / "java-nbt/bigtest.nbt", bedrock, "--to", "bedrock", "--compression", "none")
    status, out, _ = run(capsys, "diff", REAL / "java-nbt/bigtest.nbt", bedrock)
    assert (status, out) == (0, "")


def test_diff_shows_a_unified_diff_and_exits_1(capsys):
    a, b = REAL / "java-nbt/level.dat", REAL / "java-nbt/1_17_1-level.dat"
    status, out, _ = run(capsys, "diff", a, b)
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == f"--- {a}" and lines[1] == f"+++ {b}" and lines[2].startswith("@@ ")
    assert any(line.startswith("-") for line in lines[2:]) and any(line.startswith("+") for line in lines[2:])


def test_diff_with_a_bad_file_exits_2(capsys):
    status, _, err = run(capsys, "diff", REAL / "java-nbt/bigtest.nbt", REAL / "java-nbt/invalid_compression.dat")
    assert status == 2 and "invalid_compression.dat" in err


# --- bad SNBT text: one line, exit 2, never a traceback ------------------------------------------

@pytest.mark.parametrize("text", ["{a:", "[" * 100_000 + "]" * 100_000], ids=["cut", "100000-deep"])
def test_invalid_snbt_text_is_one_line_naming_both_readings(capsys, tmp_path, monkeypatch, text):
    from harness.formats.nbt import tag_parser

    # past the parser's stack at a tenth of its frames (the real depth: test_snbt_parser_rules)
    monkeypatch.setattr(tag_parser, "_STACK_FRAMES", 6_000)
    bad = tmp_path / "bad.snbt"
    bad.write_text(text)
    for argv in (["show", bad], ["convert", bad, tmp_path / "o.nbt", "--to", "java"],
                 ["diff", bad, REAL / "java-nbt/hello_world.nbt"]):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "", argv
        assert err.startswith(f"harness nbt: {bad}: not SNBT (") and "), nor binary NBT (" in err  # *.snbt: SNBT first
        assert err.count("\n") == 1
    assert not (tmp_path / "o.nbt").exists()


# --- detection: which encoding's error is reported ---------------------------------------------
# A list of lists nested 5,000 deep under key "a": valid NBT the game refuses at its depth
# limit, 512 (recorded depth-* answers): the 512th nested list header is where it stops.

def _deep_list(root: str, key: str, element: str) -> bytes:
    return bytes.fromhex(root + key) + bytes.fromhex(element) * 5_000


@pytest.mark.parametrize("data,encoding,offset", [
    (_deep_list("0a0000", "09000161", "0900000001"), "java", 3 + 4 + 5 * 511),
    (_deep_list("0a0000", "09010061", "0901000000"), "bedrock", 3 + 4 + 5 * 511),
    (_deep_list("0a00", "090161", "0902"), "bedrock-network", 2 + 3 + 2 * 511),
], ids=["java", "bedrock", "bedrock-network"])
def test_too_deep_file_reports_its_own_encodings_depth_error(capsys, tmp_path, data, encoding, offset):
    with pytest.raises(GameError) as caught:
        open_nbt(data, V)
    assert caught.value.kind == "NbtAccounterException" and "depth > 512" in caught.value.message
    assert caught.value.encoding == encoding and caught.value.where.startswith(f"offset {offset}, path a[0][0]")
    deep = tmp_path / "deep.nbt"
    deep.write_bytes(data)
    status, _, err = run(capsys, "show", deep)
    assert status == 2 and f"offset {offset}, path a[0][0]" in err and f"(read as {encoding})" in err
    assert err.isprintable() or err[:-1].isprintable()


def test_error_places_are_escaped_and_shortened():
    from harness.cli.nbt import _describe

    text = _describe(GameError("EOFException", None, where="offset 9, path a\t\x00b.c\udc80"))
    assert text == "EOFException, at offset 9, path a\\t\\x00b.c\\udc80"
    long = _describe(GameError("EOFException", None, where="offset 9, path " + "\x01" * 5000))
    assert long.startswith("EOFException, at offset 9, path \\x01") and "chars)…" in long
    assert len(long) < 300 and long.endswith("\\x01")


# --- input size limit ------------------------------------------------------------------------

def test_input_over_max_bytes_is_refused_before_reading(capsys, tmp_path):
    big = tmp_path / "big.nbt"
    big.write_bytes(bytes(4096))
    status, out, err = run(capsys, "show", big, "--max-bytes", "4095")
    assert (status, out) == (2, "")
    assert err == f"harness nbt: {big}: 4096 bytes, over the limit of 4095 bytes (--max-bytes N to raise it)\n"
    status, _, err = run(capsys, "show", big, "--max-bytes", "4096")  # then read: a root of type End
    assert status == 2 and "Root tag must be a named compound tag, at offset 0" in err


def test_decompressed_content_over_max_bytes_is_refused(capsys):
    status, _, err = run(capsys, "show", REAL / "java-nbt/bigtest.nbt", "--max-bytes", "1000")
    assert status == 2 and "DecompressionLimitException" not in err and err.count("\n") == 1
    assert err.startswith(f"harness nbt: {REAL / 'java-nbt/bigtest.nbt'}: refused: decompresses to more than "
                          "the tools' limit of 1000 bytes (--max-bytes N to raise it), at byte ")


# --- region files ----------------------------------------------------------------------------

def _region_entries(data: bytes) -> list[tuple]:
    """(x, z, sector, sectors, length, compression id, timestamp) straight from the header bytes."""
    found = []
    for index in range(1024):
        entry, = struct.unpack_from(">I", data, 4 * index)
        if entry:
            sector = entry >> 8
            length, compression_id = struct.unpack_from(">iB", data, sector * 4096)
            found.append((index % 32, index // 32, sector, entry & 0xFF, length, compression_id,
                          struct.unpack_from(">I", data, 4096 + 4 * index)[0]))
    return found


@pytest.mark.parametrize("name", ["r.0.0.mca", "r.4.-4.mca", "1_16_5-r.-2.1.mca"])
def test_show_region_lists_its_chunks(capsys, name):
    path = REAL / "java-region" / name
    status, out, err = run(capsys, "show", path)
    assert status == 0 and err == ""
    lines = out.splitlines()
    by = "its name r.X.Z.mca" if name.startswith("r.") else "its header"
    entries = _region_entries(path.read_bytes())
    assert lines[0] == f"region file (recognised by {by})" and lines[1] == f"chunks: {len(entries)} of 1024"
    rows = [line.split() for line in lines[3:]]
    names = {1: "gzip", 2: "zlib", 3: "none"}
    assert [(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), r[5]) for r in rows] == \
        [(x, z, s, n, length, names[c]) for x, z, s, n, length, c, _ in entries]
    first_saved = datetime.datetime.fromtimestamp(entries[0][6], datetime.timezone.utc)
    assert " ".join(rows[0][6:8]) == first_saved.strftime("%Y-%m-%d %H:%M:%S")


def test_region_chunk_shows_and_diffs_as_its_inflated_nbt(capsys, tmp_path):
    path = REAL / "java-region/r.0.0.mca"
    x, z, sector, _, length, compression_id, _ = _region_entries(path.read_bytes())[0]
    assert compression_id == 2
    raw = path.read_bytes()[sector * 4096 + 5:sector * 4096 + 4 + length]
    alone = tmp_path / "chunk.nbt"
    alone.write_bytes(zlib.decompress(raw))
    inflated = zlib.decompress(raw)
    name = inflated[3:3 + int.from_bytes(inflated[1:3], "big")].decode()  # the root's name, as stored
    for pretty in ([], ["--pretty"]):
        status, out, err = run(capsys, "show", path, "--chunk", f"{x},{z}", *pretty)
        assert status == 0, err
        _, expected, _ = run(capsys, "show", alone, *pretty)
        lines = out.splitlines()
        assert lines[:3] == ["encoding: java", "compression: zlib", f'root name: "{name}"']  # as a plain file's
        assert lines[3].startswith(f"region entry: chunk {x},{z} of r.0.0.mca (sector table index {x + 32 * z}: "
                                   f"sector {sector}, ")
        assert lines[4:] == expected.splitlines()[3:]  # the same tag
        assert run(capsys, "show", f"{path}#{x},{z}", *pretty)[1] == out
    assert run(capsys, "diff", f"{path}#{x},{z}", alone)[:2] == (0, "")
    converted = tmp_path / "chunk.snbt"
    assert run(capsys, "convert", f"{path}#{x},{z}", converted, "--to", "snbt")[0] == 0
    assert run(capsys, "diff", converted, alone)[0] == 0


def test_region_recognised_by_header_and_refused_where_a_document_is_needed(capsys, tmp_path):
    copy = tmp_path / "world.bin"
    copy.write_bytes((REAL / "java-region/r.0.0.mca").read_bytes())
    status, out, _ = run(capsys, "show", copy)
    assert status == 0 and out.startswith("region file (recognised by its header)\n")
    status, _, err = run(capsys, "diff", copy, copy)
    assert status == 2 and f"name one as {copy}#X,Z" in err
    status, _, err = run(capsys, "show", copy, "--chunk", "0,0")
    assert status == 2 and "no chunk 0,0 in this region" in err
    status, _, err = run(capsys, "show", REAL / "java-nbt/hello_world.nbt", "--chunk", "0,0")
    assert status == 2 and "not a region file" in err


def test_damaged_region_lists_the_problem_and_refuses_that_chunk(capsys):
    path = REAL / "java-region/regiontest.mca"
    status, out, _ = run(capsys, "show", path)
    assert status == 0
    row = next(line for line in out.splitlines() if line.split()[:2] == ["14", "0"])
    assert "problem: Region file has invalid sector at index: 14; sector 1 overlaps with header" in row
    status, _, err = run(capsys, "show", f"{path}#14,0")
    assert status == 2 and "chunk not readable: RegionFileException" in err


# --- a closed pipe keeps the run's status ----------------------------------------------------

class _ClosedPipe(io.StringIO):
    encoding = "utf-8"

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


def test_diff_into_a_closed_pipe_still_exits_1(monkeypatch):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["nbt", "diff", str(REAL / "java-nbt/level.dat"), str(REAL / "java-nbt/1_17_1-level.dat")]) == 1
    assert main(["nbt", "show", str(REAL / "java-nbt/level.dat")]) == 0


def test_diff_into_a_closed_pipe_in_a_process_exits_1_without_a_traceback():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    try:
        done = subprocess.run([sys.executable, "-m", "harness", "nbt", "diff", REAL / "java-nbt/level.dat",
                               REAL / "java-nbt/1_17_1-level.dat"], stdout=write_end, stderr=subprocess.PIPE,
                              cwd=REPO, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (1, b"")


# --- output paths ----------------------------------------------------------------------------

def test_convert_refuses_an_unwritable_output_before_converting(capsys, tmp_path):
    source = REAL / "java-nbt/hello_world.nbt"
    targets = [(tmp_path, "is a directory"), (tmp_path / "missing" / "x.nbt", "folder"),
               (tmp_path / "fifo", "not a regular file")]
    os.mkfifo(tmp_path / "fifo")
    if Path("/proc").is_dir():
        targets.append((Path("/proc/nope.nbt"), "cannot create files in /proc"))
    for target, text in targets:
        status, out, err = run(capsys, "convert", source, target, "--to", "java")
        assert (status, out) == (2, ""), target
        assert err.startswith(f"harness nbt: {target}: ") and text in err and err.count("\n") == 1
    assert not (tmp_path / "missing").exists()


def test_an_output_in_a_symbolic_link_loop_is_named_once(capsys, tmp_path):
    loop = tmp_path / "loopA"
    loop.symlink_to(tmp_path / "loopB")
    (tmp_path / "loopB").symlink_to(loop)
    status, out, err = run(capsys, "convert", REAL / "java-nbt/hello_world.nbt", loop, "--to", "snbt")
    assert (status, out) == (2, "") and err.count(str(loop)) == 1 and err.count("\n") == 1
    assert err.startswith(f"harness nbt: {loop}: ") and "symbolic links" in err


# --- SNBT text: a byte order mark, blank files, line and column of an error ---------------------

def test_snbt_with_a_byte_order_mark_is_read_after_it_and_said_so(capsys, tmp_path):
    marked = tmp_path / "marked.snbt"
    marked.write_bytes(b"\xef\xbb\xbf{a:1b}\n")
    status, out, err = run(capsys, "show", marked)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["encoding: snbt", "compression: none"] and "root name" not in out
    assert "byte order mark" in lines[2] and lines[2].startswith("note: ") and lines[3] == "{a:1b}"
    status, _, err = run(capsys, "convert", marked, tmp_path / "o.nbt", "--to", "java")
    assert status == 0 and "byte order mark" in err
    assert nbt_io.read_file((tmp_path / "o.nbt").read_bytes(), V) == CompoundTag(a=ByteTag(1))


@pytest.mark.parametrize("data", [b"  \n ", b"\xef\xbb\xbf{a:1", b"a b"], ids=["blank", "bom-cut", "two-words"])
def test_a_file_that_could_be_text_reports_both_readings(capsys, tmp_path, data):
    path = tmp_path / "t.snbt"
    path.write_bytes(data)
    status, out, err = run(capsys, "show", path)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"harness nbt: {path}: not SNBT (CommandSyntaxException: ") and "), nor binary NBT (" in err
    assert ("byte order mark" in err) == data.startswith(b"\xef\xbb\xbf")


def test_an_empty_file_is_said_to_be_empty(capsys, tmp_path):
    path = tmp_path / "empty.nbt"
    path.write_bytes(b"")
    status, out, err = run(capsys, "show", path)
    assert (status, out, err) == (2, "", f"harness nbt: {path}: empty file (0 bytes): neither binary NBT nor SNBT text\n")


@pytest.mark.parametrize("bom, order", [(b"\xff\xfe", "little"), (b"\xfe\xff", "big")])
def test_utf16_text_is_said_to_be_utf16_not_utf8(capsys, tmp_path, bom, order):
    path = tmp_path / "u16.snbt"
    path.write_bytes(bom + "{a:1}".encode(f"utf-16-{order[0]}e"))
    status, out, err = run(capsys, "show", path)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"harness nbt: {path}: UTF-16 ({order}-endian) text (its byte order mark ") and "not UTF-8" in err


@pytest.mark.parametrize("data, offset", [(b'{a:"caf\xe9"}', 7), (b'\xef\xbb\xbf{a:"\xff"}', 7), (b"[1,\x80]", 3)],
                         ids=["latin-1", "bom", "stray"])
def test_text_that_is_not_utf8_reports_both_readings_and_the_byte(capsys, tmp_path, data, offset):
    path = tmp_path / "t.snbt"
    path.write_bytes(data)
    for argv in (["show", path], ["convert", path, tmp_path / "o.nbt", "--to", "java"]):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "") and err.count("\n") == 1, argv
        assert err.startswith(f"harness nbt: {path}: not SNBT text (not UTF-8 at byte {offset}: ")
        assert "), nor binary NBT (" in err
    assert not (tmp_path / "o.nbt").exists()


def test_snbt_error_gives_line_and_column_beside_the_games_position(capsys, tmp_path):
    # the game's position counts UTF-16 code units: each emoji is two of them, one character
    path = tmp_path / "bad.snbt"
    path.write_text('{\n  a: "\U0001F600\U0001F600",\n  b: }\n}\n', encoding="utf-8")
    for version in ("26.3", "1.20.1"):
        status, _, err = run(capsys, "show", path, "--version", version)
        assert status == 2 and " at position 20: " in err  # "}" after "b: " (2 + 6 + 4 + 3 + 5 code units)
        assert "<--[HERE]: line 3, column 6)" in err and "code unit" not in err  # the position said once


def test_an_over_long_quoted_input_is_shortened_and_its_position_said_once(capsys, tmp_path):
    # the game's NumberFormatException text "For input string: \"...\"" echoes the 100,000 digits
    path = tmp_path / "nines.snbt"
    path.write_text("{a:" + "9" * 100_000 + "L}", encoding="utf-8")
    status, out, err = run(capsys, "show", path)
    assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < 1000
    assert 'For input string: "999' in err and "…(100000 chars)…" in err
    assert err.count("100004") == 1 and "at position 100004: ...999999999L<--[HERE]: line 1, column 100005)" in err


# --- convert --to snbt: text that will not read back, dropped root names ----------------------------

def test_snbt_that_will_not_read_back_is_warned_and_refused_with_strict(capsys, tmp_path):
    # inttest1023.nbt's root holds a list under the key "": the 26.x grammar refuses an empty key
    # (recorded: snbt/p/26, {'':1} is refused), so the printed text does not parse back
    assert "error" in reference_case("26.3", "snbt/p/26")["answers"][0]
    source, out = REAL / "java-nbt/inttest1023.nbt", tmp_path / "x.snbt"
    status, _, err = run(capsys, "convert", source, out, "--to", "snbt")
    assert status == 0 and out.exists() and err.count("\n") == 1
    assert err.startswith(f"harness nbt: {out}: warning: the text will not read back: the TagParser of 26.3 refuses it: "
                          "CommandSyntaxException: ")
    position = int(err.split(" at position ")[1].split(":")[0])
    text = out.read_text()
    line, column = text[:position].count("\n") + 1, position - text.rfind("\n", 0, position)
    assert f"line {line}, column {column}" in err
    assert 'the tag has an empty key, at ""' in err
    strict = tmp_path / "y.snbt"
    status, _, err = run(capsys, "convert", source, strict, "--to", "snbt", "--strict")
    assert status == 2 and not strict.exists() and "not written (--strict)" in err and err.count("\n") == 1


def test_snbt_that_reads_back_gives_no_warning(capsys, tmp_path):
    status, _, err = run(capsys, "convert", REAL / "java-nbt/simple_player.dat", tmp_path / "p.snbt", "--to", "snbt",
                         "--strict")
    assert (status, err) == (0, "")


@pytest.mark.parametrize("target", ["snbt", "java-network"])
def test_dropping_a_root_name_is_warned(capsys, tmp_path, target):
    out = tmp_path / "o"
    status, _, err = run(capsys, "convert", REAL / "java-nbt/hello_world.nbt", out, "--to", target)
    assert status == 0 and err == f'harness nbt: {out}: warning: the root\'s name "hello world" is dropped ({target} has no root name)\n'
    status, _, err = run(capsys, "convert", REAL / "java-nbt/hello_world.nbt", tmp_path / "s", "--to", target, "--strict")
    assert status == 2 and not (tmp_path / "s").exists()
    assert run(capsys, "convert", REAL / "java-nbt/hello_world.nbt", tmp_path / "b", "--to", "bedrock")[2] == ""


def test_diff_compares_root_names(capsys, tmp_path):
    source = REAL / "java-nbt/hello_world.nbt"
    _, tag = nbt_io.read_named(source.read_bytes(), V)
    renamed = tmp_path / "renamed.nbt"
    renamed.write_bytes(nbt_io.write_named("other", tag, version=V))
    status, out, _ = run(capsys, "diff", source, renamed)
    assert status == 1
    assert '-root name: "hello world"' in out.splitlines() and '+root name: "other"' in out.splitlines()
    text = tmp_path / "h.snbt"
    run(capsys, "convert", source, text, "--to", "snbt")
    assert run(capsys, "diff", source, text)[:2] == (0, "")  # SNBT has no root name to compare


# --- options that do not apply are refused --------------------------------------------------

@pytest.mark.parametrize("target,option", [
    ("java", ["--storage-version", "3"]), ("bedrock", ["--storage-version", "3"]),
    ("snbt", ["--compression", "none"]), ("snbt", ["--compression", "gzip"]),
])
def test_convert_refuses_an_option_that_does_not_apply(capsys, tmp_path, target, option):
    out = tmp_path / "o"
    status, stdout, err = run(capsys, "convert", REAL / "java-nbt/bigtest.nbt", out, "--to", target, *option)
    assert (status, stdout) == (2, "") and not out.exists()
    assert err.startswith(f"harness nbt: {option[0]} applies to ") and err.count("\n") == 1


# --- help -------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [[], ["show"], ["convert"], ["diff"]], ids=["nbt", "show", "convert", "diff"])
def test_help_is_plain_text(capsys, argv):
    with pytest.raises(SystemExit):
        main(["nbt", *argv, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: harness nbt")
    for markup in ("::", ":func:", ":mod:", ":data:", "``"):
        assert markup not in out, markup


@pytest.mark.parametrize("version", ["1.20.1", "26.3"])
def test_snbt_that_reads_back_as_another_tag_names_the_first_difference(capsys, tmp_path, version):
    # Float.toString(NaN) + "f" is printed for a NaN float; TagParser reads NaNf back as no float
    from harness.formats.nbt.tag_parser import parse
    from harness.formats.nbt.tags import FloatTag, IntTag, ListTag

    assert not isinstance(parse("NaNf", versions.get(version)), FloatTag)
    source = tmp_path / "nan.nbt"
    tag = CompoundTag(b=IntTag(1), a=CompoundTag(x=ListTag([FloatTag(0x7FC00000)])))
    source.write_bytes(nbt_io.write_named("", tag, version=V))
    out = tmp_path / "nan.snbt"
    status, _, err = run(capsys, "convert", source, out, "--to", "snbt", "--version", version)
    assert status == 0 and "NaNf" in out.read_text()
    assert err == (f"harness nbt: {out}: warning: the text reads back as another tag with the TagParser of "
                   f"{version} (first difference at a.x[0])\n")


def test_convert_to_snbt_over_the_tools_snbt_limit_warns_it_will_not_read_back(capsys, tmp_path):
    # a byte array of 500,000 zeros prints as "0B, " 4 characters each: 2 million, over 1,500,000
    source = tmp_path / "zeros.nbt"
    source.write_bytes(b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", 500_000) + bytes(500_000) + b"\x00")
    target = tmp_path / "zeros.snbt"
    status, out, err = run(capsys, "convert", source, target, "--to", "snbt", "--max-snbt-chars", "1500000")
    assert status == 0 and out == "" and target.stat().st_size > 1_500_000
    assert err.count("\n") == 1 and "not read back to check" not in err
    assert err.startswith(f"harness nbt: {target}: warning: the file will not read back: its ")
    assert "over the tools' limit of 1500000, which harness nbt show, convert and diff refuse (--max-snbt-chars N" in err
    status, _, err = run(capsys, "show", target, "--max-snbt-chars", "1500000")
    assert status == 2 and "1500000" in err  # as it said: show refuses it
