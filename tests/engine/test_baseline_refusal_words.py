"""A ``--baseline`` that is no ``harness check --json`` report is refused saying what is missing
or wrong and where (the top level, its ``"format"``, its ``"cases"``), not a description of the
report that the file may well match in part."""

import pytest

from harness.engine.baseline import BaselineError, read_baseline

WRONG = [
    ('{"format":"harness-check/1"}', 'the top-level object has no "cases" list (one entry per case run)'),
    ('{"format":"harness-check/1","cases":{}}', 'its "cases" is a mapping, not a list (one entry per case run)'),
    ('{"format":"harness-check/1","cases":"all"}', 'its "cases" is text, not a list (one entry per case run)'),
    ('{"cases":[]}', 'the top-level object has no "format" (a report has "format": "harness-check/1")'),
    ('{"format":"harness-check/2","cases":[]}', 'its "format" is "harness-check/2", not "harness-check/1"'),
    ('[{"id": "a"}]', "the top level is a list, not an object"),
    ("null", "the top level is null, not an object"),
    ("true", "the top level is a boolean, not an object"),
    ("1.5", "the top level is a number, not an object"),
]


@pytest.mark.parametrize("text, said", WRONG, ids=range(len(WRONG)))
def test_a_baseline_not_a_report_is_refused_saying_what_is_wrong(tmp_path, text, said):
    path = tmp_path / "base.json"
    path.write_text(text)
    with pytest.raises(BaselineError) as refused:
        read_baseline(path)
    assert str(refused.value) == (f"{path}: not a harness check JSON report (written by 'harness check --json'): "
                                  f"{said}")


def test_a_report_with_its_format_and_cases_is_read(tmp_path):
    path = tmp_path / "base.json"
    path.write_text('{"format":"harness-check/1","cases":[{"version":"26.3","id":"a","status":"passed"}]}')
    assert read_baseline(path) == {("26.3", "a"): "passed"}
