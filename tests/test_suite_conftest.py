"""How the suite runs (tests/conftest.py): the whole suite on every core, never a worker
starting workers of its own; ``from conftest import`` meaning the nearest conftest.py."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers_cli import run_pytest_forked

import conftest as top

REPO = Path(__file__).resolve().parent.parent


def _config(**kw):
    option = SimpleNamespace(numprocesses=None, dist="no")
    values = {"usepdb": False, "collectonly": False}
    config = SimpleNamespace(option=option, args=[], args_source=pytest.Config.ArgsSource.TESTPATHS,
                             pluginmanager=SimpleNamespace(hasplugin=lambda name: True),
                             getoption=lambda name, default=None: values.get(name, default))
    for k, v in kw.items():
        setattr(config, k, v)
    return config


def test_the_whole_suite_runs_on_every_core_and_a_selection_in_one_process(monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    whole = _config()
    top.pytest_cmdline_main(whole)
    assert whole.option.numprocesses == "auto" and whole.option.dist == "loadgroup"
    some = _config(args=[str(REPO / "tests" / "formats")], args_source=pytest.Config.ArgsSource.ARGS)
    top.pytest_cmdline_main(some)
    assert some.option.numprocesses is None and some.option.dist == "no"
    given = _config()
    given.option.numprocesses = 0  # -n 0
    top.pytest_cmdline_main(given)
    assert given.option.numprocesses == 0 and given.option.dist == "no"
    chosen = _config()
    chosen.option.dist = "loadfile"  # --dist given: kept
    top.pytest_cmdline_main(chosen)
    assert chosen.option.numprocesses == "auto" and chosen.option.dist == "loadfile"


def test_the_slowest_modules_run_first_and_the_rest_keep_their_order():
    assert all((top.TESTS / name).is_file() for name in top.FIRST), "a module of conftest.FIRST is gone"
    names = ["engine/test_engine_fuzz.py", top.FIRST[1], "formats/test_nbt_cli.py", top.FIRST[0], "api/test_public_names.py"]
    items = [SimpleNamespace(path=top.TESTS / name, n=i) for i, name in enumerate(names)]
    top.pytest_collection_modifyitems(None, items)
    assert [item.n for item in items] == [3, 1, 0, 2, 4]


def test_a_worker_never_starts_workers_of_its_own(monkeypatch):
    # pytest-xdist runs pytest_cmdline_main in each worker with numprocesses None: were it
    # set there, every worker would start the whole suite again on two workers of its own
    worker = _config(workerinput={"workerid": "gw0"})
    top.pytest_cmdline_main(worker)
    assert worker.option.numprocesses is None
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    again = _config()
    top.pytest_cmdline_main(again)
    assert again.option.numprocesses is None


def test_conftest_means_the_nearest_one_when_rig_and_engine_run_together():
    """A run of its own (forked from this one, the modules of tests/ to be imported afresh)."""
    done = run_pytest_forked(["--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest",
                              "tests/rig/test_rig_fetch.py",
                              "tests/engine/test_engine_generators.py", "tests/formats/test_palette_rules.py"],
                             REPO, fresh=(top.TESTS,))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "tests/rig/test_rig_fetch.py::" in done.stdout and "tests/formats/test_palette_rules.py::" in done.stdout


def test_workers_group_their_ids_when_the_controller_chose_loadgroup():
    # a worker parses the command line again (no --dist there): the controller tells it
    for dist, grouped in (("loadgroup", True), ("load", False)):
        node = SimpleNamespace(workerinput={"workerid": "gw0"}, config=SimpleNamespace(option=SimpleNamespace(dist=dist)))
        top.pytest_configure_node(node)
        registered = {}
        worker = SimpleNamespace(workerinput=node.workerinput, option=SimpleNamespace(loadgroup=False),
                                 addinivalue_line=lambda *a: None,
                                 pluginmanager=SimpleNamespace(register=lambda p, name: registered.setdefault(name, p)))
        top.pytest_configure(worker)
        assert worker.option.loadgroup is grouped
        assert isinstance(registered.pop("mc-worker-end"), top._WorkerEnd) and not registered


def test_a_worker_ends_after_every_plugins_end_flushing_its_output_first(monkeypatch):
    exits, flushed = [], []
    monkeypatch.setattr(top.os, "_exit", exits.append)
    monkeypatch.setattr(top.sys, "stdout", SimpleNamespace(flush=lambda: flushed.append("stdout")))
    monkeypatch.setattr(top.sys, "stderr", SimpleNamespace())  # replaced by a test: no flush, no error
    top._WorkerEnd().pytest_unconfigure(None)
    assert exits == [0] and flushed == ["stdout"]
    assert top._WorkerEnd.pytest_unconfigure.pytest_impl["trylast"]  # after every other plugin's end


def _rewritten(prefixes: tuple[str, ...]) -> list[str]:
    """The loaded modules under ``prefixes`` that pytest's assert-rewriting hook loaded."""
    import sys

    return sorted(name for name, module in list(sys.modules.items()) if name.startswith(prefixes) and
                  type(getattr(getattr(module, "__spec__", None), "loader", None)).__name__ == "AssertionRewritingHook")


def test_only_the_tests_asserts_are_rewritten():
    # pytest marks every module of a pytest11 plugin's distribution for rewriting: ours (harness,
    # rig), hypothesis's, xdist's...; the plugin and the suite's conftest take them off its list
    # (what the plugins load before either runs stays rewritten)
    import harness.engine.runner  # noqa: F401
    import hypothesis.core  # noqa: F401
    import rig.jvm  # noqa: F401

    assert _rewritten(("harness.engine.runner", "harness.formats.nbt", "hypothesis.core", "rig.jvm")) == []
    assert _rewritten((__name__,)) == [__name__]  # a test module itself is rewritten


def test_the_runs_temporary_files_are_in_a_ram_folder_of_its_own(tmp_path):
    import shutil
    import tempfile

    chosen = os.environ.get("TMPDIR", "")
    ours = f"{top.RAM_FOLDER}/mch-tests-"
    if not chosen.startswith(ours) and (chosen or not top.RAM_FOLDER.is_dir() or
                                        shutil.disk_usage(top.RAM_FOLDER).free < top.RAM_ROOM):
        pytest.skip("TMPDIR chosen by the user, or no RAM folder with room here")
    assert chosen.startswith(ours) and str(tmp_path).startswith(chosen + "/pytest-of-")
    assert tempfile.gettempdir() == chosen
