"""The recorded cases of every release, stored once: content-addressed case objects.

Most of what the game answers is the same in every release (27 releases, about 1,500 cases
each, 800 MB as plain JSON Lines; 1,900 distinct cases in all). So ``reference/`` keeps each
distinct recorded case once, as an *object*, and each release as an *index* naming its
objects::

    reference/
      objects/<area>/<hash>.json       one recorded case: id, area, setup, ops, answers
      objects/<area>/<hash>.json.gz    the same, gzipped, when over GZIP_OVER bytes
      <version>/<area>.tsv             the release's cases in order: id TAB hash
      <version>/PROVENANCE.json        where that release's answers came from

An object's ``<hash>`` is the first :data:`HASH_CHARS` hex digits of the SHA-256 of its
text (checked on every read: a damaged object is refused, never taken for the game's answer) (one compact JSON line, :func:`~harness.engine.reference.recorded_line` without the
version). Objects never change: re-recording a release writes the objects it lacks, its
own index, and removes only objects that no index names any more (:func:`collect_garbage`).
So one release's re-recording touches that release's files alone.

Reading every object whole (and checking it) on every run would cost seconds; a store's
:class:`Ledger` keeps, between runs (:mod:`harness.engine.load_cache`), which objects were
read whole, hashed to their names and were found valid, with each file's size, inode and
modification and change times: an object whose file changed since is read and checked again.

A person reads one case with one command: ``harness reference show VERSION ID`` (or
``harness versions --case ID`` for every release).

>>> import tempfile, pathlib
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> h = put_object(root, {"id": "storage/x", "area": "storage", "setup": {}, "ops": [["new"]], "answers": [None]})
>>> len(h), get_object(root, "storage", h)["answers"]
(20, [None])
"""

from __future__ import annotations

import gzip
import hashlib
import os
import time
import zlib
from pathlib import Path

from harness.engine import load_cache
from harness.engine.jsontext import json_line, parse
from harness.engine.outputs import atomic_write_bytes

OBJECTS = "objects"
HASH_CHARS = 20  # 80 bits of SHA-256: no collision among millions of cases
GZIP_OVER = 16_384  # bytes of JSON above which an object is stored gzipped
INDEX_SUFFIX = ".tsv"
_KEYS = ("id", "area", "setup", "ops", "answers")

_cache: dict[tuple[str, str, str], dict] = {}  # (root, area, hash) -> the parsed object


class ObjectMissing(FileNotFoundError):
    """An index names an object that is not in the store."""


class ObjectDamaged(ValueError):
    """A stored object that cannot be read back as the case its name promises (a damaged
    gzip stream, not JSON, or text whose hash is not its name)."""


def object_text(case: dict) -> str:
    """The stored text of a recorded case (its version left out): one compact JSON line."""
    return json_line({k: case[k] for k in _KEYS})


def object_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:HASH_CHARS]


def object_path(root: Path, area: str, digest: str) -> Path | None:
    """The file holding object ``digest`` of ``area`` under ``root``, or None."""
    base = Path(root) / OBJECTS / area / f"{digest}.json"
    for path in (base, base.with_name(base.name + ".gz")):
        if path.exists():
            return path
    return None


def put_object(root: Path, case: dict) -> str:
    """Store ``case`` (a recorded case) under ``root`` unless it is there; its hash.

    Written atomically (a temporary file renamed into place), gzipped above
    :data:`GZIP_OVER` bytes with a fixed timestamp, so the same case gives the same bytes."""
    text = object_text(case)
    digest = object_hash(text)
    if object_path(root, case["area"], digest) is None:
        data = text.encode("utf-8", "surrogatepass") + b"\n"
        name = f"{digest}.json"
        if len(data) > GZIP_OVER:
            data, name = gzip.compress(data, compresslevel=9, mtime=0), name + ".gz"
        folder = Path(root) / OBJECTS / case["area"]
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / name, data)
        _ledgers.pop(os.path.realpath(root), None)  # its snapshot of the files is out of date
    return digest


def get_object(root: Path | str, area: str, digest: str) -> dict:
    """The recorded case stored as ``digest`` (parsed once per process; treat as read-only).
    :class:`ObjectMissing` when the store lacks it."""
    key = (root if isinstance(root, str) else str(root), area, digest)
    case = _cache.get(key)
    if case is None:
        path = object_path(root, area, digest)
        if path is None:
            raise ObjectMissing(f"{Path(root) / OBJECTS / area / digest}.json: no such object in the reference store")
        try:
            data = path.read_bytes()
        except IsADirectoryError:
            raise ObjectDamaged(f"{path}: damaged: a folder, not a file") from None
        except OSError as e:
            raise ObjectDamaged(f"{path}: cannot be read: {e.strerror or e}") from None
        try:
            if path.suffix == ".gz":
                data = gzip.decompress(data)
            if hashlib.sha256(data.rstrip(b"\n")).hexdigest()[:HASH_CHARS] != digest:
                raise ObjectDamaged(f"{path}: damaged: its text does not hash to its name "
                                    f"(the first {HASH_CHARS} hex digits of its SHA-256)")
            case = parse(data)
        except ObjectDamaged:
            raise
        except (OSError, EOFError, zlib.error, ValueError) as e:
            raise ObjectDamaged(f"{path}: damaged: {e}") from None
        if not isinstance(case, dict):
            raise ObjectDamaged(f"{path}: damaged: not a recorded case")
        _cache[key] = case
    return case


