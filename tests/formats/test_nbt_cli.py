"""``harness nbt show|convert|diff`` on the real files, through ``harness.cli.main``."""

from __future__ import annotations

import pytest

from conftest import REPO, reference_case
from harness.cli import main
from harness.formats import versions
from harness.formats.nbt import compression, nbt_io
from harness.formats.nbt.detect import open_nbt

REAL = REPO / "tests" / "data" / "real"
V = versions.get("26.3")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["nbt", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


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
    assert doc.encoding == encoding and doc.compression == "gzip"  # the input's compression kept
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
