"""The example adapters of examples/: storage in full, every other area declined.

Each runs through `harness check --impl` against the bundled 26.3 reference: the storage
area must pass whole, the other areas be reported unsupported (partial), never failed.
"""

from __future__ import annotations

import json
import shutil
import sys

import pytest
from conftest import REPO, reference_cases

from harness.cli import main

EXAMPLES = REPO / "examples"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (./setup.sh installs nodejs with apt-get "
                                                     "where it can); the JavaScript example needs it")


def _check(capsys, tmp_path, impl: str, *argv: str) -> tuple[int, dict, str]:
    report = tmp_path / "r.json"
    status = main(["check", "--no-progress", "--impl", impl, "--version", "26.3", "--json", str(report), *argv])
    out = capsys.readouterr().out
    return status, json.loads(report.read_text()), out


def _assert_storage_whole_rest_unsupported(doc):
    storage = len(reference_cases("26.3", "storage"))
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


def test_the_python_example_answers_storage_and_declines_the_rest(capsys, tmp_path):
    status, doc, out = _check(capsys, tmp_path, f"{sys.executable} {EXAMPLES / 'storage_adapter.py'}")
    assert status == 0
    _assert_storage_whole_rest_unsupported(doc)
    assert out.rstrip("\n").splitlines()[-1].endswith(f", {doc['summary']['unsupported']} unsupported")


def test_the_python_example_with_longs_as_strings(capsys, tmp_path):
    status, doc, _ = _check(capsys, tmp_path, f"{sys.executable} {EXAMPLES / 'storage_adapter.py'}",
                            "--area", "storage", "--longs-as-strings")
    assert status == 0 and doc["summary"] == {"passed": len(reference_cases("26.3", "storage")), "failed": 0,
                                              "unverified": 0, "unsupported": 0}


@needs_node
def test_the_javascript_example_answers_storage_and_declines_the_rest(capsys, tmp_path):
    status, doc, _ = _check(capsys, tmp_path, f"{NODE} {EXAMPLES / 'storage_adapter.js'}")
    assert status == 0
    _assert_storage_whole_rest_unsupported(doc)


@needs_node
def test_the_javascript_example_with_longs_as_strings(capsys, tmp_path):
    status, doc, _ = _check(capsys, tmp_path, f"{NODE} {EXAMPLES / 'storage_adapter.js'}",
                            "--area", "storage", "--longs-as-strings")
    assert status == 0 and doc["summary"]["passed"] == len(reference_cases("26.3", "storage"))
    assert doc["summary"]["failed"] == 0
