"""The public API type-checks strictly (mypy, ``[tool.mypy]`` of pyproject.toml), and so does a
user's strictly typed code using it (``tests/typing/public_usage.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

REPO = Path(__file__).resolve().parents[2]


def test_public_modules_pass_mypy_strict(tmp_path):
    # the public modules come from pyproject.toml; internals are followed silently
    files = [str(REPO / "tests" / "typing" / "public_usage.py")]
    try:
        import tomllib  # Python 3.11+
    except ImportError:  # pragma: no cover - Python 3.10
        tomllib = pytest.importorskip("tomli")
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    files += [str(REPO / f) for f in config["files"]]
    stdout, stderr, status = api.run(["--config-file", str(REPO / "pyproject.toml"),
                                      "--cache-dir", str(REPO / ".mypy_cache"), "--no-error-summary", *files])
    assert status == 0, stdout + stderr
