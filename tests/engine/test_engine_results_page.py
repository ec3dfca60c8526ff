"""``harness report --html``: JSON reports drawn as a conformance matrix (harness/engine/results_page.py).

The page is checked in a real headless browser when Debian's ``chromium`` is installed
(``apt-get install -y chromium``); setup.sh does not install it (a few hundred MB for one
test), so on a machine without it that test is skipped.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from harness.cli import main
from harness.engine.report import json_report
from harness.engine.results_page import case_text, load, matrices, render
from harness.engine.runner import run_checks
from harness.engine.sources import select_items
from helpers_engine import echo_impl


def _tamper(case, answers):
    if case["id"] == "storage/p/fill-3":
        answers[-1] = 12345
    if case["id"] == "storage/p/width-5-size-256":
        answers[1] = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> list:
    """Three report files: an echo implementation with two failures (26.3 storage), the same
    for 26.1.2 written before failure_text was kept, and a later harness's report with a
    status and keys this reader does not know."""
    folder = tmp_path_factory.mktemp("reports")
    paths = []
    for version, keep_text in (("26.3", True), ("26.1.2", False)):
        items = [i for i in select_items([version], ["storage"]) if "/p/" in i.key[2]][:40] + \
            select_items([version], ["storage"], "storage/p/fill-*")
        doc = json_report(run_checks(echo_impl(_tamper, name="echo"), items), "echo", "message", 1.0)
        if not keep_text:
            for case in doc["cases"]:
                case.pop("failure_text", None)
        paths.append(folder / f"echo-{version}.json")
        paths[-1].write_text(json.dumps(doc), encoding="utf-8")
    later = {"format": "harness-check/2", "implementation": "other \ud800 <lib>", "error_policy": "refusal",
             "baseline": {"whatever": 1}, "summary": {"passed": 1, "unsupported": 1},
             "cases": [{"id": "nbt/p/a", "version": "1.20.1", "area": "nbt", "status": "passed", "extra": [1]},
                       {"id": "nbt/p/b", "version": "1.20.1", "area": "nbt", "status": "unsupported",
                        "reason": "the implementation does not support: write_network"},
                       {"id": "nbt/p/c", "version": "1.20.1", "area": "nbt", "status": "unverified"},
                       {"id": "nbt/p/e", "version": "1.20.1", "area": "nbt", "status": "partial"},
                       {"id": "x/p/d", "version": "26.3", "area": "chunks", "status": "crashed"}]}
    paths.append(folder / "later.json")
    paths[-1].write_text(json.dumps(later), encoding="utf-8")
    return paths


def test_the_json_report_keeps_each_failure_text(reports):
    doc = load(reports[0])
    failed = [c for c in doc["cases"] if c["status"] == "failed"]
    assert [c["id"] for c in failed] == ["storage/p/width-5-size-256", "storage/p/fill-3"]
    assert failed[1]["failure_text"].startswith("FAIL 26.3 storage/p/fill-3  (")
    assert "actual  : 12345" in failed[1]["failure_text"]
    assert all("failure_text" not in c for c in doc["cases"] if c["status"] != "failed")


def test_matrix_cells_count_and_rate(reports):
    echo, other = matrices([load(p) for p in reports])
    assert echo.name == "echo" and echo.versions == ["26.1.2", "26.3"] and echo.areas == ["storage"]
    cell = echo.cells[("storage", "26.3")]
    assert cell.counts["failed"] == 2 and cell.judged == cell.counts["passed"] + 2
    assert other.areas == ["nbt", "chunks"]  # the four known first, then any other, sorted
    nbt = other.cells[("nbt", "1.20.1")]
    # unverified and partial left out of the rate (a partial case never fails a check), still listed
    assert nbt.rate == 0.5 and nbt.judged == 2 and [c["id"] for c in nbt.failing] == ["nbt/p/b", "nbt/p/e"]
    assert other.cells[("chunks", "26.3")].rate == 0.0  # a status not known is not a pass
    old = echo.cells[("storage", "26.1.2")].failing
    assert case_text(old[0]).startswith("FAILED 26.1.2 storage/p/") and "expected:" in case_text(old[0])


def test_the_page_is_self_contained_and_escaped(reports):
    page = render([load(p) for p in reports], "t")
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "other \\ud800 &lt;lib&gt;" in page  # a lone surrogate as its escape; UTF-8 can carry the page
    page.encode("utf-8")
    assert not re.search(r"""(src|href)\s*=|https?://|@import|url\(""", page)
    assert page.count("<details class=\"cell\">") == 4  # 26.3, 26.1.2, 1.20.1 nbt, 26.3 chunks


def test_cli_writes_the_page_and_refuses_what_is_no_report(reports, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert main(["report", "--html", str(out), *map(str, reports)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out}: 2 implementations, ")
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    bad = tmp_path / "bad.json"
    bad.write_text('{"cases": []}')
    assert main(["report", "--html", str(out), str(reports[0]), str(bad)]) == 2
    assert "not a harness check --json report" in capsys.readouterr().err


def test_the_page_in_a_headless_browser(reports, tmp_path_factory, capsys):
    """chromium runs the page's script to its end (``data-ready="ok"`` in the DOM it dumps)
    with nothing on its console, and takes a screenshot with every cell open."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        pytest.skip("no chromium on this machine (apt-get install -y chromium); setup.sh does not install it")
    folder = tmp_path_factory.mktemp("page")
    page = folder / "results.html"
    page.write_text(render([load(p) for p in reports], "harness report test"), encoding="utf-8")
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    run = subprocess.run([*flags, "--enable-logging=stderr", "--v=0", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert '<html lang="en" data-ready="ok">' in run.stdout, run.stderr[-2000:]
    assert [line for line in run.stderr.splitlines() if ":CONSOLE" in line] == []
    shot = folder / "results.png"
    subprocess.run([*flags, "--window-size=1300,1100", f"--screenshot={shot}", page.as_uri() + "#open-all"],
                   capture_output=True, timeout=120)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with capsys.disabled():
        print(f"\nresults page screenshot: {shot}")


def test_the_page_says_unsupported_where_the_check_does(tmp_path):
    # harness check prints a partial case as "unsupported" (its summary line and table): the page says the same
    from harness.engine.runner import CallableImplementation, summary_line

    items = select_items(["26.3"], ["storage"], "storage/p/errors")
    declining = CallableImplementation("declines", lambda case: [{"unsupported": "not yet"}] * len(case["ops"]))
    outcomes = run_checks(declining, items)
    assert summary_line(outcomes) == "0 passed, 0 failed, 0 unverified, 1 unsupported"
    doc = json_report(outcomes, "declines", "message", 1.0)
    assert [c["status"] for c in doc["cases"]] == ["partial"]  # the report's status stays as documented
    path = tmp_path / "declined.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    page = render([load(path)], "t")
    assert "partial" not in page.lower()
    assert '<span class="status">unsupported</span>' in page and "0 passed, 0 failed, 0 unverified, 1 unsupported" in page