def read_index(path: Path, text: str | None = None) -> list[tuple[str, str]]:
    """The ``(id, hash)`` pairs of one index file, in order (of ``text``, its contents already
    read, when given). ``ValueError`` naming the line of a malformed one."""
    pairs, seen = [], {}
    text = Path(path).read_text(encoding="utf-8") if text is None else text
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        cid, tab, digest = line.rpartition("\t")
        if not tab or not cid or len(digest) != HASH_CHARS:
            raise ValueError(f"{path}:{number}: an index line is <case id> TAB <{HASH_CHARS}-digit hash>")
        if cid in seen:
            raise ValueError(f"{path}:{number}: case {cid[:200]} is listed again (first at line {seen[cid]})")
        seen[cid] = number
        pairs.append((cid, digest))
    return pairs


def index_text(pairs: list[tuple[str, str]]) -> str:
    return "".join(f"{cid}\t{digest}\n" for cid, digest in pairs)


def referenced(root: Path) -> set[tuple[str, str]]:
    """Every ``(area, hash)`` that some release's index under ``root`` names."""
    names = set()
    for index in Path(root).glob(f"*/*{INDEX_SUFFIX}"):
        if index.parent.name.startswith("."):
            continue
        area = index.name[: -len(INDEX_SUFFIX)]
        names.update((area, digest) for _, digest in read_index(index))
    return names


def collect_garbage(root: Path) -> int:
    """Remove the objects no index names; how many were removed."""
    keep = referenced(root)
    removed = 0
    for path in Path(root).glob(f"{OBJECTS}/*/*.json*"):
        digest = path.name.split(".", 1)[0]
        if (path.parent.name, digest) not in keep:
            path.unlink()
            removed += 1
    if removed:
        _ledgers.pop(os.path.realpath(root), None)
    return removed


LEDGER = "store"  # the load cache's kind for a store's ledger
RACY_NS = 2_000_000_000  # a file changed this recently may change again within its timestamp's tick


class Ledger:
    """The objects of one store (the folder ``root``) already read whole, found to hash to
    their names and to be valid recorded cases, with what the reader noted of each
    (``facts``: plain data, such as its id): kept between runs in the load cache, and one
    instance per store in a process (:func:`ledger`).

    :meth:`facts` gives an object's facts only while its file has the size, inode and
    modification and change times it had when they were noted; a file changed within the
    last :data:`RACY_NS` when noted is kept for this process only (a later change within the
    same timestamp tick could not be seen)."""

    def __init__(self, root: Path | str):
        self.root = str(root)
        self._slot = os.path.realpath(self.root)
        kept = load_cache.get(LEDGER, self._slot, b"")
        self._kept: dict = kept if isinstance(kept, dict) else {}
        self._here: dict = {}  # noted in this process only (racy files)
        self._stats: dict[str, tuple | None] = {}  # "area/digest" -> the file's stat, once a process
        self._changed = False
        self._vouched: set[str] | None = None

    def _stat(self, key: str) -> tuple | None:
        if key not in self._stats:
            area, digest = key.split("/", 1)
            found = None
            for name in (f"{digest}.json", f"{digest}.json.gz"):  # the order of object_path
                try:
                    st = os.stat(os.path.join(self.root, OBJECTS, area, name))
                except OSError:
                    continue
                found = (name, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
                break
            self._stats[key] = found
        return self._stats[key]

    def facts(self, area: str, digest: str):
        """What was noted of the object when it was read, or None (never read, or changed since)."""
        key = f"{area}/{digest}"
        entry = self._here.get(key) or self._kept.get(key)
        if entry is None or entry[0] != self._stat(key):
            return None
        return entry[1]

    def vouched(self) -> set[str]:
        """Every ``"area/digest"`` whose facts :meth:`facts` would give now."""
        if self._vouched is None:
            self._vouched = {key for key, entry in (*self._kept.items(), *self._here.items())
                             if entry[0] == self._stat(key)}
        return self._vouched

    def note(self, area: str, digest: str, facts) -> None:
        """The object was read whole and found good: keep ``facts`` for it."""
        key = f"{area}/{digest}"
        st = self._stat(key)
        if st is None:
            return
        if max(st[3], st[4]) > time.time_ns() - RACY_NS:
            self._here[key] = (st, facts)
        else:
            self._kept[key] = (st, facts)
            self._changed = True
        if self._vouched is not None:
            self._vouched.add(key)

    def save(self) -> None:
        """Keep what was noted for the next run (when something was)."""
        if self._changed:
            load_cache.put(LEDGER, self._slot, b"", self._kept)
            self._changed = False


_ledgers: dict[str, Ledger] = {}


def ledger(root: Path | str) -> Ledger:
    """The :class:`Ledger` of the store in ``root`` (one per process)."""
    slot = os.path.realpath(root)
    found = _ledgers.get(slot)
    if found is None:
        found = _ledgers[slot] = Ledger(root)
    return found
