"""Shared test helpers: the bundled references and the real files the game wrote."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from harness.engine.reference import load_reference

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "reference"
SHARED = REPO.parent / "shared"  # ../shared beside the checkout (CI lays a copy there too)
RECORDED_VERSIONS = ("1.20.1", "1.21.1", "26.1.2", "26.3")


@lru_cache(maxsize=None)
def _reference(version: str):
    return load_reference(REFERENCE / version)


def reference_cases(version: str, area: str) -> list[dict]:
    """Every case of one area of ``reference/<version>/`` (the game's recorded answers), in
    recorded order; each a fresh mapping (``source`` left out)."""
    return [{k: v for k, v in c.items() if k != "source"} for c in _reference(version).cases if c["area"] == area]


def reference_case(version: str, case_id: str) -> dict:
    """One recorded case by id (its area is the id's first component)."""
    area = case_id.split("/", 1)[0]
    for case in reference_cases(version, area):
        if case["id"] == case_id:
            return case
    raise KeyError(f"{case_id} not in reference/{version}/ ({area})")


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED


@pytest.fixture(autouse=True)
def _fresh_answers():
    """Each test starts with our implementation's reused answers forgotten, so a test that
    patches a module of it sees the patch (harness.implementations.python keeps answers)."""
    from harness.implementations import python

    python.forget()
    yield


@pytest.fixture(params=["compiled", "pure"])
def nbt_path(request, monkeypatch):
    """Runs a test on each binary NBT path: the compiled fast path (``harness.formats.nbt.fast_binary``;
    skipped where it is not built) and the pure-Python reader and writer (the fallback)."""
    from harness.formats.nbt import binary_reader, binary_writer, fast_binary

    if request.param == "compiled":
        if fast_binary.compiled is None:
            pytest.skip("the compiled NBT fast path is not built here (./setup.sh builds it)")
    else:
        monkeypatch.setattr(binary_reader, "_compiled", None)
        monkeypatch.setattr(binary_writer, "_compiled", None)
    return request.param
