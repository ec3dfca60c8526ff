"""cases/nbt/gen.py: well-formed case files in cases/nbt holding the seeds' layouts."""

from __future__ import annotations

import importlib.util

import pytest

from conftest import REPO
from harness.engine.casefile import load_cases
from harness.formats import versions
from harness.formats.nbt import nbt_io

GEN = REPO / "cases" / "nbt" / "gen.py"


def _load_gen():
    spec = importlib.util.spec_from_file_location("nbt_case_gen", GEN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASE_DIR = REPO / "cases" / "nbt"  # current and deterministic: tests/engine/test_engine_generators.py


def test_cases_are_well_formed():
    seen = set()
    for path in sorted(CASE_DIR.glob("*.yaml")):
        for case in load_cases(path):
            assert case["id"].startswith("nbt/g/") and case["id"] not in seen, case["id"]
            seen.add(case["id"])
            assert case["area"] == "nbt"
            assert case["setup"]["form"] in ("file", "any", "network")
            bytes.fromhex(case["setup"]["input"])
            assert case["ops"] == [["write_back"], ["to_string"], ["pretty"]]
            assert all(v in versions.VERSIONS for v in case.get("versions", []))
    assert len(seen) > 150


@pytest.mark.parametrize("name", ["documents.yaml", "edges.yaml"])
def test_forms_follow_the_version_table(name):
    """``any`` exactly where NbtIo.readAnyTag exists; a named network root exactly where the
    network form reads one; every other case (file, nameless network) on every release."""
    for case in load_cases(CASE_DIR / name):
        form, chosen = case["setup"]["form"], case.get("versions")
        data = bytes.fromhex(case["setup"]["input"])
        if form == "any":
            assert chosen == [v.id for v in versions.VERSIONS.values() if v.nbt.has_any_form]
        elif form == "network" and case["id"].endswith("/network-named"):
            assert chosen == [v.id for v in versions.VERSIONS.values() if v.nbt.network_named_root]
            assert data[1:3] == b"\x00\x00"  # a compound root named ""
        else:
            assert chosen is None, case["id"]


def test_documents_hold_the_seed_layouts():
    v = versions.get("26.3")
    cases = {c["id"]: c for c in load_cases(CASE_DIR / "documents.yaml")}
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

