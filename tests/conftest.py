"""Shared test helpers: the bundled references and the real files the game wrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "reference"
SHARED = REPO.parent / "shared"  # ../shared beside the checkout (CI lays a copy there too)
RECORDED_VERSIONS = ("1.20.1", "1.21.1", "26.1.2", "26.3")


def reference_cases(version: str, area: str) -> list[dict]:
    """Every case of ``reference/<version>/<area>.jsonl`` (the game's recorded answers)."""
    path = REFERENCE / version / f"{area}.jsonl"
    # split on "\n" only: str.splitlines would also cut at U+2028, U+001C... inside a JSON string
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def reference_case(version: str, case_id: str) -> dict:
    """One recorded case by id (its area is the id's first component)."""
    area = case_id.split("/", 1)[0]
    for case in reference_cases(version, area):
        if case["id"] == case_id:
            return case
    raise KeyError(f"{case_id} not in reference/{version}/{area}.jsonl")


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED
