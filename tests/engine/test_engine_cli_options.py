"""Bad options are refused while parsing (one line, exit 2); nothing to check is exit 2."""

from __future__ import annotations

import pytest
from helpers_engine import recorded, write_recorded

from harness.cli import main
from harness.engine import sources
from harness.engine.oracle import RecordedOracle
from harness.engine.shrink import shrink
from harness.engine.runner import CallableImplementation


def _refused(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert message in err and "Traceback" not in err, err


@pytest.mark.parametrize("verb", [["check"], ["shrink", "storage/p/errors"]])
def test_an_unsplittable_command_is_refused(capsys, verb):
    _refused(capsys, verb + ["--impl", 'sh -c "unterminated'], "argument --impl: cannot split the command")


@pytest.mark.parametrize("command", ["", "   "])
def test_an_empty_command_is_refused(capsys, command):
    _refused(capsys, ["check", "--impl", command], "argument --impl: an empty command")


def test_an_unsplittable_oracle_is_refused(capsys):
    _refused(capsys, ["shrink", "storage/p/errors", "--oracle", "'"], "argument --oracle: cannot split the command")


@pytest.mark.parametrize("budget", ["0", "-5", "two"])
def test_a_budget_below_one_is_refused(capsys, budget):
    _refused(capsys, ["shrink", "storage/p/errors", "--budget", budget], "argument --budget: must be a positive integer")


def test_shrink_refuses_a_budget_below_one_as_a_library_call_too():
    rec = recorded("26.3")["storage/p/errors"]
    with pytest.raises(ValueError, match="budget must be a positive"):
        shrink(rec, CallableImplementation("x", lambda c: []), RecordedOracle([rec]), budget=0)


@pytest.mark.parametrize("verb", [["check"], ["shrink", "storage/p/errors"]])
@pytest.mark.parametrize("timeout", ["0", "-1", "nan", "inf", "soon"])
def test_a_timeout_that_is_not_a_positive_number_is_refused(capsys, verb, timeout):
    _refused(capsys, verb + [f"--timeout={timeout}"], "argument --timeout: must be a positive number of seconds")


def test_no_case_matching_is_status_2_with_the_summary_line_last(capsys):
    assert main(["check", "--version", "26.3", "--case", "nope/*", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == ["harness check: no case matches the options: --case nope/* leaves out every one of "
                                f"the {len(recorded('26.3'))} cases of --version 26.3; nothing to check",
                                "0 passed, 0 failed, 0 unverified"] and err == ""  # the reason with the summary


def test_an_area_no_release_recorded_points_to_its_generated_cases(capsys, monkeypatch):
    def why_none(*_):  # the hint says why: the other areas' references are not read to say it
        raise AssertionError("the reason was sought though the hint gives it")

    monkeypatch.setattr(sources._Bundled, "why_none", why_none)
    assert main(["check", "--area", "region", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "0 passed, 0 failed, 0 unverified"
    assert "nothing to check (the bundled references hold no region cases: the game's answers are recorded for " \
           "nbt, palette, snbt, storage; --cases runs the generated ones, unverified)" in out


def test_an_empty_recorded_file_is_status_2(tmp_path, capsys):
    empty = write_recorded(tmp_path / "empty.jsonl", [])
    assert main(["check", "--recorded", str(empty), "--no-progress"]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 0 failed, 0 unverified"


def test_a_selection_with_cases_still_passes(tmp_path, capsys):
    good = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    assert main(["check", "--recorded", str(good), "--no-progress", "--quiet"]) == 0


def _parsers(parser, path=()):
    """Every parser under the harness command, with the verbs leading to it."""
    import argparse

    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, path + (name,))


def test_every_quiet_has_its_short_q_and_q_means_nothing_else():
    from harness.cli import build_parser

    with_quiet = []
    for path, parser in _parsers(build_parser()):
        flags = {s: a for a in parser._actions for s in a.option_strings}
        if "--quiet" in flags:
            with_quiet.append(" ".join(path))
            assert flags.get("-q") is flags["--quiet"], path
        elif "-q" in flags:
            raise AssertionError(f"{' '.join(path)}: -q without --quiet")
    assert {"check", "live"} <= set(with_quiet)


def test_check_q_is_quiet(tmp_path, capsys):
    path = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    assert main(["check", "--recorded", str(path), "--no-progress", "-q"]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 passed, 0 failed, 0 unverified"]
