"""A one-line failure (``harness check -q``, a JUnit failure's message) shows both sides when
they are short, as the full report does: expected 129, actual 403, not "differs" alone."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from helpers_engine import echo_impl, recorded, recorded_item
from rich.console import Console

from harness.engine import report
from harness.engine.runner import check_item

CASE = "storage/p/width-10-size-64"  # op 8 is ["get", 5], the game's answer 129


def _outcome(tamper, case_id: str = CASE):
    rec = recorded("26.3")[case_id]
    item = recorded_item(rec, "r.jsonl:1")
    return check_item(echo_impl(tamper), item)


def _quiet(outcome) -> str:
    out = io.StringIO()
    report.print_text([outcome], Console(file=out, width=400), "echo", "message", quiet=True)
    return out.getvalue()


def test_short_sides_are_shown_in_the_quiet_line_and_the_junit_message():
    def tamper(case, answers):
        answers[8] = 403

    outcome = _outcome(tamper)
    line = f'FAIL 26.3 {CASE}: op 8 ["get", 5] differs at the answer: expected 129, actual 403'
    assert recorded("26.3")[CASE]["answers"][8] == 129 and _quiet(outcome) == line + "\n"
    junit = ET.fromstring(report.junit_xml([outcome], "echo", "message"))
    assert junit.find(".//failure").get("message") == line.split(": ", 1)[1]


def test_a_value_against_an_error_and_a_long_at_its_place():
    def error(case, answers):
        answers[8] = {"error": "IllegalStateException"}

    assert _quiet(_outcome(error)).endswith(
        ': a value vs an error answer: expected 129, actual {"error": "IllegalStateException"}\n')

    def flip(case, answers):
        i = case["ops"].index(["longs"])
        answers[i][0] ^= 1

    m = _outcome(flip, "storage/p/fill-1").mismatches[0]
    assert report.short_line(m).startswith(f"{report.headline(m)}: expected ")
    assert m.difference.path and report.short_line(m).count(", actual ") == 1


def test_a_long_or_missing_side_is_left_to_the_full_report():
    def long(case, answers):
        answers[8] = "x" * (report.SIDE_CHARS + 1)

    def missing(case, answers):
        del answers[-1]

    for tamper in (long, missing):
        m = _outcome(tamper).mismatches[0]
        assert report.short_line(m) == report.headline(m)
