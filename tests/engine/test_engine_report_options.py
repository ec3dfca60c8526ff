"""What a new user tripped over with reports, baselines and expect-failures lists."""

from __future__ import annotations

import json

import pytest
from helpers_engine import echo_impl

from harness.cli import main
from harness.engine.baseline import BaselineError, parse_expectations, read_baseline
from harness.engine.report import failure_text
from harness.engine.runner import CheckItem, check_item
from harness.engine.sources import select_items


def test_the_results_page_never_overwrites_a_report_it_reads(tmp_path, capsys):
    report = tmp_path / "r.json"
    assert main(["check", "--version", "26.3", "--area", "storage", "--case", "storage/p/fill-1",
                 "--json", str(report), "--no-progress", "--quiet"]) == 0
    before = report.read_bytes()
    assert main(["report", "--html", str(report), str(report)]) == 2
    assert "is one of the reports it reads" in capsys.readouterr().err
    assert report.read_bytes() == before


def test_a_baseline_whose_cases_are_not_a_reports_is_refused(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"format": "harness-check/1", "cases": [{"version": "26.3", "status": "failed"}]}))
    with pytest.raises(BaselineError, match="case 0 of the baseline has no id, version and status"):
        read_baseline(path)


def test_an_expect_failures_list_names_known_releases_and_each_entry_once():
    with pytest.raises(BaselineError, match=r"k:1: '9.9' is not a release"):
        parse_expectations("9.9:storage/p/fill-* not yet\n", "k")
    with pytest.raises(BaselineError, match=r"k:2: 'storage/p/x' is listed again \(first at line 1\)"):
        parse_expectations("storage/p/x a\nstorage/p/x b\n", "k")
    assert [e.pattern for e in parse_expectations("26.3:storage/p/fill-* r\n", "k")] == ["26.3:storage/p/fill-*"]


def test_a_listed_failure_says_it_was_expected():
    [item] = select_items(["26.3"], ["storage"], "storage/p/fill-1")

    def tamper(case, answers):
        answers[-1] = [0]

    outcome = check_item(echo_impl(tamper), item)
    assert outcome.status == "failed" and "[expected" not in failure_text(outcome)
    outcome.expected_failure = "fill is not done yet"
    assert failure_text(outcome).startswith("FAIL 26.3 storage/p/fill-1  (")
    assert "[expected: fill is not done yet]" in failure_text(outcome).splitlines()[0]


def test_the_summary_table_keeps_its_headers_whole_in_a_log(capsys, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)  # output captured: not a terminal, as in a CI log
    assert main(["check", "--no-progress", "--version", "26.3", "--area", "storage",
                 "--case", "storage/p/fill-1"]) == 0
    out = capsys.readouterr().out
    assert "┃ unverified ┃ unsupported ┃" in out and "…" not in out
