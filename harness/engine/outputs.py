"""Output files: written atomically, and refused early when they cannot be written.

Every file the harness writes (reports, case files, converted NBT) goes through
:func:`atomic_write_bytes`: the data goes to a temporary file in the same folder, is
fsynced, and is renamed over the target, so a reader sees the old file or the new one,
never half of one. The target is where the path leads: a symbolic link is followed and its
target replaced (the link stays a link). Only a regular file (or nothing) is replaced: a
folder, a device (``/dev/full``), a FIFO or a socket is refused with :class:`OutputError`,
never turned into a regular file. A missing parent folder is an error too unless the
caller says ``make_parents=True`` (the case generators, writing into their own tree); a
path a person named is never given folders they did not ask for.

:func:`check_output` runs the same checks (and tries to create a file in the folder)
before a long run, so ``harness check --json /proc/r.json`` is refused at once rather than
after every case has run.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path


class OutputError(OSError):
    """An output path that cannot be written; the message names the path and the reason."""


_SPECIAL = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
            (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def _target(path: str | os.PathLike) -> tuple[Path, os.stat_result | None]:
    """The file ``path`` leads to (symbolic links resolved) and its stat, None when absent.

    Raises :class:`OutputError` when that is anything but a regular file."""
    if not os.fspath(path):
        raise OutputError("an empty output path")
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return target, None
    except OSError as e:
        raise OutputError(f"{path}: cannot use as an output file: {e.strerror}") from None
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{path} is not a regular file (it is a directory)")
    if not stat.S_ISREG(st.st_mode):
        kind = next((name for test, name in _SPECIAL if test(st.st_mode)), "a special file")
        raise OutputError(f"{path} is not a regular file (it is {kind}); refusing to replace it")
    return target, st


def _folder(path, target: Path, make_parents: bool) -> None:
    folder = target.parent
    if make_parents:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OutputError(f"{path}: cannot create the folder {folder}: {e.strerror}") from None
    elif not folder.is_dir():
        raise OutputError(f"{path}: the folder {folder} does not exist")


def _temp_beside(path, target: Path) -> tuple[int, str]:
    try:
        return tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise OutputError(f"{path}: cannot create files in {target.parent}: {e.strerror}") from None


def check_output(path: str | os.PathLike, make_parents: bool = False) -> Path:
    """Refuse, before any work, an output path that :func:`atomic_write_bytes` could not write.

    Returns the target file (symbolic links resolved). Raises :class:`OutputError`: the path
    is empty, a folder or a special file, its folder is missing (unless ``make_parents``),
    or no file can be created in that folder (tried: a probe file is made and removed)."""
    target, _ = _target(path)
    if make_parents and not target.parent.is_dir():
        return target  # created when written
    _folder(path, target, False)
    fd, probe = _temp_beside(path, target)
    os.close(fd)
    os.unlink(probe)
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: str | os.PathLike, data: bytes, make_parents: bool = False,
                       durable: bool = True) -> None:
    """Write ``data`` to ``path`` atomically: a temp file in the target's folder, fsync, rename.

    ``path`` may be a symbolic link (its target is replaced) or absent; an existing file
    keeps its permission bits, a new one gets the umask's. :class:`OutputError` (an
    ``OSError``) for a folder, a special file or a missing folder (``make_parents=True``
    creates it); other ``OSError`` s of the write propagate, and the old file stays whole.

    ``durable=False`` leaves out the two fsyncs (the file's and its folder's): readers still
    see the old file or the new one whole, but after a crash of the system the new one may
    be empty or missing. Only for what can be rebuilt and checks itself (the load cache).
    """
    atomic_write_pieces(path, (data,), make_parents, durable)


def atomic_write_pieces(path: str | os.PathLike, pieces: Iterable[bytes], make_parents: bool = False,
                        durable: bool = True) -> None:
    """:func:`atomic_write_bytes` of the bytes ``pieces`` yields, written as they come (a long
    output is never whole in memory). Whatever ``pieces`` raises propagates after the
    temporary file is removed: the old file (or none) stays, as on any other error."""
    target, st = _target(path)
    _folder(path, target, make_parents)
    fd, tmp = _temp_beside(path, target)
    try:
        os.fchmod(fd, stat.S_IMODE(st.st_mode) if st else 0o666 & ~_umask())  # mkstemp makes 0600
        with os.fdopen(fd, "wb") as f:
            for data in pieces:
                f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if durable:
        _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """fsync a folder so the rename itself survives a crash (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike, text: str, make_parents: bool = False) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically (:func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"), make_parents)
