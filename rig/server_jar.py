"""Opening a server jar: a plain jar, or the bundler jar that 1.18 and later ship.

A *bundler* jar (GAME_FACTS.md section 4.1) carries the game and its libraries as payload
files: ``META-INF/versions.list`` and ``META-INF/libraries.list`` have one line per payload,
``<sha256 hex> TAB <id> TAB <relative path>``, and the files sit under
``META-INF/versions/<path>`` and ``META-INF/libraries/<path>``. :func:`open_jar` extracts
them into a cache folder (``~/.cache/mc-format-harness/`` unless the environment variable
``MC_FORMAT_HARNESS_CACHE`` or the ``cache`` argument says otherwise), reusing a file only
when its SHA-256 matches, as the game's own bundler does, and refusing a payload whose
SHA-256 is not the listed one.

``version.json`` (GAME_FACTS.md section 4.2) is read from the inner game jar, or from the
outer jar when the inner one has none; its ``id`` must be in the version table
(:func:`harness.formats.versions.get`), else :class:`ServerJarError`.

>>> import io, json, zipfile, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "server.jar"
>>> with zipfile.ZipFile(path, "w") as z:
...     z.writestr("version.json", json.dumps({"id": "26.3", "world_version": 5023,
...                "protocol_version": 777, "java_version": 25}))
>>> jar = open_jar(path)
>>> jar.version.id, jar.info.world_version, jar.bundled, jar.classpath == [path.resolve()]
('26.3', 5023, False, True)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from harness.engine.load_cache import cache_root
from harness.formats import versions
from rig.paths import file_problem

VERSIONS_LIST = "META-INF/versions.list"
LIBRARIES_LIST = "META-INF/libraries.list"


class ServerJarError(Exception):
    """A jar the rig cannot use; the message says why and what to do."""


@dataclass(frozen=True)
class VersionInfo:
    """The fields of ``version.json`` the rig uses (GAME_FACTS.md section 4.2)."""

    id: str
    world_version: int | None
    protocol_version: int | None
    java_version: int | None
    raw: dict = field(default_factory=dict, compare=False)

    def provenance(self) -> dict:
        """The fields as they go into a reference's provenance."""
        return {"id": self.id, "world_version": self.world_version,
                "protocol_version": self.protocol_version, "java_version": self.java_version}


@dataclass(frozen=True)
class ListEntry:
    """One line of a bundler ``.list`` file."""

    sha256: str
    id: str
    path: str


@dataclass
class ServerJar:
    """An opened server jar: what to put on the class path, and which version it is.

    ``classpath``: the game jar first (the inner jar for a bundler), then its libraries;
    ``sha1``: of the jar file the user gave; ``version``: the table's entry.
    """

    path: Path
    sha1: str
    info: VersionInfo
    version: versions.GameVersion
    classpath: list[Path]
    bundled: bool

    @property
    def game_jar(self) -> Path:
        """The jar holding the game's own classes: the inner jar of a bundler, else the jar."""
        return self.classpath[0]

    def missing_entries(self, entries: list[str]) -> list[str]:
        """Which of ``entries`` (paths inside a jar, ``net/minecraft/util/SimpleBitStorage.class``)
        the game jar lacks, in the order given."""
        try:
            with zipfile.ZipFile(self.game_jar) as z:
                present = set(z.namelist())
        except (zipfile.BadZipFile, OSError) as e:
            raise ServerJarError(f"{self.game_jar}: cannot list the game's classes ({e})") from None
        return [e for e in entries if e not in present]


