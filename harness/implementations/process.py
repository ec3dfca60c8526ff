"""Another program as an implementation: one JSON case per line in, one JSON answer line out.

The protocol (``harness check --impl CMD``; toml-test's shape, kept to one long-lived process):

- the harness starts ``CMD`` (split like a shell would, no shell) and writes one case per
  line on its stdin, UTF-8 JSON with no newline inside::

    {"id": "storage/p/errors", "area": "storage", "version": "26.3", "setup": {"bits": 5, "size": 64}, "ops": [["new"], ["get", 64]]}

- the program writes exactly one line per case on its stdout, in order::

    {"id": "storage/p/errors", "answers": [null, {"error": "IllegalArgumentException", "message": "The value 64 is not in the specified inclusive range of 0 to 63"}]}

  ``answers[i]`` answers ``ops[i]`` in the recorded format (plain values, bytes as lowercase
  hex, longs as signed 64-bit integers, error answers ``{"error", "message"[, "cause",
  "cause_message"]}``). A program that cannot answer a case at all may write
  ``{"id": ..., "failure": "why"}``: that case fails with the reason and the run goes on.
- stderr is free for the program's own logging; the last lines are shown when it crashes.
- a case gets ``timeout`` seconds (default 10). A crash (exit, or a line that is not the
  answer to the case sent) or a hang fails that case with the reason; the process is killed
  and started again for the next case.

``python -m harness.implementations.process`` serves our Python implementation this way
(:func:`serve`), which is both an example and a way to time the protocol's cost.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
from typing import Callable, Sequence


class ImplementationFailure(Exception):
    """The program could not answer one case: crash, hang, malformed line, or its own failure."""


class ProcessImplementation:
    """An implementation that is a subprocess speaking the line protocol (module docstring).

    ``command``: a shell-like string or an argument list. ``timeout``: seconds per case.
    The process starts lazily, is restarted after any failure, and is stopped by ``close()``.
    """

    def __init__(self, command: str | Sequence[str], timeout: float = 10.0, name: str | None = None,
                 cwd: str | None = None, env: dict | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an implementation command is needed")
        self.name = name or (command if isinstance(command, str) else shlex.join(self.argv))
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
        self.restarts = 0
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=20)

    # -- process life -------------------------------------------------------------------
    def _start(self) -> None:
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=self.env, start_new_session=True)
        except OSError as e:
            raise ImplementationFailure(f"cannot start {self.argv[0]!r}: {e.strerror}") from None
        self._lines = queue.Queue()
        self._stderr.clear()
        threading.Thread(target=_pump, args=(self._proc.stdout, self._lines.put), daemon=True).start()
        self._stderr_thread = threading.Thread(target=_pump, args=(self._proc.stderr, self._stderr.append), daemon=True)
        self._stderr_thread.start()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: children go too
            except (ProcessLookupError, PermissionError):
                proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    def close(self) -> None:
        """Stop the process (closing its stdin first so a well-behaved one can exit)."""
        if self._proc is not None and self._proc.poll() is None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()

    def _fail(self, reason: str) -> ImplementationFailure:
        """Restart-worthy failure: stop the process, name the reason with its stderr tail."""
        proc = self._proc
        if proc is not None and proc.poll() is not None:
            self._stderr_thread.join(timeout=0.5)  # let its last words arrive
        self._stop()
        self.restarts += 1
        if proc is not None and proc.returncode is not None and proc.returncode != -signal.SIGKILL:
            reason += f" (exit status {proc.returncode})"
        tail = [line.rstrip("\n") for line in list(self._stderr) if line is not None][-5:]
        if tail:
            reason += "; stderr: " + " | ".join(tail)
        return ImplementationFailure(reason)

    # -- one case -----------------------------------------------------------------------
    def answer(self, case: dict) -> list:
        """The program's answers to ``case``; :class:`ImplementationFailure` if it gives none."""
        if self._proc is None or self._proc.poll() is not None:
            self._stop()
            self._start()
        line = json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            self._proc.stdin.write(line.encode("utf-8"))
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._fail("the process closed its input before this case") from None
        try:
            reply = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(f"no answer within {self.timeout:g} s (hang); process killed and restarted") from None
        if reply is None:
            try:
                self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
            raise self._fail("the process exited (crash) before answering")
        try:
            doc = json.loads(reply)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise self._fail(f"the answer line is not JSON: {reply[:200]!r}") from None
        if not isinstance(doc, dict) or doc.get("id") != case["id"]:
            got = doc.get("id") if isinstance(doc, dict) else doc
            raise self._fail(f"expected the answer to {case['id']!r}, got a line for {got!r}")
        if "failure" in doc:
            raise ImplementationFailure(f"the implementation reported: {doc['failure']}")
        if not isinstance(doc.get("answers"), list):
            raise ImplementationFailure("the answer line has no 'answers' list")
        return doc["answers"]


def _pump(stream, put: Callable) -> None:
    """Read lines from ``stream`` into ``put`` (text); ``put(None)`` at end of stream."""
    try:
        for raw in iter(stream.readline, b""):
            put(raw.decode("utf-8", errors="replace"))
    except (OSError, ValueError):
        pass
    put(None)


def serve(answer: Callable[[dict], list], stdin=None, stdout=None) -> None:
    """Answer protocol lines from ``stdin`` with ``answer(case)`` until end of input.

    An exception from ``answer`` becomes a ``failure`` line (the case fails, the loop goes on).
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            doc = {"id": case["id"], "answers": answer(case)}
        except Exception as e:  # reported to the harness as that case's failure
            doc = {"id": case.get("id"), "failure": f"{type(e).__name__}: {e}"}
        stdout.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()


if __name__ == "__main__":
    from harness.implementations.python import answer_case

    serve(answer_case)
