"""The rig's Python children forked from the warm test process, not started afresh.

``python3 -m rig.worker`` (the game's worker: :meth:`rig.runner.Game.process`, a fuzz
campaign's judge and ``--impl``, the surrogate tests' worker) and ``python3 -m rig.bench``
(``bench/palette.py --jar``) are started by :class:`subprocess.Popen`. While
:func:`forking_rig_children` is in force, such a command line (``sys.executable -m
rig.worker ...``) is run by :class:`ForkingPopen` in a child forked from this process, which
has the harness and the rig imported already: the module's ``main(argv)`` with the child's
pipes on its file descriptors 0, 1 and 2, the working folder and environment it was given, a
session of its own when it asked for one (``start_new_session``), every other file
descriptor closed (so that no sibling holds a pipe of another child open: a crash is seen as
the end of its output, as with a fresh process), and its exit status ``main``'s. The child
pays its JVM's start, not an interpreter's start and the imports (about half of a worker's
CPU time). Every other command line is started as ``subprocess.Popen`` starts it.

Each JVM started in such a child runs with :data:`CHEAP_JVM_OPTIONS` before its own options
(``rig.jvm.start``, wrapped in the child only): the quick JIT alone, one compiler thread, the
serial GC, no performance-data file. They change how fast the JVM starts and how hot code
is compiled, never an answer (about a third of a JVM's start-up CPU on two cores).

A fork is no ``exec``: ``sys.executable`` is not started again, so a test about the
interpreter's own start (``python3 -m harness ...`` in :func:`tests.helpers_cli.run_in_subprocess`)
is never forked, and a child's JVM is the first in its process only because the test
process never starts one (JPype's rule: one JVM per process).
"""

from __future__ import annotations

import contextlib
import faulthandler
import importlib
import inspect
import os
import subprocess
import sys

FORKED_MODULES = ("rig.worker", "rig.bench")
CHEAP_JVM_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:+UseSerialGC", "-XX:-UsePerfData")

_REAL_POPEN = subprocess.Popen
_PARAMETERS = [p for p in inspect.signature(_REAL_POPEN._execute_child).parameters if p != "self"]


def forked_module(args) -> tuple[str, list[str]] | None:
    """``(module, argv)`` for a command line ``sys.executable -m <one of FORKED_MODULES> ARGS``,
    else None."""
    if isinstance(args, (str, bytes, os.PathLike)):
        return None
    args = [os.fspath(a) for a in args]
    if len(args) >= 3 and args[0] == sys.executable and args[1] == "-m" and args[2] in FORKED_MODULES:
        return args[2], args[3:]
    return None


class ForkingPopen(_REAL_POPEN):
    """``subprocess.Popen`` that forks this process for a :func:`forked_module` command line
    (module docstring) and starts any other as ``subprocess.Popen`` does; ``poll``, ``wait``,
    ``kill`` and the pipes are ``Popen``'s own."""

    def _execute_child(self, *args):
        given = dict(zip(_PARAMETERS, args))
        got = None if given["shell"] or given["executable"] else forked_module(given["args"])
        if got is None:
            return super()._execute_child(*args)
        from helpers_cli import fork  # (tests/: on the path of a test run, not of the stand-in's build)

        module, argv = got
        main = importlib.import_module(module).main  # imported here once, not in every child
        with contextlib.suppress(ImportError):  # so is JPype (with NumPy), which every child starts its JVM with
            importlib.import_module("jpype")
        # the child's descriptors 0, 1 and 2: its pipes, or (-1) this process's own where Popen was given none
        self.pid = fork(lambda: _child(module, main, argv, given),
                        tuple(given[k] for k in ("p2cread", "c2pwrite", "errwrite")), cwd=given["cwd"],
                        session=bool(given.get("start_new_session")), env=given["env"])
        self._child_created = True
        self._close_pipe_fds(*(given[k] for k in ("p2cread", "p2cwrite", "c2pread", "c2pwrite", "errread", "errwrite")))


def _child(module: str, main, argv: list[str], given: dict) -> int:
    """In the forked child (:func:`helpers_cli.fork`: its descriptors, folder, environment and
    session already as ``Popen`` would have given them): no other descriptor open, then
    ``main(argv)``; the exit status."""
    from helpers_cli import _exit_status

    _close_all_but_standard(set(given.get("pass_fds") or ()))
    faulthandler.disable()  # the test process's handlers: the JVM installs its own
    _cheap_jvm()
    sys.argv = [module, *argv]
    try:
        return main(argv) or 0
    except SystemExit as e:
        return _exit_status(e)


def _close_all_but_standard(kept: set[int]) -> None:
    """Close every file descriptor above 2 but those ``kept`` (``pass_fds``): the test process's
    own, other children's pipes."""
    try:
        open_fds = sorted(int(name) for name in os.listdir("/proc/self/fd"))
    except (OSError, ValueError):
        open_fds = range(3, min(os.sysconf("SC_OPEN_MAX"), 65536))
    for fd in open_fds:
        if fd > 2 and fd not in kept:
            with contextlib.suppress(OSError):
                os.close(fd)


def _cheap_jvm() -> None:
    """``rig.jvm.start`` of this child with :data:`CHEAP_JVM_OPTIONS` before the options given."""
    from rig import jvm

    real = jvm.start

    def start(runtime, classpath, options=()):
        return real(runtime, classpath, [*CHEAP_JVM_OPTIONS, *options])

    jvm.start = start


@contextlib.contextmanager
def forking_rig_children():
    """:class:`ForkingPopen` as ``subprocess.Popen`` for the block (``subprocess.run`` and
    every ``subprocess.Popen(...)`` call included); the real one restored after it."""
    subprocess.Popen = ForkingPopen
    try:
        yield
    finally:
        subprocess.Popen = _REAL_POPEN
