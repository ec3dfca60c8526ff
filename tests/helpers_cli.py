"""``harness`` verbs run in the test's own process, captured as a child's would be.

Where a test is about what a verb does (its status, its output, the files it writes), not
about the process boundary, :func:`run_in_process` calls :func:`harness.cli.main` with
``argv`` instead of starting ``python3 -m harness`` (each start costs its interpreter and
the harness's imports). The rig's JVMs still run in child processes (``rig.worker``, started
by the verb), which inherit the captured file descriptors, so their stderr is in ``stderr``
as it would be under a subprocess. A few tests keep a true ``python3 -m harness`` run
(:func:`run_in_subprocess`) so that the command itself stays covered.

Where a test is about a process of its own but not about the interpreter's start,
:func:`run_forked` runs the verb in a child forked from this warm process; :func:`fork` and
:func:`wait` are its two halves, for other children (the hostile corpus's commands);
:func:`run_body_forked` runs any function so, its output captured (:func:`run_pytest_forked`'s
inner pytest run, a bench script).
"""

from __future__ import annotations

import gc
import io
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run_in_subprocess(argv: list[str], env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """``python3 -m harness *argv`` in the checkout, with ``env`` over the environment
    (:func:`_environment_with`)."""
    full_env = _environment_with(env)
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
                status = _exit_status(e)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(argv, status, _text(out.read()), _text(err.read()))


def run_nbt(capsys, *argv) -> tuple[int, str, str]:
    """``harness nbt *argv`` through :func:`harness.cli.main` (each argument as text), its status
    and what it wrote to ``sys.stdout`` and ``sys.stderr``, read from pytest's ``capsys``."""
    from harness.cli import main

    status = main(["nbt", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


def run_forked(argv: list[str], stdin: bytes = b"", cwd: str | os.PathLike | None = None, stdout: int | None = None,
               timeout: float = 120, env: dict | None = None, before=None) -> subprocess.CompletedProcess:
    """:func:`harness.cli.main` on ``argv`` in a child forked from this (warm) process, where a
    test is about a process of its own (its standard input from a pipe, its file descriptors, a
    wait that must not hang the test) but not about the interpreter's start: ``stdin`` is written
    to a pipe on its file descriptor 0, ``stdout`` (a file descriptor, such as a terminal's) or a
    capture on 1, a capture on 2, the working folder ``cwd`` (default the checkout), ``env`` over
    the environment (:func:`_environment_with`), and ``before()`` called first (to forget what this process keeps in memory,
    as a new process would not have it). Its exit status and captured output as bytes, as
    ``subprocess.run(..., capture_output=True)`` gives; killed after ``timeout`` seconds
    (:class:`subprocess.TimeoutExpired`). A ``SystemExit`` is its status, any other exception a
    traceback on its stderr and status 1."""
    import threading

    from harness.cli import build_parser

    build_parser(argv[0] if argv else None)  # the verb's module imported here, once, not in every child
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        read_end, write_end = os.pipe()

        def child() -> int:
            os.close(write_end)
            if before is not None:
                before()
            return command_status(["-m", "harness", *argv])

        pid = fork(child, (read_end, out.fileno() if stdout is None else stdout, err.fileno()), cwd=cwd or REPO,
                   env=_environment_with(env))
        os.close(read_end)

        def feed():
            try:
                _write_all(write_end, stdin)
            except OSError:  # the child ended without reading it all
                pass
            finally:
                os.close(write_end)

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        status, _, timed_out = wait(pid, timeout)
        feeder.join()
        if timed_out:
            raise subprocess.TimeoutExpired(argv, timeout)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(argv, status, out.read(), err.read())


SESSION_VARIABLES = ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER", "PYTEST_PLUGINS")


def run_pytest_forked(args: list[str], cwd: str | os.PathLike, env: dict | None = None, path: tuple[str, ...] = (),
                      fresh: tuple[str | os.PathLike, ...] = (), timeout: float = 300) -> subprocess.CompletedProcess:
    """``pytest.main(args)`` in a child forked from this process (its imports already paid, not a
    new interpreter's), as ``python3 -m pytest ARGS`` in ``cwd`` would run: its standard input
    ``/dev/null``; the environment this one's without this session's own variables
    (:data:`SESSION_VARIABLES`: its options, its xdist worker, its plugins), ``env`` over it
    (:func:`_environment_with`); ``path`` first on ``sys.path``; every ``conftest``
    module and every module from a file under one of the folders ``fresh`` left out of
    ``sys.modules``, to be imported afresh. Its exit status and the text written to its file
    descriptors 1 and 2; after ``timeout`` seconds killed and the test failed."""
    import pytest

    run_env = _environment_with(env, drop=SESSION_VARIABLES)
    folders = [Path(f) for f in fresh]

    def forgotten(name: str, module) -> bool:
        file = getattr(module, "__file__", None)
        return name == "conftest" or bool(file) and any(Path(file).is_relative_to(f) for f in folders)

    def inner_run() -> int:
        sys.path[:0] = list(path)
        for name in [n for n, m in sys.modules.items() if forgotten(n, m)]:
            del sys.modules[name]
        return int(pytest.main(list(args)))

    return run_body_forked(args, inner_run, cwd, env=run_env, timeout=timeout)


def run_body_forked(args, body, cwd: str | os.PathLike | None, env: dict | None = None,
                    timeout: float = 300) -> subprocess.CompletedProcess:
    """``body()`` in a child forked from this process (:func:`fork`), its standard input
    ``/dev/null``, in the working folder ``cwd``, with the environment ``env`` (else this one's):
    its exit status and the text written to its file descriptors 1 and 2, as
    ``subprocess.run(args, capture_output=True, text=True)`` gives (``args`` only named there);
    after ``timeout`` seconds killed and the test failed."""
    import pytest

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, open(os.devnull, "rb") as nothing:
        pid = fork(body, (nothing.fileno(), out.fileno(), err.fileno()), cwd=cwd, env=env)
        status, _, timed_out = wait(pid, timeout)
        if timed_out:
            pytest.fail(f"the forked run of {args!r} did not end in {timeout} s")
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(args, status, _text(out.read()), _text(err.read()))


def fork(body, fds: tuple[int, int, int], cwd: str | os.PathLike | None = None, session: bool = False,
         env: dict | None = None) -> int:
    """A child forked from this process, its id: in it, with ``session`` a session of its own
    (:func:`os.setsid`), ``fds`` on its file descriptors 0, 1 and 2 (-1: that one left as it is;
    ``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` made again on them: :func:`standard_streams`),
    the working folder ``cwd`` (else this one's), the environment ``env`` (else this one's), then
    ``body()``, whose result is the child's exit status (one that is no int: status 1; an
    exception: its traceback on stderr, status 1); the standard streams flushed, the child ends
    there (``os._exit``: never returns into the caller, runs no ``atexit`` function of the
    parent's). Wait for it with :func:`wait`."""
    _flush_standard_streams()  # nothing this process has buffered is written twice
    pid = os.fork()
    if pid:
        return pid
    status = 1
    try:
        gc.freeze()  # the parent's objects: never traversed by the child's collections (nor copied for them)
        if session:
            os.setsid()
        for fd, target in enumerate(fds):
            if target != -1:
                os.dup2(target, fd)
        if cwd is not None:
            os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        standard_streams()
        status = body()
    except BaseException:
        import traceback

        traceback.print_exc()
        status = 1
    finally:
        _flush_standard_streams()
        os._exit(status if isinstance(status, int) else 1)


def wait(pid: int, timeout: float, group: bool = False):
    """Wait for the child ``pid``, killing it (with ``group`` its process group, of which it is the
    leader) after ``timeout`` seconds; with ``group`` then whatever of its group is left. ``(exit
    status, its resource usage from wait4, whether it was killed at the timeout)``."""
    import time

    deadline, pause = time.monotonic() + timeout, 0.001
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            timed_out = False
            break
        if time.monotonic() > deadline:
            timed_out = True
            (os.killpg if group else os.kill)(pid, 9)
            _, status, usage = os.wait4(pid, 0)
            break
        time.sleep(pause)
        pause = min(pause * 2, 0.01)
    if group:
        try:
            os.killpg(pid, 9)  # anything the command left behind
        except (ProcessLookupError, PermissionError):
            pass
    return os.waitstatus_to_exitcode(status), usage, timed_out


def standard_streams() -> None:
    """``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` made again on file descriptors 0, 1 and 2,
    as the interpreter makes them at its start (UTF-8; stderr line-buffered, ``backslashreplace``):
    in a forked child whose descriptors were just replaced."""
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding="utf-8",
                                  errors="backslashreplace", line_buffering=True)


def command_status(argv: list[str]) -> int:
    """Run ``python3 *argv``'s command in this process and give the status it would end with:
    ``-m harness ARGS`` calls :func:`harness.cli.main` on ARGS, ``-c CODE`` runs the code as
    ``__main__``, ``SCRIPT ARGS`` runs the file as ``__main__`` (its ``__file__`` set, its
    folder first on ``sys.path``). A ``SystemExit`` is its status; any other exception a
    traceback on stderr and status 1, as the interpreter ends; ``sys.stdout`` and
    ``sys.stderr`` are flushed after."""
    import runpy
    import traceback

    try:
        if argv[:2] == ["-m", "harness"]:
            from harness.cli import main

            sys.argv = [str(REPO / "harness" / "__main__.py"), *argv[2:]]
            status = main(argv[2:])
        elif argv[0] == "-c":
            sys.argv = ["-c", *argv[2:]]
            exec(compile(argv[1], "<string>", "exec"), {"__name__": "__main__"})
            status = 0
        else:
            sys.argv = list(argv)
            sys.path.insert(0, os.path.dirname(os.path.realpath(argv[0])))
            runpy.run_path(argv[0], run_name="__main__")
            status = 0
    except SystemExit as e:
        status = _exit_status(e)
    except BaseException:
        traceback.print_exc()
        status = 1
    _flush_standard_streams()
    return status


def bench_module(name: str):
    """``bench/NAME.py`` as a module (``bench_NAME``, left out of ``sys.modules``: each call a
    fresh one), to call its ``main(argv)`` and its functions in this process."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"bench_{name}", REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _environment_with(env: dict | None, drop: tuple[str, ...] = ()) -> dict:
    """This process's environment without the variables ``drop``, ``env`` laid over it (a
    ``None`` value: that variable removed)."""
    full = {k: v for k, v in os.environ.items() if k not in drop}
    for k, v in (env or {}).items():
        if v is None:
            full.pop(k, None)
        else:
            full[k] = v
    return full


def _exit_status(e: SystemExit) -> int:
    """The exit status the interpreter gives a ``SystemExit`` (a code that is no int printed to stderr, status 1)."""
    if e.code is None or isinstance(e.code, int):
        return e.code or 0
    print(e.code, file=sys.stderr)
    return 1


def _flush_standard_streams() -> None:
    """``sys.stdout`` and ``sys.stderr`` flushed, a stream already closed or broken let be."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


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
        _flush_standard_streams()
        sys.stdout, sys.stderr = streams
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])
