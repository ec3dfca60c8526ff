"""A reader of stdout that goes away (``harness check | head -1``) never changes the exit
status: a passing run stays 0, a failing run stays 1.

One passing and one failing run are true ``python3 -m harness`` processes (the interpreter's
own last flush of stdout meets the closed pipe too); the others are children forked from
this process (``run_forked``), which meet it the same way in the verb without paying an
interpreter's start and the harness's imports."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers_cli import run_forked
from helpers_engine import recorded, write_recorded

from harness.cli import SIGPIPE_STATUS, main
from harness.engine.reference import REPO


def _closed_stdout(*argv, fork: bool = False) -> subprocess.CompletedProcess:
    """Run ``harness ARGV`` with its stdout a pipe whose reading end is already closed: a new
    interpreter, or with ``fork`` a child forked from this process."""
    if fork:
        read_end, write_end = os.pipe()
        os.close(read_end)  # every write the command makes now meets EPIPE
        try:
            return run_forked(list(argv), stdout=write_end)
        finally:
            os.close(write_end)
    proc = subprocess.Popen([sys.executable, "-m", "harness", *argv], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # every write the command makes now meets EPIPE
    err = proc.stderr.read()
    proc.wait(timeout=120)
    return subprocess.CompletedProcess(argv, proc.returncode, None, err)


@pytest.mark.parametrize("extra, fork", [([], False), (["--quiet"], True)])
def test_a_passing_check_stays_0(extra, fork):
    # the p cases of 26.3's storage (131): what a passing run writes (its table, the summary)
    # does not grow with its cases
    run = _closed_stdout("check", "--version", "26.3", "--area", "storage", "--case", "storage/p/*", "--no-progress",
                         *extra, fork=fork)
    assert run.returncode == 0, run.stderr
    assert b"Traceback" not in run.stderr


@pytest.mark.parametrize("extra, fork", [([], False), (["--quiet"], True)])
def test_a_failing_check_stays_1(tmp_path, extra, fork):
    case = recorded("26.3")["storage/p/errors"]
    bad = write_recorded(tmp_path / "bad.jsonl", [dict(case, answers=[*case["answers"][:-1], [1] * 6])])
    run = _closed_stdout("check", "--recorded", str(bad), "--no-progress", *extra, fork=fork)
    assert run.returncode == 1, run.stderr
    assert b"Traceback" not in run.stderr


def test_versions_stays_0():
    # the nbt cases' changes: 284 lines (17 KB) of output, every one written into the closed pipe
    run = _closed_stdout("versions", "1.21.1", "26.1.2", "--case", "nbt/*", fork=True)
    assert run.returncode == 0 and b"Traceback" not in run.stderr


def test_main_gives_141_where_the_verb_does_not_know_its_status(monkeypatch, capsys):
    from harness.cli import versions

    def closed(args):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(versions, "run", closed)
    assert main(["versions", "1.21.1", "26.1.2"]) == SIGPIPE_STATUS == 141
