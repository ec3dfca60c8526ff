"""Ctrl-C during a verb ends with one line prefixed as the verb's other errors are
(``harness check: interrupted; ...``) and status 130."""

from __future__ import annotations

from helpers_adapter import check

import harness.engine.runner


def test_ctrl_c_during_check_is_said_by_harness_check(capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(harness.engine.runner, "run_checks", interrupted)
    status, out, err = check(["--version", "26.3", "--area", "storage", "--case", "storage/p/width-1*"], capsys)
    assert (status, err) == (130, "harness check: interrupted; nothing written was left half-done\n")
