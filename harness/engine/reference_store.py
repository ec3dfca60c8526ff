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
import zlib
from pathlib import Path

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


def read_index(path: Path) -> list[tuple[str, str]]:
    """The ``(id, hash)`` pairs of one index file, in order. ``ValueError`` naming the line
    of a malformed one."""
    pairs, seen = [], {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").split("\n"), start=1):
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
    return removed
