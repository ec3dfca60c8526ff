"""What was read and checked once, kept for the next run: entries in the user's cache folder.

Reading the bundled references (27 releases, 2,615 stored objects, 55 MB of JSON) and the
generated case files (5 MB of YAML), and checking every case against the vocabulary,
takes seconds, and gives the same result every run until a file or the checking code
changes. Two readers keep what they found here:

- :mod:`harness.engine.casefile` keeps the checked cases of each case file, under a key
  holding the SHA-256 of the file's bytes;
- :mod:`harness.engine.reference_store` keeps which stored objects it read whole, found to
  hash to their names and to be valid recorded cases (with each file's size, inode and
  change times, so that a file changed since is read and checked again).

Every key also holds :func:`code_key`: the harness version, the Python version (marshal's
format) and the source of the modules whose checks an entry stands for. An entry made for
other bytes or by other code is a miss; so is a damaged one (its payload's SHA-256 is in its
header): a miss is rebuilt by reading the file, never an error. Entries are written
atomically (:func:`~harness.engine.outputs.atomic_write_bytes`) but not fsynced: an entry
a system crash leaves empty or short fails its SHA-256 and is a miss. A cache folder that
cannot be written only means no entry is kept.

The folder (:func:`cache_root`) is ``$MC_FORMAT_HARNESS_CACHE``, else
``$XDG_CACHE_HOME/mc-format-harness``, else ``~/.cache/mc-format-harness``; the entries are
in its ``loaded/`` folder, one file per slot (a case file's path, a store's folder).
Deleting that folder clears the cache.

>>> import tempfile
>>> root = tempfile.mkdtemp()
>>> put("example", "slot", b"key", {"cases": [1, 2]}, root=root)
>>> get("example", "slot", b"key", root=root), get("example", "slot", b"other key", root=root)
({'cases': [1, 2]}, None)
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path

CACHE_ENV = "MC_FORMAT_HARNESS_CACHE"
LOADED = "loaded"
MAGIC = b"mc-format-harness load cache 1\n"
_DIGEST = 32  # bytes of a SHA-256
MAX_ENTRY_BYTES = 1 << 30  # an entry larger than this is not read (a damaged or foreign file)

# the modules whose checks a cached entry stands for (their source is part of every key)
CHECKING_MODULES = ("casefile", "plain_yaml", "vocabulary", "limits", "jsontext", "reference", "reference_store", "load_cache")


def cache_root() -> Path:
    """``$MC_FORMAT_HARNESS_CACHE``, else ``$XDG_CACHE_HOME/mc-format-harness``, else
    ``~/.cache/mc-format-harness`` (the rig keeps its server jars there too)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "mc-format-harness"


_code_key: bytes | None = None


def code_key() -> bytes:
    """The SHA-256 of the harness version, the Python version and the source of
    :data:`CHECKING_MODULES` (read once per process)."""
    global _code_key
    if _code_key is None:
        from harness import __version__

        h = hashlib.sha256(f"{__version__}\0{sys.version}\0{marshal.version}".encode())
        here = Path(__file__).resolve().parent
        for name in CHECKING_MODULES:
            try:
                h.update((here / f"{name}.py").read_bytes())
            except OSError:  # an installation without sources: the version alone
                h.update(name.encode())
        _code_key = h.digest()
    return _code_key


def entry_path(kind: str, slot: str, root: str | os.PathLike | None = None) -> Path:
    """The file holding ``slot``'s entry of ``kind`` (under :func:`cache_root` unless ``root``)."""
    name = hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return Path(root if root is not None else cache_root()) / LOADED / f"{kind}-{name}"


def _key(key: bytes) -> bytes:
    return hashlib.sha256(code_key() + key).digest()


def get(kind: str, slot: str, key: bytes, root: str | os.PathLike | None = None):
    """The value :func:`put` kept for ``slot`` under ``key`` (and this code), or None when
    there is none, it was kept under another key, or its entry is damaged."""
    try:
        path = entry_path(kind, slot, root)
        if path.stat().st_size > MAX_ENTRY_BYTES:
            return None
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    head = len(MAGIC) + 2 * _DIGEST
    if len(data) < head or not data.startswith(MAGIC) or data[len(MAGIC):len(MAGIC) + _DIGEST] != _key(key):
        return None
    payload = memoryview(data)[head:]
    if hashlib.sha256(payload).digest() != data[head - _DIGEST:head]:
        return None  # damaged: rebuilt by the caller
    try:
        return marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None


def put(kind: str, slot: str, key: bytes, value, root: str | os.PathLike | None = None) -> None:
    """Keep ``value`` (plain data: dicts, lists, strings, numbers, None) for ``slot`` under
    ``key``, replacing what the slot held. Best effort: a value marshal cannot hold, or a
    folder that cannot be written, keeps nothing."""
    from harness.engine.outputs import atomic_write_bytes

    try:
        payload = marshal.dumps(value)
    except ValueError:
        return
    data = MAGIC + _key(key) + hashlib.sha256(payload).digest() + payload
    try:
        atomic_write_bytes(entry_path(kind, slot, root), data, make_parents=True, durable=False)  # checks itself: no fsync
    except (OSError, ValueError):
        pass
