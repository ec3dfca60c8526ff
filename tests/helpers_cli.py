"""``harness`` verbs run in the test's own process, captured as a child's would be.

Where a test is about what a verb does (its status, its output, the files it writes), not
about the process boundary, :func:`run_in_process` calls :func:`harness.cli.main` with
``argv`` instead of starting ``python3 -m harness`` (each start costs its interpreter and
the harness's imports). The rig's JVMs still run in child processes (``rig.worker``, started
by the verb), which inherit the captured file descriptors, so their stderr is in ``stderr``
as it would be under a subprocess. A few tests keep a true ``python3 -m harness`` run
(:func:`run_in_subprocess`) so that the command itself stays covered.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run_in_subprocess(argv: list[str], env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """``python3 -m harness *argv`` in the checkout, with ``env`` over the environment."""
    full_env = dict(os.environ, **(env or {}))
    full_env["PYTHONPATH"] = str(REPO)
    return subprocess.run([sys.executable, "-m", "harness", *argv], capture_output=True, text=True,
                          cwd=REPO, env=full_env, timeout=timeout)


def run_in_process(argv: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """:func:`harness.cli.main` on ``argv`` in this process, the working folder the checkout
    and ``env`` over the environment for the call; its exit status and what was written to
    file descriptors 1 and 2 meanwhile (by it or by its children), as text. A ``SystemExit``
    (argparse's refusals, ``--version``) gives its status; any other exception propagates
    (a child process would have ended in a traceback: the test fails either way)."""
    from harness.cli import main

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        with _environment(env or {}), _captured(out, err):
            try:
                status = main(list(argv))
            except SystemExit as e:
                status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                if e.code is not None and not isinstance(e.code, int):
                    print(e.code, file=sys.stderr)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(argv, status, _text(out.read()), _text(err.read()))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="strict").replace("\r\n", "\n")


@contextmanager
def _environment(env: dict):
    saved_cwd, saved = os.getcwd(), {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    os.chdir(REPO)
    try:
        yield
    finally:
        os.chdir(saved_cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextmanager
def _captured(out, err):
    """File descriptors 1 and 2 (and ``sys.stdout``/``sys.stderr`` on them) into ``out`` and
    ``err`` for the block; both restored after it, whatever happens."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    streams = sys.stdout, sys.stderr
    saved = os.dup(1), os.dup(2)
    try:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", write_through=True,
                                      errors="backslashreplace")
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        sys.stdout, sys.stderr = streams
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])
