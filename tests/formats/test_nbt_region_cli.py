"""``harness nbt show`` of region files: every damaged entry's problem in the list, a chunk's
header lines, chunk coordinates (negative, world, out of range), options that do not apply."""

from __future__ import annotations

import re
import shutil
import struct
import zlib

import pytest

from conftest import REPO
from helpers_cli import run_nbt as run
from harness.cli import main
from harness.formats import versions
from harness.formats.region import RegionFile, stored_position
from test_nbt_real_files import REGIONTEST_MISPLACED, REGIONTEST_REFUSED

REAL = REPO / "tests" / "data" / "real"
REGIONTEST = REAL / "java-region/regiontest.mca"
V = versions.get("26.3")


def _rows(out: str) -> dict[tuple[int, int], str]:
    """The listing's rows by (x, z)."""
    return {(int(line.split()[0]), int(line.split()[1])): line for line in out.splitlines()[3:]}


def test_listing_names_the_problem_of_every_entry_the_game_cannot_load(capsys):
    status, out, err = run(capsys, "show", REGIONTEST)
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == f"chunks: 21 of 1024; {len(REGIONTEST_REFUSED)} the game cannot load"
    rows = _rows(out)
    assert len(rows) == 21
    for (x, z), row in rows.items():
        index = x + 32 * z
        if index in REGIONTEST_REFUSED:
            assert "  problem: " in row and REGIONTEST_REFUSED[index] in row.split("  problem: ")[1], row
        else:
            assert "problem" not in row, row
    # among them the ones the sector table alone does not show (compression id 0, bad zlib,
    # length 0, a cut stream, payloads that are no NBT)
    for place in [(2, 0), (3, 0), (4, 1), (3, 1), (8, 1), (11, 0), (5, 1)]:
        assert "problem: " in rows[place]


