"""An implementation's children end with it: a process an adapter started (``sleep 300 &``)
and left in its process group is ended at the end of ``harness check`` and when the adapter
crashes, and ending a program that left nothing behind says nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from helpers_adapter import check
from helpers_engine import recorded

from harness.engine.runner import protocol_case
from harness.implementations.process import ImplementationFailure, ProcessImplementation

FILL = recorded("26.3")["storage/p/fill-1"]  # the game's recorded case
CASE = protocol_case(FILL)
ANSWER = json.dumps({"id": FILL["id"], "answers": FILL["answers"]})  # 26.3's answer line
# an adapter that leaves a child behind (its pid in the file "$1"), then answers each line
# read with ANSWER, or with "$2" = crash exits 3 at the first one
LEAVES_A_CHILD = f"""
sleep 300 &
echo $! > "$1"
while read -r line; do
    [ "$2" = crash ] && exit 3
    echo '{ANSWER}'
done
"""


def _ended(pid: int) -> bool:
    """True once ``pid`` is gone or a zombie (ended, not yet reaped by whoever adopted it);
    waits up to 20 s for that (a busy machine delivers a SIGKILL late, never that late)."""
    deadline = time.monotonic() + 20
    while True:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def _adapter(tmp_path: Path, *extra: str, source: str = LEAVES_A_CHILD) -> tuple[list[str], Path]:
    script = tmp_path / "adapter.sh"
    script.write_text(source, encoding="utf-8")
    pid_file = tmp_path / "sleep.pid"
    return ["sh", str(script), str(pid_file), *extra], pid_file


def _child(pid_file: Path) -> int:
    pid = int(pid_file.read_text())
    assert Path(f"/proc/{pid}").exists()  # it runs while the adapter does
    return pid


def test_a_child_left_by_the_adapter_ends_with_harness_check(tmp_path, capsys):
    argv, pid_file = _adapter(tmp_path)
    status, out, err = check(["--impl", " ".join(argv), "--version", "26.3", "--case", "storage/p/fill-1"], capsys)
    assert (status, out.splitlines()[-1]) == (0, "1 passed, 0 failed, 0 unverified")
    assert _ended(int(pid_file.read_text()))


def test_a_child_left_by_a_crashed_adapter_ends_with_it(tmp_path):
    argv, pid_file = _adapter(tmp_path, "crash")
    impl = ProcessImplementation(argv, timeout=60)
    impl.start()
    try:
        crashed = r"^the process exited \(crash\) before answering \(exit status 3\)$"
        with pytest.raises(ImplementationFailure, match=crashed):
            impl.answer(CASE)
        assert _ended(int(pid_file.read_text()))
    finally:
        impl.close()


def test_close_ends_the_group(tmp_path):
    argv, pid_file = _adapter(tmp_path)
    impl = ProcessImplementation(argv, timeout=60)
    assert impl.answer(CASE)[2] == [-1]
    pid = _child(pid_file)
    impl.close()
    assert _ended(pid)


def test_closing_a_program_that_left_nothing_says_nothing(tmp_path, capfd):
    argv, _ = _adapter(tmp_path, source=f"while read -r line; do echo '{ANSWER}'; done\n")
    impl = ProcessImplementation(argv, timeout=60)
    assert impl.answer(CASE)[2] == [-1]
    impl.close()  # it exits at the end of its input: its group is empty when it is ended
    assert impl._proc is None and capfd.readouterr() == ("", "")
