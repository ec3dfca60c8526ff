"""Shared test helpers: the bundled references and the real files the game wrote.

Also how the suite runs (hooks below): the whole suite (``python3 -m pytest``, ``pytest
tests``) on every core through pytest-xdist, a selection of it in one process; the harness's
load cache in a folder of the run's own; ``from conftest import X`` meaning the conftest.py
nearest above the test module."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager, nullcontext
from functools import lru_cache
from pathlib import Path

import pytest

from harness.pytest_plugin import not_rewritten

not_rewritten(None)  # only the tests' own asserts are rewritten: not hypothesis's, xdist's, pytest-benchmark's
from harness.engine.reference import load_reference  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "reference"
SHARED = REPO.parent / "shared"  # ../shared beside the checkout (CI lays a copy there too)
RECORDED_VERSIONS = ("1.20.1", "1.21.1", "26.1.2", "26.3")


@lru_cache(maxsize=None)
def _reference(version: str, area: str):
    return load_reference(REFERENCE / version, areas=[area])  # that area's file only


def reference_cases(version: str, area: str) -> list[dict]:
    """Every case of one area of ``reference/<version>/`` (the game's recorded answers), in
    recorded order; each a fresh mapping (``source`` left out). Only that area's file is
    read (once a process)."""
    return [{k: v for k, v in c.items() if k != "source"} for c in _reference(version, area).cases if c["area"] == area]


def reference_case(version: str, case_id: str) -> dict:
    """One recorded case by id (its area is the id's first component)."""
    area = case_id.split("/", 1)[0]
    for case in reference_cases(version, area):
        if case["id"] == case_id:
            return case
    raise KeyError(f"{case_id} not in reference/{version}/ ({area})")


@pytest.fixture
def default_recursion_limit():
    """The interpreter's default recursion limit (1,000) for the test, the one before restored
    after: a deep tree meets Python's own limit as it would in a fresh process (another test of a
    full run may have left a larger one; the SNBT parser raises it to its own stack, never lowers it)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000)
    yield
    sys.setrecursionlimit(old)


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED


@pytest.fixture(autouse=True)
def _fresh_answers():
    """Each test starts with our implementation's reused answers forgotten, so a test that
    patches a module of it sees the patch (harness.implementations.python keeps answers)."""
    from harness.implementations import python

    python.forget()
    yield


def compiled_nbt_built() -> bool:
    """Whether the compiled NBT fast paths (``harness.formats.nbt.fast_binary``: binary NBT and
    the SNBT text of arrays) are built here."""
    from harness.formats.nbt import fast_binary

    return fast_binary.compiled is not None and fast_binary.array_text is not None


@contextmanager
def pure_nbt():
    """The block on the pure-Python NBT reader, writer and array printer (the fallback), the
    compiled fast paths put back after it, whatever it raises. The writer's write-plan cache
    starts empty (the compiled path fills the one the pure path reads), so the pure path never
    answers with what the compiled one computed."""
    from harness.formats.nbt import binary_reader, binary_writer, string_tag_visitor

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(binary_reader, "_compiled", None)
        patch.setattr(binary_writer, "_compiled", None)
        patch.setattr(string_tag_visitor, "_compiled_text", None)
        patch.setattr(binary_writer, "_STATES", {})
        yield


@pytest.fixture(params=["compiled", "pure"])
def nbt_path(request):
    """Runs a test on each NBT path: the compiled fast paths (skipped where they are not built:
    :func:`compiled_nbt_built`) and the pure-Python ones (:func:`pure_nbt`)."""
    if request.param == "compiled" and not compiled_nbt_built():
        pytest.skip("the compiled NBT fast paths are not built here (./setup.sh builds them)")
    with pure_nbt() if request.param == "pure" else nullcontext():
        yield request.param


# --- how the suite runs ------------------------------------------------------------------
TESTS = Path(__file__).resolve().parent
from harness.engine.load_cache import CACHE_ENV  # noqa: E402  (the suite gives each run its own cache)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """The whole suite runs on every core (``-n auto``, ``--dist loadgroup``: tests marked
    ``xdist_group`` share one worker, and so their module's fixtures) when pytest-xdist is
    installed and no ``-n`` was given; a selection of files runs in one process (starting
    workers would cost more than it saves). ``-n 0`` or ``-p no:xdist`` runs everything serially."""
    if hasattr(config, "workerinput") or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a worker runs its share in its own process (its numprocesses is None too)
    if not config.pluginmanager.hasplugin("xdist") or getattr(config.option, "numprocesses", 0) is not None:
        return
    if config.getoption("usepdb", False) or config.getoption("collectonly", False):
        return
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS or \
        all(Path(a).resolve() == TESTS for a in config.args)
    if whole:
        config.option.numprocesses = "auto"
        if getattr(config.option, "dist", "no") == "no":
            config.option.dist = "loadgroup"


RAM_FOLDER = Path("/dev/shm")  # a RAM file system, where the machine has one
RAM_ROOM = 2 << 30  # bytes free there for the run's temporary files (they come to ~600 MB in all, far fewer at once)


def _ram_temp_folder() -> str | None:
    """A new folder for this run's temporary files in :data:`RAM_FOLDER`, or None (no such
    folder, not writable, under :data:`RAM_ROOM` free, or ``TMPDIR`` set by the user, who
    chose where they go). The tests write and remove some 600 MB; on this project's 2-core
    machines a disk makes that a fifth of the suite's CPU time (writeback, fsyncs) and waits."""
    if os.environ.get("TMPDIR") or not RAM_FOLDER.is_dir() or not os.access(RAM_FOLDER, os.W_OK):
        return None
    try:
        if shutil.disk_usage(RAM_FOLDER).free < RAM_ROOM:
            return None
        return tempfile.mkdtemp(prefix="mch-tests-", dir=RAM_FOLDER)  # short: a few tests show paths
    except OSError:
        return None


class _WorkerEnd:
    """(Registered in a pytest-xdist worker) The worker process ends after every plugin's
    ``pytest_unconfigure``, without its interpreter's teardown: it has sent the controller
    every report and its "finished", and the controller waits for the process to be gone
    before it prints the run's end. That teardown (pytest's last garbage collections over the
    worker's heap of recorded cases and trees, then freeing it object by object) took 1–2 s
    of a whole suite's run, both cores otherwise idle. A worker's exit status is not the
    run's: the controller's is."""

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self, config):
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):  # closed or replaced by a test
                pass
        os._exit(0)


