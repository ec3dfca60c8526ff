"""``harness shrink``'s words for a pattern and for a case that passes."""

from __future__ import annotations

from harness.cli import main


def test_a_pattern_matching_many_cases_is_refused_naming_a_few(capsys):
    assert main(["shrink", "storage/p/fill-*", "--version", "26.3"]) == 2
    err = capsys.readouterr().err
    assert "is a pattern matching" in err and "storage/p/fill-1" in err and "no recorded case" not in err


def test_a_case_that_passes_is_nothing_to_shrink_with_status_0(capsys):
    assert main(["shrink", "storage/p/fill-5", "--version", "26.3"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "storage/p/fill-5 passes in 26.3: nothing to shrink" in err


def test_a_pattern_matching_one_case_is_that_case(capsys):
    assert main(["shrink", "storage/p/fill-5*", "--version", "26.3"]) == 0
    assert "storage/p/fill-5 passes in 26.3" in capsys.readouterr().err