def file_digest(path: str | os.PathLike, algorithm: str) -> str:
    """Hex digest (``"sha1"``, ``"sha256"``) of a file, read in chunks."""
    h = hashlib.new(algorithm)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_list(text: str, name: str) -> list[ListEntry]:
    """The entries of a bundler ``.list`` file; :class:`ServerJarError` on a malformed line."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 3 or len(parts[0]) != 64 or not _is_hex(parts[0]):
            raise ServerJarError(f"{name}:{number}: malformed entry {line!r} "
                                 "(expected sha256 TAB id TAB path)")
        entries.append(ListEntry(parts[0].lower(), parts[1], parts[2]))
    return entries


def _is_hex(text: str) -> bool:
    try:
        int(text, 16)
    except ValueError:
        return False
    return True


def _read_version_json(zf: zipfile.ZipFile) -> dict | None:
    try:
        data = zf.read("version.json")
    except KeyError:
        return None
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ServerJarError(f"{zf.filename}: version.json is not valid JSON ({e})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("id"), str):
        raise ServerJarError(f"{zf.filename}: version.json has no 'id'")
    return doc


def _version_info(doc: dict) -> VersionInfo:
    def number(key):
        value = doc.get(key)
        return value if isinstance(value, int) else None

    return VersionInfo(doc["id"], number("world_version"), number("protocol_version"),
                       number("java_version"), doc)


def _extract(zf: zipfile.ZipFile, member: str, entry: ListEntry, target: Path) -> Path:
    """Extract ``member`` to ``target`` unless a file with the listed SHA-256 is there already."""
    if target.is_file() and file_digest(target, "sha256") == entry.sha256:
        return target
    try:
        info = zf.getinfo(member)
    except KeyError:
        raise ServerJarError(f"{zf.filename}: declared payload {member} not found in the jar") from None
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    h = hashlib.sha256()
    try:
        with os.fdopen(fd, "wb") as out, zf.open(info) as src:
            for chunk in iter(lambda: src.read(1 << 20), b""):
                h.update(chunk)
                out.write(chunk)
        if h.hexdigest() != entry.sha256:
            raise ServerJarError(
                f"{zf.filename}: {member} has SHA-256 {h.hexdigest()}, but the jar's list says "
                f"{entry.sha256}; the jar is damaged or altered, refusing to use it")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def open_jar(path: str | os.PathLike, cache: str | os.PathLike | None = None) -> ServerJar:
    """Open a server jar (plain or bundler) and identify its version.

    Raises :class:`ServerJarError` for a path that is missing, a directory or unreadable, a
    file that is not a zip, a cache folder that is a file, a malformed list, a payload whose
    SHA-256 differs from its list entry, a missing ``version.json``, or a version that the
    table (:mod:`harness.formats.versions`) does not know.
    """
    path = Path(path).expanduser().absolute()
    problem = file_problem(path, "a jar")
    if problem:
        raise ServerJarError(problem)
    path = path.resolve()
    if cache is not None and Path(cache).expanduser().exists() and not Path(cache).expanduser().is_dir():
        raise ServerJarError(f"{Path(cache).expanduser()}: the cache folder named is a file, not a directory")
    sha1 = file_digest(path, "sha1")
    try:
        outer = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise ServerJarError(f"{path}: not a zip file, so not a jar") from None
    except OSError as e:
        raise ServerJarError(f"{path}: cannot be read as a jar ({e.strerror or e})") from None
    with outer:
        names = set(outer.namelist())
        outer_doc = _read_version_json(outer)
        if VERSIONS_LIST not in names:
            if outer_doc is None:
                raise ServerJarError(f"{path}: no version.json and no META-INF/versions.list: "
                                     "not a Minecraft server jar")
            info = _version_info(outer_doc)
            return ServerJar(path, sha1, info, _known(info, path), [path], bundled=False)
        root = Path(cache).expanduser() if cache else cache_root()
        root = root / "bundler" / sha1
        game_entries = parse_list(outer.read(VERSIONS_LIST).decode("utf-8"), VERSIONS_LIST)
        if not game_entries:
            raise ServerJarError(f"{path}: {VERSIONS_LIST} is empty")
        lib_entries = []
        if LIBRARIES_LIST in names:
            lib_entries = parse_list(outer.read(LIBRARIES_LIST).decode("utf-8"), LIBRARIES_LIST)
        game = [_extract(outer, f"META-INF/versions/{e.path}", e, root / "versions" / e.path)
                for e in game_entries]
        libs = [_extract(outer, f"META-INF/libraries/{e.path}", e, root / "libraries" / e.path)
                for e in lib_entries]
    try:
        with zipfile.ZipFile(game[0]) as inner:
            doc = _read_version_json(inner) or outer_doc
    except zipfile.BadZipFile:
        raise ServerJarError(f"{path}: its game jar {game_entries[0].path} is not a zip file") from None
    if doc is None:
        raise ServerJarError(f"{path}: neither the inner jar {game_entries[0].path} nor the "
                             "outer jar has a version.json")
    info = _version_info(doc)
    return ServerJar(path, sha1, info, _known(info, path), game + libs, bundled=True)


def _known(info: VersionInfo, path: Path) -> versions.GameVersion:
    try:
        return versions.get(info.id)
    except versions.UnknownVersionError as e:
        raise ServerJarError(f"{path}: version.json says {info.id!r}, which the harness does not "
                             f"know ({e}); add its row to harness/formats/versions.py first") from None

