"""Unverified cases that got no answers are listed under a heading for what happened: declined
by the implementation (its ``failure`` line), apart from the ones that crashed or raised."""

from __future__ import annotations

import io

from rich.console import Console

from harness.engine import report
from harness.engine.runner import CallableImplementation, CaseDeclined, CheckItem, check_item


def _unverified(case_id: str, answer):
    item = CheckItem({"id": case_id, "area": case_id.split("/")[0], "version": "1.21.5", "setup": {},
                      "ops": [["parse", "{}"]]}, None, "cases/x.yaml", "no reference for 1.21.5")
    return check_item(CallableImplementation("adapter", answer), item)


def test_declined_and_crashed_unverified_cases_have_their_own_headings():
    def decline(case):
        raise CaseDeclined("area snbt not implemented")

    def crash(case):
        raise ValueError("no such thing")

    declined = [_unverified(f"snbt/g/{n}", decline) for n in range(2)]
    crashed = _unverified("snbt/g/crash", crash)
    assert [o.status for o in declined + [crashed]] == ["unverified"] * 3 and declined[0].declined_case
    console = Console(width=200, file=io.StringIO())
    report.print_text(declined + [crashed], console, "adapter", "message")
    lines = console.file.getvalue().splitlines()
    start = lines.index("unverified cases the implementation declined (a failure line) (2):")
    assert lines[start + 1:start + 3] == ["  1.21.5 snbt/g/0: area snbt not implemented",
                                          "  1.21.5 snbt/g/1: area snbt not implemented"]
    assert lines[start + 3] == "unverified cases that did not run cleanly (1):"
    assert lines[start + 4].startswith("  1.21.5 snbt/g/crash: ValueError: no such thing")
    assert report.unclean_lines(declined) == lines[start:start + 3]  # no crash heading when none crashed