def pytest_configure(config):
    """This run's temporary files (``tmp_path``, :mod:`tempfile`, the workers' and their
    children's) in a RAM folder of its own (:func:`_ram_temp_folder`) where there is one, and
    the harness's load cache (harness.engine.load_cache) in a folder of the run's own, shared
    by its workers, never the user's: each run starts with it empty. Both are removed after
    the run. A pytest-xdist worker ends without its interpreter's teardown (:class:`_WorkerEnd`).
    (Also names the ``xdist_group`` mark for a run without pytest-xdist, which has no use for it.)"""
    config.addinivalue_line("markers", "xdist_group(name): run on the worker of the other tests of this group")
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the controller's folders, inherited
        config.pluginmanager.register(_WorkerEnd(), "mc-worker-end")
        if config.workerinput.get("mc_dist") == "loadgroup":
            config.option.loadgroup = True  # its ids carry their group, as with --dist loadgroup given
        if config.workerinput.get("mc_rewrites"):
            _share_rewrites(config, Path(config.workerinput["mc_rewrites"]))
        return
    config._mc_env = pytest.MonkeyPatch()  # undone when the run ends
    config._mc_folders = []
    ram = _ram_temp_folder()
    if ram:
        config._mc_folders.append(ram)
        config._mc_env.setenv("TMPDIR", ram)
        config._mc_env.setattr(tempfile, "tempdir", None)  # asked again: TMPDIR
    folder = tempfile.mkdtemp(prefix="mc-format-harness-test-cache-")
    config._mc_folders.append(folder)
    config._mc_env.setenv(CACHE_ENV, folder)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """(Not in a pytest-xdist worker) The stand-in's build started (:func:`_start_standin_build`)."""
    if not hasattr(session.config, "workerinput"):
        session.config._mc_standin = _start_standin_build(session.config)


def _runs_every_rig_test(config) -> bool:
    """Whether the run holds the whole of tests/rig (the suite, or that folder named)."""
    if config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        return True
    rig = TESTS / "rig"
    paths = [Path(a.split("::", 1)[0]).resolve() for a in config.args]
    return any(p in (TESTS, rig) for p in paths)


