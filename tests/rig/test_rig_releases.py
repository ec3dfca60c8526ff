"""The rig on older releases' shapes of the game's API, end to end on the stand-in variants.

``legacy-1.18``: a container without ``PalettedContainerRO`` (pack and unpack through its
codec), no ``copy``/``recreate``, the named network root, no ``any`` form;
``legacy-1.20.2``: the nameless network root through the instance ``readNbt(NbtAccounter)``
/ ``writeNbt(Tag)``. The stand-in's answers are a test double's: these tests check the
plumbing and shapes, never the game's values.
"""

from __future__ import annotations

import pytest

from harness.engine.reference import load_reference, recorded_problem
from rig.runner import prepare, record

from rig_sharing import kept_for, lend_kept_workers, same_jar
from test_rig_end_to_end import harness, shape_problems

BLOCKS = {"strategy": "block_states", "registry": 40, "value": 0}
NAMED = "0a0000030001610000000100"  # a named root (name "") holding {a: 1}
NAMELESS = "0a030001610000000100"  # the same compound, nameless


def case(cid, area, setup, ops, version):
    return {"id": cid, "area": area, "version": version, "setup": setup, "ops": ops}


pytestmark = same_jar("1.18")  # the kept 1.18 worker (rig_sharing.lend_kept_workers) serves the module


@pytest.fixture(scope="module")
def runs(request, standin_jars, tmp_path_factory, kept_workers):
    """Each variant's recorded cases (``record`` into a temporary folder) and its run."""
    out = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        lend_kept_workers(kept_for(request.node), monkeypatch)
        for version, network in (("1.18", NAMED), ("1.20.2", NAMELESS)):
            jar, mappings = standin_jars.variants[version]
            cases = [
                case("palette/x/pack", "palette", BLOCKS, [
                    ["set", 0, 0, 0, 5], ["set", 1, 0, 0, 7], ["pack"], ["unpack", [5, 7, 0], None],
                    ["unpack", [5, 7], [1, 2, 3]], ["get", 0, 0, 0], ["copy"], ["recreate"], ["bits"], ["counts"],
                    ["write"]], version),
                case("palette/x/single", "palette", BLOCKS, [["pack"], ["unpack", [3], None], ["get", 1, 1, 1]], version),
                case("nbt/x/network", "nbt", {"form": "network", "input": network}, [["write_back"], ["to_string"]], version),
                case("nbt/x/any", "nbt", {"form": "any", "input": NAMELESS}, [["write_back"]], version),
                case("storage/x/fill", "storage", {"bits": 5, "size": 64},
                     [["new"], ["set", 0, 9], ["fill", 3], ["get", 0], ["longs"]], version),
            ]
            target = tmp_path_factory.mktemp(f"ref-{version}")
            folder, run = record(prepare(jar, mappings, timeout=60), cases, target)
            out[version] = (load_reference(folder), run)
    return out


def answers(ref, cid):
    return ref.by_id()[cid]["answers"]


def test_every_case_an_operation_of_which_the_jar_lacks_is_recorded_with_the_rest_answered(runs):
    for version, (ref, run) in runs.items():
        assert not run.failed, run.failed
        fill = answers(ref, "storage/x/fill")
        assert fill[2] == {"absent": "BitStorage.fill(int)"}
        assert fill[:2] == [None, None] and fill[3] == 9 and len(fill[4]) == 6  # the storage as it was
        for c in ref.cases:
            assert recorded_problem(c) is None
            assert shape_problems(dict(c, answers=[a for a in c["answers"] if "absent" not in (a if isinstance(a, dict) else {})],
                                       ops=[o for o, a in zip(c["ops"], c["answers"]) if not (isinstance(a, dict) and "absent" in a)])) == []
        assert ref.provenance["absent_operations"]["BitStorage.fill(int)"] == 1


def test_1_18_packs_and_unpacks_through_the_codec(runs):
    ref, run = runs["1.18"]
    got = answers(ref, "palette/x/pack")
    packed = got[2]
    assert packed["palette"] == [5, 7, 0] and len(packed["data"]) == 128  # the stand-in packs at 2 bits
    assert got[3] == {"error": "DataResult", "message": "Missing values for non-zero storage"}
    assert got[4]["error"] == "SimpleBitStorage.InitializationException"  # 1.18 throws it (a test double's text)
    assert got[5] == 5  # a refused unpack leaves the container
    assert got[6:8] == [{"absent": "PalettedContainer.copy()"}, {"absent": "PalettedContainer.recreate()"}]
    assert got[8] == 2 and sorted(got[9]) == [[0, 4094], [5, 1], [7, 1]]
    assert answers(ref, "palette/x/single") == [{"palette": [0], "data": None}, None, 3]


def test_1_18_writes_the_named_network_root_and_has_no_any_form(runs):
    ref, run = runs["1.18"]
    assert answers(ref, "nbt/x/network") == [NAMED, "{a:1}"]
    assert "no 'any' form" in run.skipped["nbt/x/any"]


def test_1_20_2_reads_and_writes_network_nbt_through_the_instance_methods(runs):
    ref, run = runs["1.20.2"]
    assert not run.skipped
    assert answers(ref, "nbt/x/network") == [NAMELESS, "{a:1}"]
    assert answers(ref, "nbt/x/any") == [NAMELESS]
    got = answers(ref, "palette/x/pack")  # PackedData is there: the 1.19+ calls
    assert got[4] == {"error": "DataResult", "message": "Failed to read PalettedContainer: Invalid length given for "
                                                        "storage, got: 3 but expected: 64"}
    assert got[6:8] == [None, None]


def test_record_on_1_18_reports_the_absent_operations(standin_jars, tmp_path, kept_worker):
    jar, mappings = standin_jars.variants["1.18"]
    path = tmp_path / "cases.jsonl"
    import json
    path.write_text(json.dumps(case("storage/x/fill", "storage", {"bits": 5, "size": 64},
                                    [["new"], ["fill", 3], ["get", 0]], "1.18") | {"answers": [None, None, 0]}) + "\n")
    done = harness("record", "--jar", str(jar), "--mappings", str(mappings), "--cases", str(path),
                   "--out", str(tmp_path / "ref"))
    assert done.returncode == 0, done.stderr
    assert "1 answered, 0 skipped, 0 failed" in done.stdout
    assert "absent in 1.18 (answered {\"absent\": ...}, not judged): BitStorage.fill(int) in 1 case" in done.stdout
    assert load_reference(tmp_path / "ref" / "1.18").cases[0]["answers"] == [None, {"absent": "BitStorage.fill(int)"}, 0]
