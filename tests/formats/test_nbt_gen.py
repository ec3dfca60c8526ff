"""cases/nbt/gen.py: byte-deterministic, well-formed case files, and the files in cases/nbt are current."""

from __future__ import annotations

import importlib.util

import pytest

from conftest import REPO
from helpers_casegen import generate_twice
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.formats.nbt import nbt_io

GEN = REPO / "cases" / "nbt" / "gen.py"


def _load_gen():
    spec = importlib.util.spec_from_file_location("nbt_case_gen", GEN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Two runs in separate processes with different hash seeds, and their output folders."""
    return generate_twice(GEN, tmp_path_factory, "nbtgen")


def test_two_runs_write_the_same_bytes(generated):
    a, b = generated
    names = sorted(p.name for p in a.iterdir())
    assert names == ["documents.yaml", "edges.yaml"]
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_the_committed_case_files_are_current(generated):
    for path in generated[0].iterdir():
        committed = REPO / "cases" / "nbt" / path.name
        assert committed.is_file(), f"{committed} missing: run python3 cases/nbt/gen.py"
        assert committed.read_bytes() == path.read_bytes(), f"{committed} is stale: run python3 cases/nbt/gen.py"


def test_cases_are_well_formed(generated):
    seen = set()
    for path in sorted(generated[0].iterdir()):
        for case in load_cases(path):
            assert case["id"].startswith("nbt/g/") and case["id"] not in seen, case["id"]
            seen.add(case["id"])
            assert case["area"] == "nbt"
            assert case["setup"]["form"] in ("file", "any", "network")
            bytes.fromhex(case["setup"]["input"])
            assert case["ops"] == [["write_back"], ["to_string"], ["pretty"]]
            assert all(v in versions.VERSIONS for v in case.get("versions", []))
    assert len(seen) > 150


def test_forms_follow_the_version_table(generated):
    """``any`` only where NbtIo.readAnyTag exists; network nameless/named as each version reads it."""
    for case in load_cases(generated[0] / "documents.yaml"):
        form, chosen = case["setup"]["form"], case.get("versions")
        if form == "any":
            assert chosen and all(versions.get(v).nbt.has_any_form for v in chosen)
        elif form == "network":
            named = case["id"].endswith("network-named")
            assert chosen and all(versions.get(v).nbt.network_named_root == named for v in chosen)
            data = bytes.fromhex(case["setup"]["input"])
            assert (data[1:3] == b"\x00\x00") == named  # a compound root: named "" or a first key
        else:
            assert chosen is None


def test_documents_hold_the_seed_layouts(generated):
    v = versions.get("26.3")
    cases = {c["id"]: c for c in load_cases(generated[0] / "documents.yaml")}
    group = nbt_io.read_file(bytes.fromhex(cases["nbt/g/zarith/group-nested/file"]["setup"]["input"]), v)["zarith"]
    # seed 000: 24 longs of masks per brick, 3 ints per brick, 19 raw double bits per joint
    assert len(group["Blocks"]["Masks"]) == 24 * len(group["Blocks"]["Bricks"]) // 3
    assert all(len(j["Data"]) == 19 for j in group["Joints"])
    assert group["Joints"][1].get("Other") is None  # a world pin has no Other
    # a NaN payload reaches the game in the input: the network writer kept it
    assert group["Vehicle"]["RocketFuel"].bits == 0x7FC00001
    level = nbt_io.read_file(bytes.fromhex(cases["nbt/g/infdev/chunk/file"]["setup"]["input"]), v)["Level"]
    # seed 004: 16x16x128 blocks, nibble arrays of half that, a 16x16 height map
    assert [len(level[k]) for k in ("Blocks", "Data", "SkyLight", "BlockLight", "HeightMap")] == \
        [32768, 16384, 16384, 16384, 256]
    gen = _load_gen()
    blocks = bytes(level["Blocks"].array.astype("u1"))
    for x, z in ((0, 0), (15, 0), (3, 9), (15, 15)):
        top = level["HeightMap"][x + 16 * z] - 1
        assert blocks[gen.block_index(x, top, z)] == 2 and blocks[gen.block_index(x, top + 1, z)] == 0
        assert blocks[gen.block_index(x, 0, z)] == 7
    assert gen.block_index(1, 0, 0) == 128 and gen.block_index(0, 0, 1) == 128 * 16  # seed 004's formula

