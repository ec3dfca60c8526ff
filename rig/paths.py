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
