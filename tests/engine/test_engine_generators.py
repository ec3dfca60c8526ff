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
pytestmark = pytest.mark.xdist_group("case-generators")  # one worker runs the module's two generator runs

# One interpreter per hash seed runs every generator in turn, each as ``python gen.py --out DIR``
# would (run as __main__ with that argv, its folder first on sys.path): an interpreter's start
# and the harness's imports are paid once a seed, not once a generator.
_DRIVER = """
import os, runpy, sys, traceback
out_root, gens = sys.argv[1], sys.argv[2:]
status = 0
for gen in gens:
    out = os.path.join(out_root, os.path.basename(os.path.dirname(gen)))
    os.mkdir(out)
    sys.argv, sys.path[0] = [gen, "--out", out], os.path.dirname(gen)
    try:
        runpy.run_path(gen, run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            print(f"{gen} --out {out} exited with {e.code}", file=sys.stderr)
            status = 1
    except BaseException:
        print(f"{gen} --out {out} failed:", file=sys.stderr)
        traceback.print_exc()
        status = 1
sys.exit(status)
"""


def _run_all(out, hash_seed) -> dict[str, dict[str, bytes]]:
    """Every generator's files (by area, then by path under its --out), with PYTHONHASHSEED=hash_seed."""
    out.mkdir()
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _DRIVER, str(out), *map(str, GENERATORS)], cwd=REPO,
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, f"the generators (PYTHONHASHSEED={hash_seed}) failed:\n{done.stderr[-3000:]}"
    return {gen.parent.name: {p.relative_to(out / gen.parent.name).as_posix(): p.read_bytes()
                              for p in sorted((out / gen.parent.name).rglob("*")) if p.is_file()}
            for gen in GENERATORS}


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """What every generator wrote, in two runs with different string hash seeds."""
    root = tmp_path_factory.mktemp("generated")
    return _run_all(root / "one", "1"), _run_all(root / "two", "2")


@pytest.mark.parametrize("gen", GENERATORS, ids=[g.parent.name for g in GENERATORS])
def test_generator_is_deterministic_and_its_files_are_current(gen, two_runs):
    first, second = (run[gen.parent.name] for run in two_runs)
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