def _start_standin_build(config):
    """The rig tests' stand-in jars (``tests/rig/standin_build.py``, :func:`built_once`) built in a
    child process of their own from the start, when the run holds every rig test and a
    ``javac`` is there: the build overlaps the workers' start and collection, instead of both
    workers' first rig tests waiting on it. The child (a ``Popen``), or None; the run's end
    waits for it."""
    if config.getoption("collectonly", False) or not _runs_every_rig_test(config) or shutil.which("javac") is None:
        return None
    run_folder = config._tmp_path_factory.getbasetemp()  # each pytest-xdist worker's folder is inside it
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    return subprocess.Popen([sys.executable, str(TESTS / "rig" / "standin_build.py"), str(run_folder)], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """(pytest-xdist, in the controller) Tell each worker the distribution chosen here: a
    worker parses the command line again, where ``pytest_cmdline_main`` may have chosen
    ``loadgroup`` without a ``--dist``, and only ids with their group reach the same worker.
    With bytecode writing off, also the run's folder of rewritten test modules (:func:`_share_rewrites`)."""
    node.workerinput["mc_dist"] = node.config.option.dist
    folders = getattr(node.config, "_mc_folders", None)  # the run's own (pytest_configure)
    if sys.dont_write_bytecode and folders is not None:  # else pytest keeps the rewritten tests beside them
        if not hasattr(node.config, "_mc_rewrites"):
            node.config._mc_rewrites = tempfile.mkdtemp(prefix="mc-format-harness-test-rewrites-")
            folders.append(node.config._mc_rewrites)
        node.workerinput["mc_rewrites"] = node.config._mc_rewrites


def _share_rewrites(config, folder: Path) -> None:
    """(In a pytest-xdist worker) The tests' rewritten asserts shared with the other workers
    (helpers_rewrites): this worker's share of the run's test modules rewritten into ``folder``
    first, and every module read from there where a worker put it. Anything raised (pytest's
    internals not as it expects) undoes it: the worker rewrites what it collects, as pytest does."""
    from helpers_rewrites import prewrite, read_from, run_modules, share, stop_reading

    try:
        base = config.rootpath if config.args_source == pytest.Config.ArgsSource.TESTPATHS else config.invocation_params.dir
        modules = run_modules(config.args, base, TESTS)
        number = config.workerinput.get("workerid", "").removeprefix("gw")  # gw0, gw1, ...
        if modules and number.isdigit() and read_from(folder, TESTS):
            prewrite(config, share(modules, int(number), config.workerinput.get("workercount", 1)), folder, TESTS)
    except Exception:
        stop_reading()


def pytest_unconfigure(config):
    standin = getattr(config, "_mc_standin", None)
    if standin is not None and standin.poll() is None:
        standin.kill()  # a run that ended before its build did (interrupted, or -x)
    if standin is not None:
        standin.wait()
    for folder in reversed(getattr(config, "_mc_folders", [])):
        shutil.rmtree(folder, ignore_errors=True)
    if hasattr(config, "_mc_env"):
        config._mc_env.undo()


def pytest_collectstart(collector):
    """``from conftest import X`` in a test module (or a helper it imports) means the
    conftest.py nearest above it. Every conftest.py outside a package is imported as the
    module ``conftest``, so the last one loaded would answer (tests/rig's, when tests/rig
    and tests/engine run in one invocation)."""
    if isinstance(collector, pytest.Module):
        for folder in collector.path.parents:
            module = collector.config.pluginmanager.get_plugin(str(folder / "conftest.py"))
            if module is not None:
                sys.modules["conftest"] = module
                return
            if folder == TESTS:
                return


# Modules whose tests take the longest (each several seconds of JVMs or child processes), run
# first so that no worker is left with one of them while the other has finished: the order
# only, every test still runs (a stable sort; a module missing from the list keeps its place).
FIRST = ("rig/test_rig_fuzz.py", "rig/test_rig_bench.py", "rig/test_rig_end_to_end.py", "rig/test_rig_region.py",
         "rig/test_rig_releases.py", "hostile/test_corpus.py", "test_every_release.py")


def pytest_collection_modifyitems(config, items):
    """:data:`FIRST`'s modules to the front, in its order; the rest in collection order."""
    rank = {(TESTS / name).as_posix(): i for i, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.path.as_posix(), len(FIRST)))
