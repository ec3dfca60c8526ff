"""The examples in the docstrings run and hold (they document shapes, bytes and messages): every
module under ``harness/`` and ``rig/`` whose source holds an example (``>>> ``) is found here,
so that none is left out of a hand-kept list, and its examples are run in this process."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("harness", "rig")


def modules_with_examples() -> list[str]:
    """The dotted names of the modules of :data:`PACKAGES` whose source holds ``>>> ``."""
    found = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                parts = path.relative_to(REPO).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = modules_with_examples()


def test_the_modules_are_found():
    # modules known to hold examples, one of each package and kind (a package's __init__ too)
    assert {"harness.engine.jsontext", "harness.formats.nbt", "harness.formats.nbt.tags", "rig.paths",
            "harness.engine.limits"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
