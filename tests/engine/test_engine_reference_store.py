"""The reference store: each distinct recorded case once, each release an index of them."""

from __future__ import annotations

import gzip
import json
import sys

from helpers_engine import recorded

from harness.engine import reference_store as store
from harness.engine.recorded_import import import_sets
from harness.engine.reference import BUNDLED, load_reference, read_recorded, recorded_line, write_reference


def _files(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_two_releases_share_their_equal_cases_and_a_rerecording_touches_only_its_own_files(tmp_path):
    same, changed = recorded("26.3")["storage/p/fill-3"], recorded("26.3")["snbt/p/1"]
    write_reference(tmp_path / "26.2", "26.2", [same, changed], {"source": "a"})
    write_reference(tmp_path / "26.3", "26.3", [same, changed], {"source": "b"})
    assert len(list(tmp_path.glob("objects/*/*.json*"))) == 2  # stored once for both releases
    before = _files(tmp_path)
    other = dict(changed, answers=[{"error": "X", "message": "y"}] * len(changed["ops"]))
    write_reference(tmp_path / "26.3", "26.3", [same, other], {"source": "b"})
    after = _files(tmp_path)
    touched = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
    assert all(name.startswith("26.3/") or name.startswith("objects/snbt/") for name in touched)
    assert not any(name.startswith("26.2/") for name in touched)
    assert load_reference(tmp_path / "26.2").by_id()["snbt/p/1"]["answers"] == changed["answers"]
    assert load_reference(tmp_path / "26.3").by_id()["snbt/p/1"]["answers"] == other["answers"]
    write_reference(tmp_path / "26.2", "26.2", [same], {"source": "a"})
    # the old snbt/p/1 answers are named by no index any more: removed
    assert len(list(tmp_path.glob("objects/snbt/*"))) == 1


def test_a_large_case_is_stored_gzipped_and_read_back(tmp_path):
    case = recorded("26.3")["storage/p/fill-3"]
    big = dict(case, id="storage/x", answers=[None] * (len(case["ops"]) - 1) + ["ab" * 20_000])
    big["ops"] = case["ops"]
    digest = store.put_object(tmp_path, big)
    path = store.object_path(tmp_path, "storage", digest)
    assert path.name.endswith(".json.gz")
    assert json.loads(gzip.decompress(path.read_bytes()))["answers"][-1] == "ab" * 20_000


def test_import_renames_an_id_recorded_with_other_operations(tmp_path):
    a = dict(recorded("26.3")["storage/p/errors"], version="1.20.1")
    a["ops"] = a["ops"][:5] + a["ops"][6:]
    a["answers"] = a["answers"][:5] + a["answers"][6:]
    b = recorded("26.3")["storage/p/errors"]
    for version, case in (("1.20.1", a), ("26.3", b)):
        (tmp_path / "in" / version).mkdir(parents=True)
        (tmp_path / "in" / version / "storage.jsonl.gz").write_bytes(
            gzip.compress((recorded_line(dict(case, version=version)) + "\n").encode()))
    lines = import_sets([tmp_path / "in" / "1.20.1", tmp_path / "in" / "26.3"], tmp_path / "ref")
    assert lines == ["1.20.1: 1 cases, 1 renamed", "26.3: 1 cases"]
    old = load_reference(tmp_path / "ref" / "1.20.1")
    assert [c["id"] for c in old.cases] == ["storage/p/errors~1.20.1"]
    assert "storage/p/errors" in old.provenance["renamed"]
    assert [c["id"] for c in load_reference(tmp_path / "ref" / "26.3").cases] == ["storage/p/errors"]


def test_recorded_files_are_read_plain_or_gzipped(tmp_path):
    case = dict(recorded("26.3")["storage/p/errors"], version="26.3")
    (tmp_path / "r.jsonl.gz").write_bytes(gzip.compress((recorded_line(case) + "\n").encode()))
    [got] = read_recorded(tmp_path / "r.jsonl.gz")
    assert got["answers"] == case["answers"]


def test_one_command_shows_one_recorded_case(capsys):
    from harness.cli import main

    status = main(["reference", "show", "1.20.1", "nbt/p/list-depth-513/file"])
    out, err = capsys.readouterr()
    assert status == 0, err
    shown = json.loads(out)
    # 1.20.1's accounter refuses depth 513 with a RuntimeException (1.20.2 on: NbtAccounterException)
    assert shown["answers"][0]["error"] == "RuntimeException"


def test_the_bundled_references_stay_small():
    size = sum(p.stat().st_size for p in BUNDLED.rglob("*") if p.is_file())
    assert size < 40 * 2**20


def test_a_damaged_object_is_refused_naming_the_index_line_and_the_object(tmp_path, capsys):
    from harness.engine.casefile import CaseFileError
    import pytest

    case = recorded("26.3")["storage/p/fill-3"]
    write_reference(tmp_path / "26.3", "26.3", [case], {})
    [path] = tmp_path.glob("objects/storage/*.json")
    path.write_text(path.read_text().replace('"fill"', '"fil1"'))  # one answer edited by hand
    store._cache.clear()
    with pytest.raises(CaseFileError, match=r"storage.tsv:1: case storage/p/fill-3: .*damaged: its text does not hash"):
        load_reference(tmp_path / "26.3")
    path.write_bytes(gzip.compress(b"x" * 10)[:12])
    path.rename(path.with_name(path.name + ".gz"))
    store._cache.clear()
    with pytest.raises(CaseFileError, match=r"damaged: "):
        load_reference(tmp_path / "26.3")
    gz = path.with_name(path.name + ".gz")
    gz.unlink()
    gz.mkdir()  # a folder where the object should be
    store._cache.clear()
    with pytest.raises(CaseFileError, match=r"storage.tsv:1: case storage/p/fill-3: .*\.json\.gz: damaged: a folder, not a file"):
        load_reference(tmp_path / "26.3")


def test_an_index_listing_a_case_twice_is_refused(tmp_path):
    from harness.engine.casefile import CaseFileError
    import pytest

    write_reference(tmp_path / "26.3", "26.3", [recorded("26.3")["storage/p/fill-3"]], {})
    index = tmp_path / "26.3" / "storage.tsv"
    index.write_text(index.read_text() * 2)
    with pytest.raises(CaseFileError, match=r"storage.tsv:2: case storage/p/fill-3 is listed again \(first at line 1\)"):
        load_reference(tmp_path / "26.3")
