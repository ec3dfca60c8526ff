"""The load cache (harness.engine.load_cache): what was read and checked once is not read
again, a changed or damaged input is read and checked again, a damaged entry is a miss."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_cli import run_forked

from harness.engine import casefile, load_cache
from harness.engine import reference_store as store
from harness.engine.casefile import CaseFileError, dump_cases, load_cases
from harness.engine.reference import load_reference, write_reference
from harness.engine.sources import select_items

REPO = Path(__file__).resolve().parents[2]
CASE = {"id": "storage/x", "area": "storage", "setup": {"bits": 4, "size": 2}, "ops": [["new"], ["get", 1]]}


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(load_cache.CACHE_ENV, str(folder))
    return folder


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / load_cache.LOADED).glob("*"))


def test_an_entry_is_kept_per_slot_and_key_and_a_damaged_one_is_a_miss(cache):
    load_cache.put("k", "slot", b"key", {"a": [1, None, "x"]})
    assert load_cache.get("k", "slot", b"key") == {"a": [1, None, "x"]}
    assert load_cache.get("k", "slot", b"other") is None and load_cache.get("k", "other slot", b"key") is None
    [entry] = _entries(cache)
    data = bytearray(entry.read_bytes())
    data[-1] ^= 1
    entry.write_bytes(bytes(data))
    assert load_cache.get("k", "slot", b"key") is None  # the payload no longer hashes to its header
    entry.write_bytes(entry.read_bytes()[:20])
    assert load_cache.get("k", "slot", b"key") is None
    load_cache.put("k", "another slot", b"key", object())  # not plain data: nothing is kept
    assert load_cache.get("k", "another slot", b"key") is None


def test_an_entry_is_written_whole_without_an_fsync_and_an_empty_one_is_a_miss(cache, tmp_path, monkeypatch):
    from harness.engine import outputs

    synced = []
    real = os.fsync
    monkeypatch.setattr(outputs.os, "fsync", lambda fd: synced.append(fd) or real(fd))
    load_cache.put("k", "slot", b"key", [1, 2])
    assert synced == [] and load_cache.get("k", "slot", b"key") == [1, 2]
    [entry] = _entries(cache)
    entry.write_bytes(b"")  # what a system crash may leave of an entry never fsynced
    assert load_cache.get("k", "slot", b"key") is None
    outputs.atomic_write_bytes(tmp_path / "report.json", b"{}")  # what the harness writes for users: fsynced
    assert len(synced) == 2  # the file, then its folder


def test_an_entry_made_by_other_checking_code_is_a_miss(cache, monkeypatch):
    load_cache.put("k", "slot", b"key", [1])
    monkeypatch.setattr(load_cache, "_code_key", b"other code")
    assert load_cache.get("k", "slot", b"key") is None


def test_a_cache_folder_that_cannot_be_written_keeps_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv(load_cache.CACHE_ENV, str(blocker / "cache"))
    load_cache.put("k", "slot", b"key", [1])
    assert load_cache.get("k", "slot", b"key") is None


def test_the_folder_follows_the_environment(monkeypatch):
    monkeypatch.delenv(load_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert load_cache.cache_root() == Path("/somewhere/cache/mc-format-harness")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # not absolute: ignored, as the XDG spec says
    assert load_cache.cache_root() == Path.home() / ".cache" / "mc-format-harness"


def test_a_case_file_is_parsed_once_and_again_when_its_bytes_change(cache, tmp_path, monkeypatch):
    path = tmp_path / "cases.yaml"
    dump_cases(path, "storage", "test", [CASE])
    first = load_cases(path)
    assert [c["id"] for c in first] == ["storage/x"] and len(_entries(cache)) == 1

    def no_parse(*args):
        raise AssertionError("parsed again")

    with monkeypatch.context() as m:
        m.setattr(casefile, "_parse_yaml", no_parse)
        again = load_cases(path)
    assert again == first and again is not first
    again[0]["ops"].append(["get", 0])  # each load is a fresh copy
    assert load_cases(path) == first

    path.write_text(path.read_text().replace("[get, 1]", "[get, 1, 2, 3]"))
    with pytest.raises(CaseFileError, match=r"cases\.yaml:\d+: case #1: storage/x: "):
        load_cases(path)  # the same strict checks on the changed bytes


def test_a_damaged_case_entry_is_rebuilt(cache, tmp_path):
    path = tmp_path / "cases.yaml"
    dump_cases(path, "storage", "test", [CASE])
    first = load_cases(path)
    [entry] = _entries(cache)
    entry.write_bytes(b"garbage")
    assert load_cases(path) == first
    assert load_cache.get("cases", str(path.resolve()), hashlib.sha256(path.read_bytes()).digest()) == first


def _store(tmp_path) -> Path:
    write_reference(tmp_path / "ref" / "26.3", "26.3", [dict(CASE, answers=[None, 0])], {"source": "test"})
    return tmp_path / "ref"


def _fresh_process(monkeypatch):
    """As a new process sees the store: no ledger and no parsed object in memory."""
    monkeypatch.setattr(store, "_ledgers", {})
    monkeypatch.setattr(store, "_cache", {})


def test_the_ledger_vouches_for_objects_read_before_and_not_for_changed_ones(cache, tmp_path, monkeypatch):
    root = _store(tmp_path)
    monkeypatch.setattr(store, "RACY_NS", 0)
    assert load_reference(root / "26.3").cases[0]["answers"] == [None, 0]
    _fresh_process(monkeypatch)
    reads = []
    real = store.get_object
    monkeypatch.setattr(store, "get_object", lambda *a: reads.append(a) or real(*a))
    ref = load_reference(root / "26.3", lazy=True)
    assert reads == [] and ref.cases.summary(0) == ("storage/x", "storage", 0)
    assert ref.cases[0]["answers"] == [None, 0] and len(reads) == 1  # read when asked for

    [obj] = (root / "objects" / "storage").iterdir()
    obj.write_bytes(obj.read_bytes().replace(b'"get",1', b'"get",2'))  # same size, other bytes
    _fresh_process(monkeypatch)
    with pytest.raises(CaseFileError, match="damaged: its text does not hash to its name"):
        load_reference(root / "26.3", lazy=True)


def test_a_just_written_object_is_vouched_for_in_this_process_only(cache, tmp_path, monkeypatch):
    root = _store(tmp_path)
    load_reference(root / "26.3")
    assert store.ledger(root).facts("storage", store.object_hash(store.object_text(CASE | {"answers": [None, 0]})))
    _fresh_process(monkeypatch)  # its change time is within RACY_NS: a later change might not show
    [obj] = (root / "objects" / "storage").iterdir()
    assert store.ledger(root).facts("storage", obj.name.split(".")[0]) is None


def test_selected_items_are_made_when_asked_for_and_keep_their_order(cache):
    items = select_items(["26.3"], ["storage"])
    assert not items._made and len(items) > 300
    first, last = items[0], items[-1]
    assert items[0] is first and list(items)[-1] is last
    assert [i.key for i in items[:3]] == [i.key for i in list(items)[:3]]
    assert first.case["version"] == "26.3" and first.expected is not None


def _harness(cache: Path, *argv: str) -> subprocess.CompletedProcess:
    """``harness ARGV`` with the load cache in ``cache``, in a child forked from this process that
    sees the store as a new process does (:func:`_fresh_process`: no ledger and no parsed object
    in memory; its patches never undone: the child ends), its output as text."""
    done = run_forked(list(argv), env={load_cache.CACHE_ENV: str(cache)},
                      before=lambda: _fresh_process(pytest.MonkeyPatch()), timeout=300)
    return subprocess.CompletedProcess(argv, done.returncode, done.stdout.decode(), done.stderr.decode())


def test_check_answers_the_same_from_an_empty_a_kept_and_a_damaged_cache(tmp_path):
    cache = tmp_path / "cache"
    argv = ("check", "--version", "26.3", "--area", "storage", "--no-progress", "--quiet")
    cold = _harness(cache, *argv)
    assert cold.returncode == 0, cold.stderr
    assert any(p.name.startswith("store-") for p in _entries(cache))  # the ledger of reference/objects
    warm = _harness(cache, *argv)
    for entry in _entries(cache):
        entry.write_bytes(entry.read_bytes()[:-7] + b"damaged")
    damaged = _harness(cache, *argv)
    assert cold.stdout.splitlines()[-1] == warm.stdout.splitlines()[-1] == damaged.stdout.splitlines()[-1]
    assert damaged.returncode == 0 and damaged.stderr == ""


def test_version_does_not_import_the_engine():
    code = ("import sys\nfrom harness.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit as e:\n"
            "    print(e.code, sorted(m for m in sys.modules if m.startswith(('harness.engine', 'numpy', 'yaml'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
    assert done.stdout.startswith("harness ")


def test_the_version_table_is_in_release_order():
    from harness.engine.reference import version_key
    from harness.formats.versions import VERSIONS

    assert list(VERSIONS) == sorted(VERSIONS, key=version_key)  # --version lists it as it is

