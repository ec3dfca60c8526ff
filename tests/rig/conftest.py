"""Fixtures of the rig's tests: the stand-in Java library, compiled once, packed as jars.

The stand-in (``standin/``) is our own Java source with the names and signatures of
GAME_API.md: ``lib/`` stands in for DataFixerUpper, Brigadier and Netty, ``modern/`` for a
26.3 game (Mojang's names), ``legacy/`` for an obfuscated 1.21.1 game with its ProGuard
``mappings.txt``. ``legacy-<version>/`` are variants of ``legacy/`` for older releases'
shapes (``legacy-1.18``: a container saved through its codec, no ``PalettedContainerRO``,
the named network root; ``legacy-1.20.2``: the instance ``readNbt(NbtAccounter)`` /
``writeNbt(Tag)``): their ``.java`` files replace legacy's classes of the same name (compiled
against legacy's classes), ``variant.json`` lists legacy's files and mapped classes they
drop (and ``shared_files``: another variant's files it takes too), and their ``mappings.txt``
class blocks replace legacy's. ``JavacBatch.java`` is the build's compiler driver (every
compilation in one JVM), in no jar. Its answers are a test double's, never the game's: they
are only ever written into temporary folders.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from forked_children import CHEAP_JVM_OPTIONS, forking_rig_children
from rig.bench import JAVAC_OPTIONS
from rig_sharing import close_kept, group_of, kept_for, kept_workers_of, last_of_groups, lend_kept_workers

STANDIN = Path(__file__).resolve().parent / "standin"
BATCH = STANDIN / "JavacBatch.java"  # the build's compiler driver: every compilation in one JVM


@dataclass
class StandinJars:
    plain: Path  # 26.3, Mojang's names, version.json at the root, libraries inside
    bundler: Path  # 26.3 as the bundler ships it: inner game jar + a library jar, with .list files
    obfuscated: Path  # 1.21.1, obfuscated names
    mappings: Path  # the ProGuard mappings of the obfuscated jar
    inner_sha256: str
    variants: dict  # "1.18", "1.20.2" -> (jar, mappings): legacy-<version>/ over legacy/
    broken: Path  # the plain 26.3 jar with BROKEN_RULES planted


def _java_of(javac: str) -> Path:
    """The ``java`` launcher of the JDK whose ``javac`` is given (beside it, links resolved)."""
    return Path(os.path.realpath(javac)).with_name("java.exe" if os.name == "nt" else "java")


def _compile_all(root: Path, compilations: list[tuple[Path, list[Path], list[Path]]]) -> None:
    """Each ``(out, sources, classpath)`` compiled in the order given (a later one may compile
    against an earlier one's ``out``), all in one JVM: :data:`BATCH` run by the JDK's ``java``
    (a source-file program), with :data:`rig.bench.JAVAC_OPTIONS` (its ``-J`` options the JVM's,
    the rest every compilation's). The same class files as one ``javac`` each, at about a
    third of the CPU time. ``AssertionError`` with javac's diagnostics when one fails."""
    jvm_options = [o[2:] for o in JAVAC_OPTIONS if o.startswith("-J")]
    options = [o for o in JAVAC_OPTIONS if not o.startswith("-J")]
    argument_files = []
    for i, (out, sources, classpath) in enumerate(compilations):
        out.mkdir(parents=True, exist_ok=True)
        cp = ["-cp", os.pathsep.join(map(str, classpath))] if classpath else []
        lines = [*options, *cp, "-d", str(out), *map(str, sources)]
        argument_files.append(root / f"javac-{i}.args")
        argument_files[-1].write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    done = subprocess.run([str(_java_of(shutil.which("javac"))), *jvm_options, str(BATCH), *map(str, argument_files)],
                          capture_output=True, text=True, errors="replace")
    assert done.returncode == 0, f"the stand-in does not compile:\n{done.stderr}"


def _sources(*roots: Path) -> list[Path]:
    return [p for root in roots for p in sorted(root.rglob("*.java"))]


@lru_cache(maxsize=None)
def _variant_sources(name: str) -> tuple[list[Path], dict]:
    """The ``.java`` files of ``standin/legacy-<name>/`` (with the ``shared_files`` of its
    ``variant.json``) and that ``variant.json``, read once (the build compiles the files, then
    packs the jar by the same ``variant.json``); neither is changed by a caller."""
    here = STANDIN / f"legacy-{name}"
    spec = json.loads((here / "variant.json").read_text())
    return sorted(here.glob("*.java")) + [STANDIN / f for f in spec.get("shared_files", [])], spec


def _variant(root: Path, lib: Path, legacy_classes: Path, name: str) -> tuple[Path, Path]:
    """The jar and mappings of ``standin/legacy-<name>/`` (module docstring), its classes
    compiled into ``root/legacy-<name>`` (:func:`_build`)."""
    here = STANDIN / f"legacy-{name}"
    sources, spec = _variant_sources(name)
    out = root / f"legacy-{name}"
    replaced = {p.stem for p in sources} | {Path(f).stem for f in spec["drop_files"]}
    inherited = _classes_but(legacy_classes, replaced, root / f"legacy-{name}-inherited")
    jar = _jar(root / f"obfuscated-{name}.jar", [lib, inherited, out], {"version.json": (here / "version.json").read_bytes()})
    mappings = root / f"mappings-{name}.txt"
    mappings.write_text(_merged_mappings((STANDIN / "legacy" / "mappings.txt").read_text(),
                                         (here / "mappings.txt").read_text(), set(spec["drop_classes"])))
    return jar, mappings


def _classes_but(classes: Path, replaced: set[str], out: Path) -> Path:
    """The class files of ``classes`` copied into ``out`` but those of the top-level classes
    named in ``replaced`` (paths under ``classes`` without ``.class``: ``aa``,
    ``net/minecraft/nbt/TagParser``) and their nested classes."""
    def ignored(folder, names):
        here = Path(folder).relative_to(classes)
        return [n for n in names if n.endswith(".class") and (here / n.split("$")[0].removesuffix(".class")).as_posix()
                in replaced]

    shutil.copytree(classes, out, ignore=ignored)
    return out


def _blocks(text: str) -> dict[str, list[str]]:
    """ProGuard text as class name -> its lines (the class line first); comments dropped."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if not line[0].isspace():
            current = line.split(" -> ")[0]
            blocks[current] = []
        blocks[current].append(line)
    return blocks


def _merged_mappings(base: str, overlay: str, dropped: set[str]) -> str:
    merged = {k: v for k, v in _blocks(base).items() if k not in dropped}
    merged.update(_blocks(overlay))
    return "# (c) stand-in: merged variant mappings\n" + "".join(line + "\n" for block in merged.values() for line in block)


def _jar(path: Path, trees: list[Path], extra: dict[str, bytes] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for tree in trees:
            for f in sorted(tree.rglob("*")):
                if f.is_file():
                    z.write(f, f.relative_to(tree).as_posix())
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return path


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
    return _jars(shared_build(tmp_path_factory, "standin", _build))


def shared_build(tmp_path_factory, name: str, build) -> Path:
    """The folder ``<name>-<the stand-in sources' SHA-256>`` in this run's temporary folder
    (above each pytest-xdist worker's own), made once by ``build(folder)`` (:func:`built_once`):
    the first worker to ask compiles, the others wait and reuse it. Skips without ``javac``."""
    if shutil.which("javac") is None:
        pytest.skip("javac is needed to compile the stand-in Java library")
    return built_once(build_folder(_run_folder(tmp_path_factory), name), build)


def build_folder(run_folder: Path, name: str = "standin") -> Path:
    """Where ``name``'s build of the stand-in's current sources goes in a run's folder."""
    return run_folder / f"{name}-{_sources_digest()}"


def built_once(root: Path, build) -> Path:
    """``root``, made by ``build(root)`` under a file lock unless a finished build is there
    already (a build that was interrupted is made again)."""
    with open(f"{root}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "built").exists():
            shutil.rmtree(root, ignore_errors=True)  # a build that was interrupted
            root.mkdir()
            build(root)
            (root / "built").touch()
    return root


def _sources_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(STANDIN.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(STANDIN).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


VARIANTS = ("1.18", "1.20.2")


def _build(root: Path) -> None:
    """Every jar of :class:`StandinJars` into ``root``: the classes compiled in one JVM
    (:func:`_compile_all`), each source once (the game's against the library's classes, the
    planted files against modern's), then packed."""
    lib, modern, legacy, planted = (root / name for name in ("lib", "modern", "legacy", "planted"))
    planted_sources = _planted(root / "broken-src")
    replaced = {path.removesuffix(".java") for path, _, _ in BROKEN_RULES.values()}
    _compile_all(root, [(lib, _sources(STANDIN / "lib"), []),
                        (modern, _sources(STANDIN / "modern"), [lib]),
                        (legacy, _sources(STANDIN / "legacy"), [lib]),
                        *((root / f"legacy-{name}", _variant_sources(name)[0], [lib, legacy]) for name in VARIANTS),
                        (planted, planted_sources, [lib, modern])])
    modern_json = (STANDIN / "modern" / "version.json").read_bytes()
    _jar(root / "plain-26.3.jar", [lib, modern], {"version.json": modern_json})
    _jar(root / "broken-26.3.jar", [lib, _classes_but(modern, replaced, root / "broken"), planted],
         {"version.json": modern_json})

    inner = _jar(root / "server-26.3.jar", [modern], {"version.json": modern_json})  # the game's classes alone
    library = _jar(root / "standin-lib-1.0.jar", [lib])
    inner_sha, lib_sha = (hashlib.sha256(p.read_bytes()).hexdigest() for p in (inner, library))
    _jar(root / "bundler-26.3.jar", [], {
        "META-INF/main-class": b"net.minecraft.server.Main\n",
        "META-INF/versions.list": f"{inner_sha}\t26.3\t26.3/server-26.3.jar\n".encode(),
        "META-INF/libraries.list": f"{lib_sha}\tstandin:lib:1.0\tstandin/lib/1.0/standin-lib-1.0.jar\n".encode(),
        "META-INF/versions/26.3/server-26.3.jar": inner.read_bytes(),
        "META-INF/libraries/standin/lib/1.0/standin-lib-1.0.jar": library.read_bytes(),
    })
    _jar(root / "obfuscated-1.21.1.jar", [lib, legacy], {"version.json": (STANDIN / "legacy" / "version.json").read_bytes()})
    for name in VARIANTS:
        _variant(root, lib, legacy, name)


def _jars(root: Path) -> StandinJars:
    """What :func:`_build` made in ``root``."""
    inner_sha = hashlib.sha256((root / "server-26.3.jar").read_bytes()).hexdigest()
    variants = {name: (root / f"obfuscated-{name}.jar", root / f"mappings-{name}.txt") for name in VARIANTS}
    return StandinJars(root / "plain-26.3.jar", root / "bundler-26.3.jar", root / "obfuscated-1.21.1.jar",
                       STANDIN / "legacy" / "mappings.txt", inner_sha, variants, root / "broken-26.3.jar")


# One wrong rule per area, planted in a copy of modern/ (Java source text: what is replaced
# and by what): the deliberately broken implementation the fuzzing tests must find.
BROKEN_RULES = {
    "storage": ("net/minecraft/util/SimpleBitStorage.java",  # fill leaves the last slot of every long empty
                "for (int i = 0; i < valuesPerLong; i++) pattern |=", "for (int i = 0; i < valuesPerLong - 1; i++) pattern |="),
    "palette": ("net/minecraft/world/level/chunk/PalettedContainer.java",  # two values take 2 bits, not 1
                "public int bitsPerEntry() { return ceillog2(palette().size()); }",
                "public int bitsPerEntry() { int b = ceillog2(palette().size()); return b == 1 ? 2 : b; }"),
    "nbt": ("net/minecraft/nbt/NbtIo.java",  # an IntTag's payload read little-endian
            "return new IntTag(in.readInt());", "return new IntTag(Integer.reverseBytes(in.readInt()));"),
    "snbt": ("net/minecraft/nbt/TagParser.java",  # whitespace after the value is trailing data: "1 " refused
             "reader.skipWhitespace();\n        if (reader.canRead()) throw TRAILING", "if (reader.canRead()) throw TRAILING"),
}


@pytest.fixture(scope="session")
def broken_standin_jar(standin_jars) -> Path:
    """The plain 26.3 stand-in with :data:`BROKEN_RULES` planted (built with the others, once
    per test run): a test double's test double, run through ``rig.worker`` as the
    implementation under test."""
    return standin_jars.broken


def _planted(sources: Path) -> list[Path]:
    """The ``modern/`` files of :data:`BROKEN_RULES` copied into ``sources`` (at their paths
    under ``modern/``), each rule planted in its copy: the copies."""
    out = []
    for path, old, new in BROKEN_RULES.values():
        text = (STANDIN / "modern" / path).read_text()
        assert text.count(old) == 1, f"the stand-in's {path} no longer says {old!r}"
        out.append(sources / path)
        out[-1].parent.mkdir(parents=True, exist_ok=True)
        out[-1].write_text(text.replace(old, new))
    return out


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


if __name__ == "__main__":  # python3 tests/rig/conftest.py RUN_FOLDER: the stand-in's jars built ahead
    import sys  # (tests/conftest.py starts this as the workers start, so the build overlaps their collection)

    built_once(build_folder(Path(sys.argv[1])), _build)