def test_listing_notes_a_chunk_stored_at_another_place(capsys):
    rows = _rows(run(capsys, "show", REGIONTEST)[1])
    for index, (x, z) in REGIONTEST_MISPLACED.items():
        row = rows[(index % 32, index // 32)]
        assert "problem" not in row and f"note: holds world chunk {x}," in row and f"in a region is {x},{z}" in row


def test_a_save_time_of_0_shows_as_a_dash(capsys):
    data = REGIONTEST.read_bytes()
    never = [i for i in range(1024) if struct.unpack_from(">I", data, 4 * i)[0]
             and struct.unpack_from(">I", data, 4096 + 4 * i)[0] == 0]
    assert never == [39]  # chunk 7,1
    rows = _rows(run(capsys, "show", REGIONTEST)[1])
    assert re.search(r" zlib +- +note: ", rows[(7, 1)])
    assert all(re.search(r"  20\d\d-\d\d-\d\d \d\d:\d\d:\d\d", row) for place, row in rows.items() if place != (7, 1))


def test_read_chunk_named_gives_the_stored_root_name_and_position():
    data = (REAL / "java-region/r.0.0.mca").read_bytes()
    region = RegionFile(data)
    loc = region.locations[0]
    name, tag, problem = region.read_chunk_named(loc, V)
    start = loc.sector * 4096
    inflated = zlib.decompress(data[start + 5:start + 4 + struct.unpack_from(">i", data, start)[0]])
    assert name == inflated[3:3 + int.from_bytes(inflated[1:3], "big")].decode() and problem is None
    assert stored_position(tag) == (int(tag["Level"]["xPos"]), int(tag["Level"]["zPos"])) == (loc.x, loc.z)


# --- one chunk --------------------------------------------------------------------------------

@pytest.fixture
def west_region(tmp_path):
    """r.0.0.mca (one chunk, at 1,3) under the name of region -1,2: world chunk -31,67."""
    path = tmp_path / "r.-1.2.mca"
    shutil.copyfile(REAL / "java-region/r.0.0.mca", path)
    return path


@pytest.mark.parametrize("form", [["--chunk", "-31,67"], ["--chunk=-31,67"], ["--", "-31,67"], ["-31,67"],
                                  ["--chunk", "1,3"], ["1,3"], "#-31,67", "#1,3"],
                         ids=["option", "option=", "after --", "after the file", "local", "local after the file",
                              "file#world", "file#local"])
def test_a_chunk_by_negative_world_or_local_coordinates(capsys, west_region, form):
    argv = [f"{west_region}{form}"] if isinstance(form, str) else [west_region, *form]
    status, out, err = run(capsys, "show", *argv)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == ["encoding: java", "compression: zlib", 'root name: ""']
    assert lines[3].startswith("region entry: chunk 1,3 of r.-1.2.mca (sector table index 97: sector 2, 2 sectors; saved 20")


@pytest.mark.parametrize("chunk,text", [("40,0", "world chunk 40,0 is in r.1.0.mca"),
                                        ("-1,-1", "world chunk -1,-1 is in r.-1.-1.mca"),
                                        ("-31,64", "no chunk 1,0 (world chunk -31,64) in this region")])
def test_a_chunk_outside_the_region_is_refused_in_one_line(capsys, west_region, chunk, text):
    status, out, err = run(capsys, "show", west_region, f"--chunk={chunk}")
    assert (status, out) == (2, "") and text in err and err.count("\n") == 1


def test_world_coordinates_need_the_region_name(capsys, tmp_path):
    path = tmp_path / "world.bin"
    shutil.copyfile(REAL / "java-region/r.0.0.mca", path)
    status, _, err = run(capsys, "show", path, "--chunk", "-1,0")
    assert status == 2 and "0..31" in err and "need the file's name r.X.Z.mca" in err and err.count("\n") == 1


def test_pretty_on_a_chunk_list_is_refused(capsys):
    status, out, err = run(capsys, "show", REGIONTEST, "--pretty")
    assert (status, out) == (2, "") and "--pretty applies to a tag" in err and err.count("\n") == 1


def test_a_region_of_one_chunk_is_named_in_the_singular(capsys):
    path = REAL / "java-region/r.0.0.mca"
    status, _, err = run(capsys, "diff", path, path)
    assert status == 2 and f"a region file of 1 chunk; name one as {path}#X,Z" in err
    status, _, err = run(capsys, "diff", REGIONTEST, REGIONTEST)
    assert "a region file of 21 chunks;" in err


def test_chunks_this_reader_cannot_read_are_not_counted_as_damage(capsys, tmp_path):
    # custom compression (id 127, 1.20.5+; GAME_FACTS 3.1), a mod's codec, and a stream over --max-bytes
    data = bytearray((REAL / "java-region/r.0.0.mca").read_bytes())
    sector = int.from_bytes(data[97 * 4:97 * 4 + 3], "big")  # chunk 1,3: the only one
    region = tmp_path / "r.0.0.mca"
    status, out, _ = run(capsys, "show", REAL / "java-region/r.0.0.mca", "--max-bytes", "20000")
    assert status == 0 and out.splitlines()[1] == "chunks: 1 of 1024; 1 not checked (as its row says)"
    assert "note: not checked: decompresses to more than the tools' limit of 20000 bytes " in _rows(out)[(1, 3)] and "(--max-bytes N to raise it)" in _rows(out)[(1, 3)]
    data[sector * 4096 + 4] = 127
    region.write_bytes(bytes(data))
    status, out, _ = run(capsys, "show", region)
    assert status == 0 and out.splitlines()[1] == "chunks: 1 of 1024; 1 not checked (as its row says)"
    assert "note: not checked: Chunk [1, 3] uses custom compression (id 127)" in _rows(out)[(1, 3)]
    data[sector * 4096 + 4] = 5  # no compression id at all: the game cannot load it
    region.write_bytes(bytes(data))
    status, out, _ = run(capsys, "show", region)
    assert out.splitlines()[1] == "chunks: 1 of 1024; 1 the game cannot load"
    assert "problem: Chunk [1, 3] has invalid chunk stream version 5" in _rows(out)[(1, 3)]


def test_show_reads_lz4_and_external_chunks_beside_the_region(capsys, tmp_path):
    # a region written by our RegionFile as the game writes one: an LZ4 chunk (id 4, 1.20.5+)
    # and a chunk of 256 sectors in c.-31.33.mcc (world chunk coordinates, beside r.-1.1.mca)
    region = RegionFile(b"", truncated_ok=True, version=4, clock=lambda: 1)
    small = bytes.fromhex("0a000003000178000000070000")  # {x: 7}
    region.write(-32, 32, small)
    region.version = 3
    big = b"\x0a\x00\x00\x07\x00\x01b" + struct.pack(">i", 256 * 4096) + bytes(256 * 4096) + b"\x00"
    region.write(-31, 33, big)
    region.close()
    (tmp_path / "r.-1.1.mca").write_bytes(region.data)
    (tmp_path / "c.-31.33.mcc").write_bytes(region.external["c.-31.33.mcc"])
    status, out, err = run(capsys, "show", tmp_path / "r.-1.1.mca")
    assert (status, err) == (0, "")
    rows = _rows(out)
    assert "LZ4" in rows[(0, 0)] and "external none" in rows[(1, 1)] and "problem" not in out
    status, out, err = run(capsys, "show", f"{tmp_path / 'r.-1.1.mca'}#0,0")
    assert status == 0 and "{x:7}" in out and "LZ4 in the region file" in out + err
    status, out, err = run(capsys, "show", f"{tmp_path / 'r.-1.1.mca'}#1,1")
    assert status == 0 and "stored in c.-31.33.mcc" in out + err
    (tmp_path / "c.-31.33.mcc").unlink()
    status, out, err = run(capsys, "show", tmp_path / "r.-1.1.mca")
    assert "problem: External chunk path c.-31.33.mcc is not file" in _rows(out)[(1, 1)]


def test_a_damaged_copy_is_read_as_a_region_file_by_its_mca_ending(tmp_path, capsys):
    """A region file whose table lies, under a name that is not r.X.Z.mca (a backup, a copy): its
    `.mca` ending says what it is, so the game's reason is given, not "not NBT"."""
    data = bytearray((REAL / "java-region/r.0.0.mca").read_bytes())
    data[0:4] = struct.pack(">I", 9999 << 8 | 1)  # chunk 0,0 at sector 9999, past the file's end
    path = tmp_path / "r.0.0.backup.mca"
    path.write_bytes(bytes(data))
    assert main(["nbt", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("region file (recognised by its name's .mca)\nchunks: 2 of 1024; 1 the game cannot load")
    assert "Region file has an invalid sector at index: 0; sector 9999 is out of bounds" in out
    assert main(["nbt", "show", f"{path}#1,3"]) == 0  # the other chunk reads


def test_a_region_recognised_by_its_header_is_opened_once(tmp_path, capsys, monkeypatch):
    """Detection hands back the RegionFile it opened; `show` lists that one, not a second."""
    from harness.formats.region import region_file

    path = tmp_path / "world.bin"  # no region name: only its header says what it is
    shutil.copyfile(REAL / "java-region/r.0.0.mca", path)
    opened = []
    real_init = region_file.RegionFile.__init__

    def counting_init(self, *args, **kwargs):
        opened.append(self)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(region_file.RegionFile, "__init__", counting_init)
    assert region_file.looks_like_region(path.read_bytes()).locations == RegionFile(path.read_bytes()).locations
    assert region_file.looks_like_region(b"\x0a" + bytes(8191)) is None  # NBT's compound root: no region
    opened.clear()
    assert main(["nbt", "show", str(path)]) == 0
    assert capsys.readouterr().out.startswith("region file (recognised by its header)\nchunks: 1 of 1024")
    assert len(opened) == 1


def test_a_region_file_shorter_than_its_header_is_listed_as_the_game_opens_it(capsys, tmp_path):
    # the game's RegionFile reads such a header as far as it goes and warns "has truncated header"
    path = tmp_path / "r.0.0.mca"
    path.write_bytes((REAL / "java-region/r.0.0.mca").read_bytes()[:5000])
    status, out, err = run(capsys, "show", path)
    lines = out.splitlines()
    assert lines[1].startswith("note: Region file has truncated header: 5000 (the game")
    assert lines[2] == "chunks: 1 of 1024; 1 the game cannot load"
    assert (status, err) == (2, f"harness nbt: {path}: no chunk could be read (1 chunk present, none the game can "
                                "load); the first, chunk 1,3: Region file has an invalid sector at index: 97; "
                                "sector 2 is out of bounds\n")  # its only chunk: nothing loads
    assert "problem: Region file has an invalid sector at index: 97; sector 2 is out of bounds" in out


@pytest.mark.parametrize("size", [0, 8192])
def test_a_region_that_holds_no_chunk_says_so_without_a_table(capsys, tmp_path, size):
    # an empty file is a new region to the game, and a header of zeros places no chunk
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(bytes(size))
    status, out, err = run(capsys, "show", path)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["region file (recognised by its name r.X.Z.mca)", "chunks: 0 of 1024: the region holds no chunk"]


def test_a_region_where_no_chunk_loads_fails_naming_the_first_reason(capsys, tmp_path):
    # two chunks, neither loadable (compression id 9, then a zlib stream that is no zlib); one
    # loadable chunk beside a damaged one keeps the status 0 (regiontest.mca above)
    table = bytearray(8192)
    struct.pack_into(">I", table, 0, 2 << 8 | 1)
    struct.pack_into(">I", table, 4, 3 << 8 | 1)
    sectors = [struct.pack(">IB", 2, 9).ljust(4096, b"\0"), struct.pack(">IB", 3, 2) + b"xx".ljust(4091, b"\0")]
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(bytes(table) + b"".join(sectors))
    status, out, err = run(capsys, "show", path)
    assert status == 2 and out.splitlines()[1] == "chunks: 2 of 1024; 2 the game cannot load"
    assert err.startswith(f"harness nbt: {path}: no chunk could be read (2 chunks present, none the game can load); "
                          "the first, chunk 0,0: ") and err.count("\n") == 1
    assert err.split("chunk 0,0: ")[1].rstrip() in _rows(out)[(0, 0)]
