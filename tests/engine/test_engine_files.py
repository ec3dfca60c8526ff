"""Files: malformed ones refused with path and line; atomic writes leave the old file on failure."""

from __future__ import annotations

import json
import os

import pytest
from helpers_engine import recorded, write_recorded

from harness.engine import casefile, reference
from harness.engine.casefile import CaseFileError, atomic_write_bytes, load_cases
from harness.engine.reference import load_reference, read_recorded, write_reference

GOOD = recorded("26.3")["storage/p/errors"]


def test_malformed_jsonl_refused_with_path_and_line(tmp_path):
    path = write_recorded(tmp_path / "r.jsonl", [GOOD, GOOD])
    lines = path.read_text().splitlines()
    path.write_text(lines[0] + "\n" + lines[1][:-5] + "\n")
    with pytest.raises(CaseFileError, match=rf"{path}:2: not valid JSON"):
        read_recorded(path)


def test_answers_not_matching_ops_refused_with_line(tmp_path):
    bad = dict(GOOD, answers=GOOD["answers"][:-1])
    path = write_recorded(tmp_path / "r.jsonl", [GOOD, GOOD, bad])
    with pytest.raises(CaseFileError, match=rf"{path}:3: .*one answer per operation"):
        read_recorded(path)


def test_conflicting_duplicate_refused_identical_kept_once(tmp_path):
    d = tmp_path / "26.3"
    d.mkdir()
    write_recorded(d / "storage.jsonl", [GOOD, GOOD])
    assert len(load_reference(d).cases) == 1
    write_recorded(d / "storage.jsonl", [GOOD, dict(GOOD, answers=[*GOOD["answers"][:-1], [1] * 6])])
    with pytest.raises(CaseFileError, match=r"storage.jsonl:2: case storage/p/errors again"):
        load_reference(d)


