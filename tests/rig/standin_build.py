"""The stand-in Java library's build: its sources compiled once, packed as the rig tests' jars.

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

A module of its own, the standard library's and :mod:`rig.jvm`'s imports alone, so that
``python3 tests/rig/standin_build.py RUN_FOLDER`` (tests/conftest.py starts it as the workers
start) imports neither pytest nor JPype; the fixtures are tests/rig/conftest.py's.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from functools import lru_cache
from pathlib import Path

from rig.jvm import JAVAC_OPTIONS

STANDIN = Path(__file__).resolve().parent / "standin"
BATCH = STANDIN / "JavacBatch.java"  # the build's compiler driver: every compilation in one JVM


def _java_of(javac: str) -> Path:
    """The ``java`` launcher of the JDK whose ``javac`` is given (beside it, links resolved)."""
    return Path(os.path.realpath(javac)).with_name("java.exe" if os.name == "nt" else "java")


def _compile_all(root: Path, compilations: list[tuple[Path, list[Path], list[Path]]]) -> None:
    """Each ``(out, sources, classpath)`` compiled in the order given (a later one may compile
    against an earlier one's ``out``), all in one JVM: :data:`BATCH` run by the JDK's ``java``
    (a source-file program), with :data:`rig.jvm.JAVAC_OPTIONS` (its ``-J`` options the JVM's,
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


def build(root: Path) -> None:
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


if __name__ == "__main__":  # python3 tests/rig/standin_build.py RUN_FOLDER: the stand-in's jars built ahead
    import sys  # (tests/conftest.py starts this as the workers start, so the build overlaps their collection)

    built_once(build_folder(Path(sys.argv[1])), build)
