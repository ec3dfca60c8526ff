"""Fixtures of the rig's tests: the stand-in Java library's jars (built once a run by
:mod:`standin_build`), the bundler record, the kept workers, forked children."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from forked_children import CHEAP_JVM_OPTIONS, forking_rig_children
from rig_sharing import close_kept, group_of, kept_for, kept_workers_of, last_of_groups, lend_kept_workers
from standin_build import STANDIN, VARIANTS, build, build_folder, built_once

@dataclass
class StandinJars:
    plain: Path  # 26.3, Mojang's names, version.json at the root, libraries inside
    bundler: Path  # 26.3 as the bundler ships it: inner game jar + a library jar, with .list files
    obfuscated: Path  # 1.21.1, obfuscated names
    mappings: Path  # the ProGuard mappings of the obfuscated jar
    inner_sha256: str
    variants: dict  # "1.18", "1.20.2" -> (jar, mappings): legacy-<version>/ over legacy/
    broken: Path  # the plain 26.3 jar with BROKEN_RULES planted


@pytest.fixture
def classes_jar(tmp_path):
    """A factory of small zips with a version.json and an empty entry for each class the probes
    need (under ``names``' jar names; ``drop``: Mojang names left out): enough to pass the
    rig's checks before a JVM starts, never enough to run a case."""
    from rig.mappings import Names
    from rig.probes import needed_classes

    def make(version_json: dict, names: Names | None = None, drop=(), name="classes.jar") -> Path:
        names = names or Names.identity()
        path = tmp_path / name
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("version.json", json.dumps(version_json))
            for cls in needed_classes():
                if cls not in drop:
                    z.writestr(names.cls(cls).replace(".", "/") + ".class", b"")
        return path
    return make


def _run_folder(tmp_path_factory) -> Path:
    """This test run's temporary folder, above each pytest-xdist worker's own."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def children_keep_their_bytecode(tmp_path_factory):
    """The Python processes the rig's tests start afresh (the bundler record's ``python3 -m
    harness`` and its worker; the game's other workers are forks, :func:`rig_children_forked`)
    keep the bytecode they compile in one folder of this run's (``PYTHONPYCACHEPREFIX``,
    ``PYTHONDONTWRITEBYTECODE`` emptied): what one compiled the next reads (about 0.4 s of CPU
    a process where the environment says not to write bytecode). Nothing is written beside the
    sources; the environment is restored when the session ends."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTHONDONTWRITEBYTECODE", "")  # empty: not set, for Python
        env.setenv("PYTHONPYCACHEPREFIX", str(_run_folder(tmp_path_factory) / "pycache"))
        yield


@pytest.fixture(scope="session", autouse=True)
def rig_children_forked():
    """The game's workers and ``rig.bench`` the rig's tests start, forked from the test process
    with start-up-cheap JVM options (:mod:`forked_children`): about half a worker's CPU time
    each. Only those command lines: ``python3 -m harness`` (the command itself) still starts
    afresh. The real ``subprocess.Popen`` is back when the session ends."""
    with forking_rig_children():
        yield


@pytest.fixture(scope="session")
def standin_jars(tmp_path_factory) -> StandinJars:
    """The stand-in's jars, compiled once per test run: pytest-xdist's workers share one
    build (:func:`shared_build`)."""
    return _jars(shared_build(tmp_path_factory, "standin", build))


def shared_build(tmp_path_factory, name: str, build) -> Path:
    """The folder ``<name>-<the stand-in sources' SHA-256>`` in this run's temporary folder
    (above each pytest-xdist worker's own), made once by ``build(folder)``
    (:func:`standin_build.built_once`): the first worker to ask compiles, the others wait and
    reuse it. Skips without ``javac``."""
    if shutil.which("javac") is None:
        pytest.skip("javac is needed to compile the stand-in Java library")
    return built_once(build_folder(_run_folder(tmp_path_factory), name), build)