def test_malformed_yaml_refused_with_path_and_line(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("area: storage\ncases:\n- id: a\n  ops: [[new]\n")
    with pytest.raises(CaseFileError, match=rf"{path}:\d+: not valid YAML"):
        load_cases(path)


def test_bad_case_in_yaml_refused_with_the_line_of_its_bad_operation(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("area: storage\ncases:\n- id: a\n  setup: {bits: 4, size: 2}\n  ops: [[new]]\n"
                    "- id: b\n  setup: {bits: 4, size: 2}\n  ops:\n  - [new]\n  - 5\n")
    with pytest.raises(CaseFileError, match=rf"{path}:10: case #2: b: operation 1 5: must be a list"):
        load_cases(path)


def test_atomic_write_interrupted_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "report.json"
    path.write_bytes(b"old")

    def fail(fd):
        raise OSError("disk gone")

    monkeypatch.setattr(casefile.os, "fsync", fail)
    with pytest.raises(OSError, match="disk gone"):
        atomic_write_bytes(path, b"new and longer")
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["report.json"]  # no temp file left behind


def test_write_reference_round_trip_and_interrupted_write_keeps_old_set(tmp_path, monkeypatch):
    d = tmp_path / "reference" / "26.3"
    cases = [recorded("26.3")[i] for i in ("storage/p/errors", "snbt/p/1")]
    write_reference(d, "26.3", cases, {"source": "test"})
    first = load_reference(d)
    assert [c["id"] for c in first.cases] == ["snbt/p/1", "storage/p/errors"]
    assert first.provenance["source"] == "test" and set(first.provenance["files_sha256"]) == {"snbt.tsv", "storage.tsv"}
    before = {p.name: p.read_bytes() for p in d.iterdir()}

    real = reference._write_synced
    calls = []

    def dies_on_second(path, data):
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(path, data)

    monkeypatch.setattr(reference, "_write_synced", dies_on_second)
    with pytest.raises(KeyboardInterrupt):
        write_reference(d, "26.3", cases[:1], {"source": "interrupted"})
    assert {p.name: p.read_bytes() for p in d.iterdir()} == before
    assert sorted(os.listdir(d.parent)) == ["26.3", "objects"]  # the half-written set was removed


def test_write_reference_refuses_a_bad_case_before_writing(tmp_path):
    d = tmp_path / "26.3"
    with pytest.raises(CaseFileError, match="one answer per operation"):
        write_reference(d, "26.3", [dict(GOOD, answers=[])], {})
    assert not d.exists()


def test_bundled_provenance_hashes_match_files():
    import hashlib

    for version in reference.bundled_versions():
        ref = load_reference(reference.BUNDLED / version)
        for name, digest in ref.provenance["files_sha256"].items():
            assert hashlib.sha256((ref.path / name).read_bytes()).hexdigest() == digest
        assert json.loads((ref.path / "PROVENANCE.json").read_text())["version"] == version


def test_write_reference_keeps_a_lone_surrogate_the_game_answered(tmp_path):
    # reference/26.3 nbt/p/raw-string-lone-high-surrogate/file: the game's to_string is {s:"\ud83d"}
    case = recorded("26.3")["nbt/p/raw-string-lone-high-surrogate/file"]
    assert "\ud83d" in case["answers"][1]
    d = tmp_path / "26.3"
    write_reference(d, "26.3", [case], {"source": "test"})
    (again,) = load_reference(d).cases
    assert again["answers"] == case["answers"]


def test_bundled_references_say_which_jvm_answered_and_cases_carry_it():
    # ../shared/recorded/FORMAT.md: OpenJDK 17 up to 1.20.4, Java 25 from 1.20.5
    from harness.engine.sources import select_items

    assert [load_reference(reference.BUNDLED / v).jvm for v in ("1.20.4", "1.20.5", "26.3")] == [17, 25, 25]
    items = select_items(["1.20.4", "26.3"], ["nbt"], "nbt/p/hello-world/file")
    assert [i.case.get("jvm") for i in items] == [17, 25]


def test_jvm_major_reads_old_and_new_version_strings():
    assert reference.jvm_major({"jvm": {"version": "25.0.2"}}) == 25
    assert reference.jvm_major({"jvm": {"version": "1.8.0_392"}}) == 8
    assert reference.jvm_major({}) is None


def test_a_recorded_case_whose_id_names_another_area_is_refused(tmp_path, capsys):
    from harness.cli import main

    path = write_recorded(tmp_path / "r.jsonl", [GOOD, dict(GOOD, id="nbt/p/errors")])
    assert main(["check", "--recorded", str(path), "--no-progress", "--quiet"]) == 2
    assert capsys.readouterr().err.strip() == (f"harness check: {path}:2: nbt/p/errors: the id names the area 'nbt', "
                                               "the case's area is 'storage'; ids are <area>/<kind>/<name>")


CASE_FILE = """area: storage
cases:
- id: storage/g/fine
  setup: {bits: 4, size: 2}
  ops: [[new]]
- id: %s
  setup: {bits: 4, size: 2}
  ops: [[new]]
"""


@pytest.mark.parametrize("second, line, message", [
    ("nbt/g/elsewhere", 6, "case #2: nbt/g/elsewhere: the id names the area 'nbt', its file's area is 'storage'"),
    ("storage/g/other\n  area: snbt", 7, "case #2: storage/g/other: the case's area is 'snbt', its file's is 'storage'"),
])
def test_a_case_file_case_of_another_area_is_refused_with_its_line(tmp_path, second, line, message):
    from harness.engine.sources import generated_cases

    path = tmp_path / "storage" / "x.yaml"
    path.parent.mkdir()
    path.write_text(CASE_FILE % second)
    with pytest.raises(CaseFileError) as e:
        generated_cases(tmp_path)
    assert str(e.value).startswith(f"{path}:{line}: {message}")  # the id's line, or the area key's


def test_a_case_file_in_another_area_s_folder_is_refused(tmp_path):
    from harness.engine.sources import generated_cases

    path = tmp_path / "nbt" / "x.yaml"
    path.parent.mkdir()
    path.write_text(CASE_FILE % "storage/g/other")
    with pytest.raises(CaseFileError, match=rf"{path}:3: case storage/g/fine is in the area 'storage', but its folder is nbt/"):
        generated_cases(tmp_path)


def test_bundled_areas_are_those_the_reference_sets_hold(tmp_path):
    (tmp_path / "26.3").mkdir()
    write_recorded(tmp_path / "26.3" / "storage.jsonl", [GOOD])
    for folder, name in (("1.20.1", "snbt.tsv"), ("objects", "stray.tsv"), (".hidden", "nbt.tsv")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / name).write_text("")  # the store's folder and a hidden one hold no reference set
    assert reference.bundled_areas(tmp_path) == ["snbt", "storage"]
    assert reference.bundled_areas() == ["nbt", "palette", "snbt", "storage"]
