"""What selecting the cases reads: ``--cases FILE`` only the references of the releases the file's
cases apply to (and only their areas); ``bundled_areas`` lists each reference folder once;
``--cases`` is split into its two meanings in one place; detection reads a root's name once per
encoding; a JSON report is a key a line and a case a line."""

from __future__ import annotations

import json
from types import SimpleNamespace

from harness.cli.check import _cases_option
from harness.engine import reference, report, sources
from harness.engine.reference import StoredCases, bundled_areas
from harness.formats.nbt import detect


def _case_file(path, versions):
    case = {"id": "storage/fuzz/0123456789abcdef", "setup": {"bits": 5, "size": 10}, "ops": [["new"], ["get", 3]]}
    if versions:
        case["versions"] = versions
    path.write_text(json.dumps({"area": "storage", "cases": [case]}))
    return path


def test_cases_file_reads_only_the_releases_its_cases_name(tmp_path, monkeypatch):
    loaded = []

    def counting(directory, areas=None, lazy=False):  # a reference that records nothing: only the reads count
        loaded.append((directory.name, areas))
        return SimpleNamespace(cases=StoredCases(directory.name), jvm=None)

    monkeypatch.setattr(sources, "load_reference", counting)
    items = sources.select_items(cases_file=_case_file(tmp_path / "a.yaml", ["26.3", "1.21.5"]))
    assert loaded == [("26.3", ["storage"])]  # 1.21.5 has no reference: nothing to read for it
    assert [(i.case["version"], i.note) for i in items] == [("1.21.5", "no reference for 1.21.5"),
                                                            ("26.3", "not recorded: a case harness fuzz found (the "
                                                                     "judge's answers are not kept in the file); harness "
                                                                     "record answers it")]


def test_the_cases_option_is_split_once():
    assert _cases_option(False) == (False, None)
    assert _cases_option(True) == (True, None)
    assert _cases_option("x.yaml") == (False, "x.yaml")


def test_bundled_areas_lists_each_folder_once(monkeypatch):
    listed = []
    real = reference._set_files
    monkeypatch.setattr(reference, "_set_files", lambda d: listed.append(d.name) or real(d))
    areas = bundled_areas()
    assert set(areas) >= {"nbt", "palette", "snbt", "storage"} and areas == sorted(areas)
    assert sorted(listed) == sorted(set(listed))  # no folder listed twice


def test_detection_reads_a_roots_name_once_per_encoding(monkeypatch):
    asked = []
    real = detect.root_name
    monkeypatch.setattr(detect, "root_name", lambda e, d, v: asked.append(e) or real(e, d, v))
    # a Java root named with a lone continuation byte (no modified UTF-8), then {} : the Java reader's refusal
    try:
        detect.detect(bytes.fromhex("0a0001ff00"))
    except detect.GameError as e:
        assert e.encoding == "java"
    assert asked == ["java"]  # refused for its name alone: no other encoding tried, the name read once


def test_a_json_report_is_a_key_a_line_and_a_case_a_line():
    doc = {"format": "harness-check/1", "summary": {"passed": 2}, "cases": [{"id": "a", "n": [1, 2]}, {"id": "b"}]}
    text = report.report_text(doc)
    assert json.loads(text) == doc
    assert text.splitlines() == ["{", ' "format": "harness-check/1",', ' "summary": {"passed": 2},', ' "cases": [',
                                 '  {"id": "a", "n": [1, 2]},', '  {"id": "b"}', " ]", "}"]
