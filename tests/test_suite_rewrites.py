"""The run's workers share the tests' rewritten asserts (tests/helpers_rewrites.py): each rewrites
its share of the modules, and pytest's import hook reads the others' from the run's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.assertion import rewrite
from helpers_rewrites import prewrite, read_from, run_modules, share

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
