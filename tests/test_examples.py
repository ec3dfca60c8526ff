"""The example adapters of examples/: storage in full, every other area declined.

Each runs through `harness check --impl` on the bundled 26.3 reference's cases: the storage
area must pass whole (with and without --longs-as-strings), the other areas be reported
unsupported (partial), never failed. An adapter declines every operation of another area
the same way, whatever the case: that is shown on a few cases of each (:func:`_declined`,
the longest among them), not on all 1,193.
"""

from __future__ import annotations

import json
import shutil
import sys
from functools import lru_cache

import pytest
from conftest import REPO, reference_cases

from harness.cli import main

EXAMPLES = REPO / "examples"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (./setup.sh installs nodejs with apt-get "
                                                     "where it can); the JavaScript example needs it")


@lru_cache(maxsize=None)
def _declined(area: str) -> list[dict]:
    """The cases of ``area`` an adapter is shown to decline: its first five of 26.3, its longest
    (the largest line an adapter reads: an nbt case of about 1 MB) and, for nbt, root-end/any."""
    cases = reference_cases("26.3", area)
    longest = max(cases, key=lambda c: len(json.dumps(c)))
    return [c for c in cases if c in cases[:5] or c is longest or c["id"] == "nbt/p/root-end/any"]


@pytest.fixture(scope="module")
def storage_and_some_declined(tmp_path_factory):
    """A recorded file: every storage case of the bundled 26.3 reference and :func:`_declined`'s
    of each other area, as recorded."""
    path = tmp_path_factory.mktemp("examples") / "26.3.jsonl"
    cases = reference_cases("26.3", "storage") + [c for a in ("nbt", "snbt", "palette") for c in _declined(a)]
    keys = ("id", "area", "version", "setup", "ops", "answers")
    path.write_text("".join(json.dumps({k: c[k] for k in keys}) + "\n" for c in cases), encoding="utf-8")
    return str(path)


def _check(capsys, tmp_path, impl: str, *argv: str) -> tuple[int, dict, str]:
    report = tmp_path / "r.json"
    status = main(["check", "--no-progress", "--impl", impl, "--json", str(report), *argv])
    out = capsys.readouterr().out
    return status, json.loads(report.read_text()), out


def _assert_storage_whole_rest_unsupported(doc):
    storage = len(reference_cases("26.3", "storage"))
    assert {a: sum(c["area"] == a for c in doc["cases"]) for a in ("nbt", "snbt", "palette")} == \
        {a: len(_declined(a)) for a in ("nbt", "snbt", "palette")}
    by_area: dict[str, set] = {}
    for c in doc["cases"]:
        by_area.setdefault(c["area"], set()).add(c["status"])
    assert by_area["storage"] == {"passed"} and doc["summary"]["passed"] == storage
    assert doc["summary"]["failed"] == 0
    for area in ("nbt", "snbt", "palette"):
        assert by_area[area] <= {"partial", "unverified"}, area
    assert doc["summary"]["unsupported"] == len(doc["cases"]) - storage - doc["summary"]["unverified"]
    get = next(c for c in doc["cases"] if c["id"] == "nbt/p/root-end/any")
    assert get["unsupported"][0] == {"index": 0, "op": ["write_back"],
                                     "reason": "this adapter does only storage, not nbt"}


def test_the_python_example_answers_storage_and_declines_the_rest(capsys, tmp_path, storage_and_some_declined):
    status, doc, out = _check(capsys, tmp_path, f"{sys.executable} {EXAMPLES / 'storage_adapter.py'}",
                              "--recorded", storage_and_some_declined)
    assert status == 0
    _assert_storage_whole_rest_unsupported(doc)
    assert out.rstrip("\n").splitlines()[-1].endswith(f", {doc['summary']['unsupported']} unsupported")


def test_the_python_example_with_longs_as_strings(capsys, tmp_path):
    status, doc, _ = _check(capsys, tmp_path, f"{sys.executable} {EXAMPLES / 'storage_adapter.py'}",
                            "--version", "26.3", "--area", "storage", "--longs-as-strings")
    assert status == 0 and doc["summary"] == {"passed": len(reference_cases("26.3", "storage")), "failed": 0,
                                              "unverified": 0, "unsupported": 0}


@needs_node
def test_the_javascript_example_answers_storage_and_declines_the_rest(capsys, tmp_path, storage_and_some_declined):
    status, doc, _ = _check(capsys, tmp_path, f"{NODE} {EXAMPLES / 'storage_adapter.js'}",
                            "--recorded", storage_and_some_declined)
    assert status == 0
    _assert_storage_whole_rest_unsupported(doc)


@needs_node
def test_the_javascript_example_with_longs_as_strings(capsys, tmp_path):
    status, doc, _ = _check(capsys, tmp_path, f"{NODE} {EXAMPLES / 'storage_adapter.js'}",
                            "--version", "26.3", "--area", "storage", "--longs-as-strings")
    assert status == 0 and doc["summary"]["passed"] == len(reference_cases("26.3", "storage"))
    assert doc["summary"]["failed"] == 0
