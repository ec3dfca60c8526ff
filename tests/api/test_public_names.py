"""The public API's names, listed in one place: a name that disappears fails here.

Adding a name to a public module's ``__all__`` means adding it here (and to CHANGELOG.md);
removing one is a breaking change.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import harness

REPO = Path(__file__).resolve().parents[2]

PUBLIC_NAMES: dict[str, list[str]] = {
    "harness.formats": ["GameError", "GameVersion", "LATEST", "RECORDED", "UnknownVersionError", "VERSIONS",
                        "resolve"],
    "harness.formats.nbt": [
        "load", "loads", "dump", "dumps", "NbtDocument", "ENCODINGS", "COMPRESSIONS",
        "parse_snbt", "to_snbt",
        "Tag", "EndTag", "END", "ByteTag", "ShortTag", "IntTag", "LongTag", "FloatTag", "DoubleTag",
        "ByteArrayTag", "StringTag", "ListTag", "CompoundTag", "IntArrayTag", "LongArrayTag",
        "GameError", "CompressionError", "CommandSyntaxError", "BudgetExceeded",
    ],
    "harness.formats.storage": ["BitStorage", "InitializationException", "MAX_LONGS", "SimpleBitStorage",
                                "ZeroBitStorage", "java_int", "java_longs", "new_storage", "required_longs"],
    "harness.formats.palette": ["Configuration", "GlobalPalette", "HashMapPalette", "LinearPalette",
                                "MissingPaletteEntryException", "Packed", "PalettedContainer", "SingleValuePalette",
                                "Strategy", "biomes_strategy", "block_states_strategy", "ceillog2"],
    "harness.formats.region": ["RegionFile", "ChunkLocation", "RegionError", "UnsupportedChunkError",
                               "looks_like_region", "stored_position", "REGION_NAME", "SECTOR", "DataLayer"],
}
PUBLIC_MODULES = list(PUBLIC_NAMES)


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_public_name_is_there(module):
    mod = importlib.import_module(module)
    missing = [n for n in PUBLIC_NAMES[module] if not hasattr(mod, n)]
    assert not missing, f"{module} lost public names {missing}"
    assert sorted(mod.__all__) == sorted(PUBLIC_NAMES[module]), \
        f"{module}.__all__ and the list here differ: list a new name here and in CHANGELOG.md"


@pytest.mark.parametrize("module", [m for m in PUBLIC_MODULES if m != "harness.formats"])
def test_dir_lists_the_public_names_not_what_the_imports_left(module):
    # a new user's trial found `annotations` and `Union` offered by dir(harness.formats.palette)
    mod = importlib.import_module(module)
    assert dir(mod) == sorted(PUBLIC_NAMES[module])
    assert "annotations" in vars(mod) or "Union" in vars(mod) or "COMPRESSION_BY_ID" in vars(mod)  # what dir() leaves out


def test_the_public_api_uses_no_engine():
    """``harness.formats`` imports nothing from the engine: a library user gets the formats alone
    (the public modules imported in a child forked from this process, every module of the
    harness and the rig forgotten first, as a new interpreter has none of them)."""
    from helpers_cli import run_body_forked

    def body() -> int:
        for name in [n for n in sys.modules if n.startswith(("harness", "rig"))]:  # (the rig's tests' modules too)
            del sys.modules[name]
        for name in PUBLIC_MODULES:
            importlib.import_module(name)
        print(sorted(m for m in sys.modules if m.startswith(("harness.engine", "harness.cli", "rig"))))
        return 0

    out = run_body_forked(["import", *PUBLIC_MODULES], body, REPO)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr


def test_version_agrees_with_pyproject_and_changelog():
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1)
    assert harness.__version__ == version
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    # changes not yet released sit under "## Unreleased" at the top
    newest = re.search(r"^## (?!Unreleased$)(\S+)", changelog, re.M).group(1)
    assert newest == version, "CHANGELOG.md's newest release entry is the package's version"


def test_changelog_names_every_public_name():
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    unnamed = [f"{m}.{n}" for m, names in PUBLIC_NAMES.items() for n in names if f"`{n}`" not in changelog]
    assert not unnamed, f"CHANGELOG.md does not name {unnamed}"


def test_py_typed_is_shipped():
    assert (REPO / "harness" / "py.typed").is_file()
    assert '"py.typed"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")
