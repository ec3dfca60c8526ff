"""bench/harness.py's heading does not call one run "warm: best of 1": with ``--repeat 1`` a
note says the one run in this process is its first, not a warm one; ``--repeat 0`` is refused."""

from __future__ import annotations

import pytest

from test_engine_bench import _bench


def test_one_run_is_not_called_warm():
    bench = _bench()
    assert "best of 1" not in bench.heading(1234, ["26.3"], 1) and "warm: one run in this" in bench.heading(1234, ["26.3"], 1)
    note = bench.one_run_note(1)
    assert note.startswith("note: --repeat 1: ") and "not warm" in note and "--repeat 2 or more" in note


def test_best_of_several_is_warm_with_no_note():
    bench = _bench()
    assert bench.heading(1234, ["26.3", "26.2"], 3) == (
        "1234 cases from 26.3, 26.2; warm: best of 3 in this process; cold: a fresh process's first run, the load "
        "cache empty; x null: the row's warm time ÷ the null implementation's (echoing the recorded answers: the "
        "engine's own cost)")
    assert bench.one_run_note(3) is None


def test_no_run_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        _bench().main(["--repeat", "0", "--warm-only"])
    assert e.value.code == 2 and "'0' is not a number of runs (1 or more)" in capsys.readouterr().err
