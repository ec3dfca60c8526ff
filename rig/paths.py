"""What is wrong with a path the user named, said in one line: missing, a directory, unreadable."""

from __future__ import annotations

import os
from pathlib import Path


def file_problem(path: str | os.PathLike, what: str) -> str | None:
    """Why ``path`` cannot be read as ``what`` (``"a jar"``), or None when it is a readable file.

    >>> import tempfile
    >>> file_problem(tempfile.gettempdir(), "a jar").endswith("is a directory, not a jar")
    True
    """
    path = Path(path)
    if path.is_dir():
        return f"{path}: is a directory, not {what}"
    if not path.exists():
        return f"{path}: no such file" + (" (a broken symbolic link)" if path.is_symlink() else "")
    if not path.is_file():
        return f"{path}: not a regular file, so not {what}"
    try:
        with open(path, "rb"):
            pass
    except OSError as e:
        return f"{path}: cannot be read ({e.strerror or e})"
    return None


def folder_problem(path: str | os.PathLike, option: str) -> str | None:
    """Why the folder ``path`` (named by ``option``, as in ``"--out"``) cannot be written into,
    or None when it is a folder or can be made one: it is a file, a folder on its way is a
    file, or the folder (or, when it is still to be made, its nearest existing parent) is not
    writable. Nothing is created.

    >>> import tempfile, pathlib
    >>> file = pathlib.Path(tempfile.mkdtemp()) / "f"
    >>> _ = file.write_text("")
    >>> folder_problem(file, "--out") == f"{file}: is a file, not a folder (--out)"
    True
    >>> folder_problem(file / "sub", "--out") == f"{file}: is a file, not a folder (--out)"
    True
    """
    path = Path(path).expanduser()
    existing = next((p for p in [path, *path.parents] if p.exists() or p.is_symlink()), Path("."))
    if existing.is_symlink() and not existing.exists():
        return f"{existing}: a broken symbolic link, not a folder ({option})"
    if not existing.is_dir():
        return f"{existing}: is a file, not a folder ({option})"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"{existing}: not writable ({option})"
    return None


def directory_problem(path: str | os.PathLike, what: str) -> str | None:
    """Why ``path`` is not an existing directory, or None; ``what`` describes the directory
    wanted (``"a Java home is the directory holding bin/ and lib/"``)."""
    path = Path(path).expanduser()
    if path.exists() and not path.is_dir():
        return f"{path}: is a file; {what}"
    if not path.is_dir():
        return f"{path}: no such directory ({what})"
    return None
