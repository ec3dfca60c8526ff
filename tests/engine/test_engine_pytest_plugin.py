"""The pytest plugin (harness/pytest_plugin.py), run as a user would: in a folder of their own.

The plugin is registered the way an installed package registers it: an entry point
``pytest11`` (a dist-info written into a temporary folder on ``PYTHONPATH``, the same as
``pyproject.toml`` declares), so these tests do not depend on how this checkout is installed.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers_adapter import adapter_command
from helpers_cli import run_pytest_forked

from harness.engine.sources import select_items

REPO = Path(__file__).resolve().parents[2]
OURS = "def transform(case, answers):\n    return answers\n"  # our answers, unchanged


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder on PYTHONPATH holding only the package's pytest11 entry point."""
    entry = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["entry-points"]["pytest11"]
    root = tmp_path_factory.mktemp("site")
    info = root / "mc_format_harness_plugin_test-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mc-format-harness-plugin-test\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[pytest11]\n" + "".join(f"{k} = {v}\n" for k, v in entry.items()))
    return root


def _pytest(site: Path, folder: Path, *args: str, autoload: bool = False) -> subprocess.CompletedProcess:
    """pytest in ``folder``, in a child process of its own (forked from this one, whose imports
    are already paid, instead of a new interpreter: :func:`helpers_cli.run_pytest_forked`);
    without ``autoload`` only this plugin is loaded (by its entry point's name). The child sees
    ``site`` and this checkout first on its path, as ``PYTHONPATH`` would give, and none of this
    session's modules from a conftest.py or the folder; its exit status and its file
    descriptors 1 and 2 are the run's."""
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(REPO)]), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": None}
    plugins = ["-p", "no:cacheprovider"]
    if not autoload:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        plugins += ["-p", "mc-format-harness"]
    return run_pytest_forked([*plugins, *args], folder, env, path=(str(site), str(REPO)), fresh=(folder,))


def test_an_empty_folder_runs_the_cases_one_item_each(site, tmp_path):
    # --mc-impl: our implementation behind the line protocol, forked from a warm server
    # (helpers_adapter), not a new interpreter importing the harness
    junit = tmp_path / "junit.xml"
    folder = tmp_path / "empty"
    folder.mkdir()
    ours = adapter_command(tmp_path, OURS)
    run = _pytest(site, folder, "--mc-impl", ours, "--mc-version", "26.3", "--mc-area", "storage", "-q",
                  "--mc-case", "storage/p/*", "--junitxml", str(junit))
    expected = [f"{i.key[2]}[{i.key[0]}]" for i in select_items(["26.3"], ["storage"], "storage/p/*")]
    assert len(expected) > 100
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rstrip().splitlines()[-1].startswith(f"{len(expected)} passed in ")
    cases = ET.parse(junit).getroot().iter("testcase")
    assert [(c.get("classname"), c.get("name")) for c in cases] == [("mc-conformance", n) for n in expected]


def test_a_conftest_hook_plugs_in_a_callable(site, tmp_path):
    """In-process, beside the folder's own tests: a failure reads as harness check's, -k
    selects, an unverified case is skipped with the reason; then -x stops at the failure."""
    (tmp_path / "conftest.py").write_text(
        "def pytest_mc_implementation(config):\n"
        "    from harness.implementations.python import answer_case\n"
        "    def broken(case):\n"
        "        answers = answer_case(case)\n"
        "        return answers[:-1] + [12345] if case['id'] == 'storage/p/fill-3' else answers\n"
        "    return broken\n")
    (tmp_path / "test_own.py").write_text("def test_own():\n    pass\n")
    selection = ("--mc-version", "26.3", "--mc-area", "storage", "--mc-area", "snbt")
    run = _pytest(site, tmp_path, *selection, "-rs", "-k", "own or storage/p/fill or collections-077")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL 26.3 storage/p/fill-3  (" in run.stdout and "expected: [0, 0, 0" in run.stdout
    assert "actual  : 12345" in run.stdout
    assert "SKIPPED [1] " in run.stdout and "unverified: the game has no stable answer" in run.stdout
    # test_own, 31 of the 32 fill cases; collections-077 skipped
    assert "1 failed, 32 passed, 1 skipped, " in run.stdout
    run = _pytest(site, tmp_path, "--mc-version", "26.3", "--mc-area", "storage", "-x", "-q", "-k", "own or p/fill")
    assert "1 failed, 3 passed, " in run.stdout  # test_own, fill-1, fill-2, fill-3; -x stops there


def test_without_an_implementation_it_adds_nothing(site, tmp_path):
    (tmp_path / "test_own.py").write_text("def test_own():\n    pass\n")
    """Installed for everyone: a run without --mc-impl or the hook is the folder's own."""
    run = _pytest(site, tmp_path, "-q", "--co", autoload=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[0] == "test_own.py::test_own" and "1 test collected" in run.stdout


def test_an_implementation_that_cannot_start_stops_the_session(site, tmp_path):
    run = _pytest(site, tmp_path, "--mc-impl", str(tmp_path / "no-such-program"), "--mc-version", "26.3",
                  "--mc-area", "storage", "-q")
    assert run.returncode == 1 and "cannot start" in run.stdout
    assert "1 failed in " in run.stdout
