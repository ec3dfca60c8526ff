"""Every case generator is deterministic: two runs into two folders write the same bytes.

Contract for ``cases/<area>/gen.py``: ``python gen.py --out DIR`` writes its case files
into ``DIR`` (instead of beside itself) and nothing else.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO

GENERATORS = sorted((REPO / "cases").glob("*/gen.py"))


def _run(gen, out):
    out.mkdir()
    done = subprocess.run([sys.executable, str(gen), "--out", str(out)], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{gen} --out {out} failed:\n{done.stderr[-2000:]}"
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("gen", GENERATORS, ids=[g.parent.name for g in GENERATORS])
def test_generator_is_deterministic(gen, tmp_path):
    first = _run(gen, tmp_path / "one")
    second = _run(gen, tmp_path / "two")
    assert first, f"{gen} wrote no files into --out"
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], f"{gen}: {name} differs between two runs"


def test_generators_discovered():
    if not GENERATORS:
        pytest.skip("no cases/<area>/gen.py yet")
    assert all(g.parent.parent == REPO / "cases" for g in GENERATORS)
