"""Every case generator is deterministic and its committed case files are current.

Contract for ``cases/<area>/gen.py``: ``python gen.py --out DIR`` writes its case files into
``DIR`` (instead of beside itself) and nothing else; two runs, even with different string
hash seeds, write the same bytes; ``cases/<area>/*.yaml`` are exactly what it writes.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import REPO

GENERATORS = sorted((REPO / "cases").glob("*/gen.py"))


def _run(gen, out, hash_seed):
    out.mkdir()
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, str(gen), "--out", str(out)], cwd=REPO, capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 0, f"{gen} --out {out} failed:\n{done.stderr[-2000:]}"
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("gen", GENERATORS, ids=[g.parent.name for g in GENERATORS])
def test_generator_is_deterministic_and_its_files_are_current(gen, tmp_path):
    first = _run(gen, tmp_path / "one", "1")
    second = _run(gen, tmp_path / "two", "2")
    assert first, f"{gen} wrote no files into --out"
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], f"{gen}: {name} differs between two runs"
    committed = {p.name: p.read_bytes() for p in sorted(gen.parent.glob("*.yaml"))}
    assert committed.keys() == first.keys(), f"cases/{gen.parent.name}: committed files differ from what gen.py writes"
    for name in first:
        assert committed[name] == first[name], f"cases/{gen.parent.name}/{name} is stale: rerun {gen.relative_to(REPO)}"


def test_every_area_has_a_generator():
    assert [g.parent.name for g in GENERATORS] == ["nbt", "palette", "region", "snbt", "storage"]
