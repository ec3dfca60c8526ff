"""The run's workers share the tests' rewritten asserts (tests/helpers_rewrites.py): each rewrites
its share of the modules, and pytest's import hook reads the others' from the run's folder."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite
from helpers_rewrites import prewrite, read_from, run_modules, share, stop_reading

TESTS = Path(__file__).resolve().parent


def test_the_run_s_modules_are_those_under_its_paths():
    everything = run_modules(["tests"], TESTS.parent, TESTS)
    assert Path(__file__).resolve() in everything and everything == sorted(everything)
    assert TESTS / "engine" / "test_engine_fuzz.py" in everything
    engine = run_modules(["tests/engine", "tests/test_versions.py::test_x"], TESTS.parent, TESTS)
    assert TESTS / "test_versions.py" in engine and TESTS / "engine" / "test_engine_fuzz.py" in engine
    assert not any(p.is_relative_to(TESTS / "rig") for p in engine)
    assert run_modules(["harness"], TESTS.parent, TESTS) == []  # not the tests': none shared


def test_each_worker_has_its_own_share_and_together_every_module():
    modules = [Path(f"test_{i}.py") for i in range(7)]
    shares = [share(modules, i, 2) for i in range(2)]
    assert sorted(shares[0] + shares[1]) == sorted(modules) and not set(shares[0]) & set(shares[1])


def test_a_module_rewritten_in_the_folder_is_read_from_there_with_its_asserts_rewritten(tmp_path, request, monkeypatch):
    tests, folder = tmp_path / "tests", tmp_path / "rewritten"
    (tests / "sub").mkdir(parents=True)
    module = tests / "sub" / "test_sample.py"
    module.write_text("def test_it():\n    x = 1\n    assert x == 2\n")
    assert prewrite(request.config, [module], folder, tests) == 1
    assert prewrite(request.config, [module], folder, tests) == 0  # there already: left
    pyc = folder / "sub" / f"test_sample{rewrite.PYC_TAIL}"
    code = rewrite._read_pyc(module, pyc)
    assert code is not None
    namespace: dict = {}
    exec(code, namespace)
    with pytest.raises(AssertionError, match=r"assert 1 == 2"):  # rewritten: the values shown
        namespace["test_it"]()

    monkeypatch.setattr(rewrite, "get_cache_dir", rewrite.get_cache_dir)  # undone after the test
    own = rewrite.get_cache_dir
    assert read_from(folder, tests)
    assert rewrite.get_cache_dir(module) == pyc.parent
    other = tests / "test_not_rewritten.py"
    assert rewrite.get_cache_dir(other) == own(other)  # not in the folder: where pytest keeps it
    assert rewrite.get_cache_dir(Path(__file__)) == own(Path(__file__))


def test_pytest_s_import_hook_reads_a_module_from_the_folder(tmp_path, request, monkeypatch):
    # through the hook itself: it must still look up the module-level get_cache_dir read_from replaces
    hooks = [h for h in sys.meta_path if isinstance(h, rewrite.AssertionRewritingHook)]
    if not hooks:
        pytest.skip("asserts not rewritten (--assert=plain)")
    assert "get_cache_dir" in rewrite.AssertionRewritingHook.exec_module.__code__.co_names
    tests, folder = tmp_path / "tests", tmp_path / "rewritten"
    tests.mkdir()
    name = "test_mc_rewrites_sample_read_by_the_hook"
    (tests / f"{name}.py").write_text("def test_it():\n    x = 1\n    assert x == 2\n")
    assert prewrite(request.config, [tests / f"{name}.py"], folder, tests) == 1
    monkeypatch.setattr(rewrite, "get_cache_dir", rewrite.get_cache_dir)  # undone after the test
    assert read_from(folder, tests)
    rewritten = []
    own_rewrite = rewrite._rewrite_test
    monkeypatch.setattr(rewrite, "_rewrite_test", lambda *a: rewritten.append(a) or own_rewrite(*a))
    monkeypatch.syspath_prepend(str(tests))
    monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module(name)
    monkeypatch.delitem(sys.modules, name)
    assert rewritten == []  # read from the folder, not rewritten again
    assert module.__loader__ in hooks
    with pytest.raises(AssertionError, match=r"assert 1 == 2"):  # the folder's code: asserts rewritten
        module.test_it()


def test_internals_not_as_expected_change_nothing(tmp_path, request, monkeypatch):
    module = tmp_path / "test_sample.py"
    module.write_text("def test_it():\n    pass\n")
    monkeypatch.setattr(rewrite, "_rewrite_test", lambda source: None)  # a signature of another pytest
    assert prewrite(request.config, [module], tmp_path / "rewritten", tmp_path) == 0  # no TypeError
    monkeypatch.setattr(rewrite, "get_cache_dir", rewrite.get_cache_dir)
    own = rewrite.get_cache_dir
    assert read_from(tmp_path / "rewritten", tmp_path) and rewrite.get_cache_dir is not own
    stop_reading()
    assert rewrite.get_cache_dir is own
