"""The region area's answers in the engine: the clock's timestamps shown, never judged; bytes
of a region file placed in its layout; external file names checked by the vocabulary."""

from __future__ import annotations

import pytest

from harness.engine.compare import compare_case
from harness.engine.vocabulary import MalformedCase, require

CASE = {"area": "region", "setup": {}, "version": "26.3"}
REGION = "00000201" + "00" * 8188


def _files(region: str, stamps: list) -> dict:
    return {"files": {"r.0.0.mca": region}, "timestamps": stamps}


def test_timestamp_values_are_not_judged_but_which_entries_have_one_are():
    ops = [["files"]]
    assert compare_case(ops, [_files(REGION, [[0, 1764580000]])], [_files(REGION, [[0, 5]])], case=CASE) == []
    (m,) = compare_case(ops, [_files(REGION, [[0, 1764580000]])], [_files(REGION, [[1, 1764580000]])], case=CASE)
    assert m.difference.path == ("timestamps", 0)
    assert m.actual["timestamps"] == [[1, 1764580000]]  # the values are still shown


def test_a_region_byte_is_placed_in_the_sector_table():
    (m,) = compare_case([["files"]], [_files(REGION, [])], [_files("00000301" + "00" * 8188, [])], case=CASE)
    assert m.difference.offset == 2
    assert m.where == "['files'], ['r.0.0.mca'], byte 2 (sector table entry 0: chunk (0, 0), byte 2 of it)"


@pytest.mark.parametrize("external, problem", [
    ({"../r.0.0.mca": ""}, "not an external chunk file's c.<x>.<z>.mcc"),
    ({"c.1.2.mcc": "0g"}, "file c.1.2.mcc must be bytes"),
    ([], "must be a mapping of file names"),
])
def test_external_files_are_named_as_the_game_names_them(external, problem):
    with pytest.raises(MalformedCase, match=problem.replace(".", r"\.").replace("(", r"\(")):
        require("region", {"compression": 2, "region": "", "external": external}, [["files"]])


def test_a_layer_operation_needs_a_layer_first():
    with pytest.raises(MalformedCase, match="comes before 'layer_new' or 'layer_from' made the object"):
        require("region", {"compression": 2, "region": "", "external": {}}, [["layer_get", 0, 0, 0]])
    require("region", {"compression": 2, "region": "", "external": {}}, [["layer_new"], ["layer_get", 0, 0, 0]])


@pytest.mark.parametrize("ops, closes", [
    ([["write", 0, 0, "0a000000"], ["files"]], 1),
    ([["write", 0, 0, "0a000000"], ["close"], ["files"]], 1),  # the case's own close: not again
])
def test_our_region_file_is_closed_after_the_last_operation_as_the_probe_closes_the_games(monkeypatch, ops, closes):
    from harness.formats import versions
    from harness.implementations.python import region

    made, closed = [], []

    class Recorded(region.RegionFile):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

        def close(self):
            closed.append(self)
            super().close()

    monkeypatch.setattr(region, "RegionFile", Recorded)
    setup = {"compression": 2, "region": "", "external": {}}
    answers = region.run(setup, ops, versions.get("26.3"))
    assert all(not isinstance(a, dict) or "error" not in a for a in answers)
    assert len(made) == 1 and made[0].closed and closed == made * closes
