"""SIGTERM (what a CI job's timeout sends) ends a verb as Ctrl-C does: the implementation's
process group ended, one line said, status 143 (128 + 15). A true ``python3 -m harness``
run, as a signal needs a process of its own; the test waits on events (the adapter's word
through a FIFO, the run's end), never on a clock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# answers the first case (no answers: a failed case, not a crash), then, given the second,
# says its pid through the FIFO argv[1] and hangs
HANGS_LATER = """
import json, os, sys, time
print(json.dumps({"id": json.loads(sys.stdin.readline())["id"], "answers": []}), flush=True)
sys.stdin.readline()
with open(sys.argv[1], "w") as fifo:
    fifo.write(str(os.getpid()))
time.sleep(300)
"""
# says its pid through the FIFO argv[1] on its first case and hangs (a fuzz worker's thread waits on it)
HANGS_AT_ONCE = """
import os, sys, time
sys.stdin.readline()
with open(sys.argv[1], "w") as fifo:
    fifo.write(str(os.getpid()))
time.sleep(300)
"""


def _run_then_terminate(tmp_path: Path, verb_args: list[str], adapter: str = HANGS_LATER) -> tuple[subprocess.Popen, int, str]:
    fifo = tmp_path / "pid.fifo"
    os.mkfifo(fifo)
    script = tmp_path / "adapter.py"
    script.write_text(adapter, encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "harness", *verb_args, "--impl", f"{sys.executable} {script} {fifo}"],
                           cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(fifo.read_text()), daemon=True)
    reader.start()
    reader.join(timeout=120)  # the adapter hangs on its second case by then
    assert said, "the adapter never reached the case it hangs on"
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=120)
    return run, int(said[0]), err


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def test_sigterm_during_check_ends_the_implementation_and_says_so(tmp_path):
    run, pid, err = _run_then_terminate(tmp_path, ["check", "--version", "26.3", "--area", "storage",
                                                   "--timeout", "300"])
    assert (run.returncode, err) == (143, "harness check: terminated; nothing written was left half-done\n")
    assert _gone(pid)  # the harness reaped it before exiting: not left running, adopted by init


def test_sigterm_during_fuzz_ends_the_implementation_and_says_so(tmp_path):
    run, pid, err = _run_then_terminate(tmp_path, ["fuzz", "--area", "storage", "--cases", "5", "--no-database",
                                                   "--no-progress", "--out", str(tmp_path / "cases"), "--timeout", "300",
                                                   "--against", f"{sys.executable} -m harness.implementations.process"],
                                        HANGS_AT_ONCE)
    assert run.returncode == 143
    assert err.splitlines()[-1:] == ["harness fuzz: terminated; nothing written was left half-done"]  # after "fuzzing ..."
    assert "Traceback" not in err
    assert _gone(pid)


def test_sigterm_handler_is_put_back_after_an_in_process_run(capsys):
    from harness.cli import main

    before = signal.getsignal(signal.SIGTERM)
    main(["check", "--version", "26.3", "--area", "storage", "--case", "storage/p/fill-1"])
    assert signal.getsignal(signal.SIGTERM) is before
