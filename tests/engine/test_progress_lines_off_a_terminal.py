"""Off a terminal (a CI log), ``harness check`` says on stderr how far it got, a line after a
case once ``PROGRESS_EVERY`` seconds (30) passed since the last, so a long run is seen to move;
``--no-progress`` and ``--quiet`` keep it silent. (The interval is set to 0 here: every case
gives a line, and no test waits on a clock.)"""

from __future__ import annotations

import harness.cli.check
from harness.cli import main

SELECTION = ["check", "--version", "26.3", "--area", "storage", "--case", "storage/p/fill-1",
             "--case", "storage/p/width-1*"]


def test_every_interval_a_progress_line_on_stderr(capsys, monkeypatch):
    monkeypatch.setattr(harness.cli.check, "PROGRESS_EVERY", 0.0)
    assert main(SELECTION) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("harness check: ")]
    assert lines[0].startswith("harness check: 1 of ") and lines[0].endswith(" cases, 0 failed, 26.3 storage")
    assert len(lines) > 1 and lines[-1].startswith(f"harness check: {len(lines)} of {len(lines)} cases")


def test_no_progress_and_quiet_say_nothing_of_it(capsys, monkeypatch):
    monkeypatch.setattr(harness.cli.check, "PROGRESS_EVERY", 0.0)
    for option in ("--no-progress", "--quiet"):
        main([*SELECTION, option])
        assert " cases, 0 failed, " not in capsys.readouterr().err