def _jars(root: Path) -> StandinJars:
    """What :func:`standin_build.build` made in ``root``."""
    inner_sha = hashlib.sha256((root / "server-26.3.jar").read_bytes()).hexdigest()
    variants = {name: (root / f"obfuscated-{name}.jar", root / f"mappings-{name}.txt") for name in VARIANTS}
    return StandinJars(root / "plain-26.3.jar", root / "bundler-26.3.jar", root / "obfuscated-1.21.1.jar",
                       STANDIN / "legacy" / "mappings.txt", inner_sha, variants, root / "broken-26.3.jar")


@pytest.fixture(scope="session")
def broken_standin_jar(standin_jars) -> Path:
    """The plain 26.3 stand-in with :data:`standin_build.BROKEN_RULES` planted (built with the others, once
    per test run): a test double's test double, run through ``rig.worker`` as the
    implementation under test."""
    return standin_jars.broken


@dataclass
class BundlerRecord:
    """One ``harness record`` from the bundler jar (:func:`bundler_record`): ``cases`` (the
    first of each area of the bundled 26.3 reference, in ``cases_file``) and ``region`` (region
    cases, in ``region_file``); ``done`` the command's exit status and output; ``out`` the
    reference folder it wrote into; ``cache`` where the bundler jar was extracted."""

    cases: list
    region: list
    cases_file: Path
    region_file: Path
    done: subprocess.CompletedProcess
    out: Path
    cache: Path


@pytest.fixture(scope="session")
def bundler_record(standin_jars, tmp_path_factory) -> BundlerRecord:
    """``python3 -m harness record`` (the command itself, in a child process) from the bundler
    jar with one worker, run once for the tests that read what it wrote (each marked
    :data:`rig_sharing.BUNDLER_RECORD`). Its worker's JVM starts with
    :data:`forked_children.CHEAP_JVM_OPTIONS`, given as ``--jvm-option``s."""
    from test_rig_end_to_end import case_file
    from test_rig_region import region_cases
    from helpers_cli import run_in_subprocess

    folder = tmp_path_factory.mktemp("bundler-record")
    # 3 cases an area (every operation of the 8 first, each answered or refused as there) and 4
    # region cases a file (every region operation of the 6 first): the start is what costs
    path, cases = case_file(folder, "26.3", per_area=3)
    region_path, region = region_cases(folder, "26.3", per_file=4)
    cache, out = folder / "cache", folder / "ref"
    cheap = [f"--jvm-option={option}" for option in CHEAP_JVM_OPTIONS]  # its worker is no fork: the options said
    done = run_in_subprocess(["record", "--jar", str(standin_jars.bundler), "--cases", str(path), str(region_path),
                              "--out", str(out), *cheap], {"MC_FORMAT_HARNESS_CACHE": str(cache)})
    return BundlerRecord(cases, region, path, region_path, done, out, cache)


@pytest.fixture(scope="session")
def kept_workers(request):
    """The game's worker processes kept running for the tests of one :func:`rig_sharing.same_jar`
    group (:func:`rig_sharing.lend_kept_workers`), this run's: group -> (worker command line,
    timeouts) -> ``ProcessImplementation``. A group's are stopped after its last test
    (:func:`pytest_runtest_teardown`), any left at the session's end."""
    kept = kept_workers_of(request.config)
    yield kept
    for group in list(kept):
        close_kept(request.config, group)


@pytest.fixture
def kept_worker(request, kept_workers, monkeypatch):
    """:func:`rig_sharing.lend_kept_workers` for one test (mark it with its jar's
    :func:`rig_sharing.same_jar` group)."""
    lend_kept_workers(kept_for(request.node), monkeypatch)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a test's own teardown: the kept workers of its group stopped when no later test of
    this run is in the group (a group runs on one pytest-xdist worker, in the run's order), so
    that their JVMs neither idle to the session's end nor are counted against whatever test
    happens to end it."""
    yield
    group = group_of(item)
    if group in kept_workers_of(item.config) and last_of_groups(item.session).get(group) is item:
        close_kept(item.config, group)
