"""The optional compiled fast paths (``setup.py``'s ``FAST_PATHS``), each imported where it was built.

Each is our own C source, built at install where a C compiler is present; the pure-Python code
beside it gives the same answers without it. An environment switch (``MC_HARNESS_PURE_NBT``,
``MC_HARNESS_PURE_PALETTE``, ``MC_HARNESS_PURE_VARINT``, ``MC_HARNESS_PURE_STORAGE``), read at
import, leaves one out, which is how the tests run both paths.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def load(module: str, pure_env: str) -> ModuleType | None:
    """The extension ``module`` (``"harness.formats._varint"``), or None when it was not built or
    the environment variable ``pure_env`` is set to anything but ``""`` or ``"0"``."""
    if os.environ.get(pure_env, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(module)
    except ImportError:  # not built (no compiler at install): the pure path
        return None
