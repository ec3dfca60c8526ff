"""Every case generator is deterministic and its committed case files are current.

Contract for ``cases/<area>/gen.py``: ``python gen.py --out DIR`` writes its case files into
``DIR`` (instead of beside itself) and nothing else; two runs, even with different string
hash seeds, write the same bytes; ``cases/<area>/*.yaml`` are exactly what it writes.

One run checks both: with ``PYTHONHASHSEED=0`` (no hash randomization), it must write the
committed files byte for byte, which an earlier run wrote (a developer's, with a random seed):
a generator whose output depended on the hash seed, the clock or an unseeded draw would
differ from them.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import REPO

GENERATORS = sorted((REPO / "cases").glob("*/gen.py"))
pytestmark = pytest.mark.xdist_group("case-generators")  # one worker runs the module's generator run

# One interpreter runs every generator in turn, each as ``python gen.py --out DIR`` would (run
# as __main__ with that argv, its folder first on sys.path): an interpreter's start and the
# harness's imports are paid once, not once a generator.
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
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _DRIVER, str(out), *map(str, GENERATORS)], cwd=REPO,
                          capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, f"the generators (PYTHONHASHSEED={hash_seed}) failed:\n{done.stderr[-3000:]}"
    return {gen.parent.name: {p.relative_to(out / gen.parent.name).as_posix(): p.read_bytes()
                              for p in sorted((out / gen.parent.name).rglob("*")) if p.is_file()}
            for gen in GENERATORS}


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """What every generator wrote, with the string hash seed 0."""
    return _run_all(tmp_path_factory.mktemp("generated"), "0")


@pytest.mark.parametrize("gen", GENERATORS, ids=[g.parent.name for g in GENERATORS])
def test_generator_is_deterministic_and_its_files_are_current(gen, generated):
    written = generated[gen.parent.name]
    assert written, f"{gen} wrote no files into --out"
    committed = {p.name: p.read_bytes() for p in sorted(gen.parent.glob("*.yaml"))}
    assert committed.keys() == written.keys(), f"cases/{gen.parent.name}: committed files differ from what gen.py writes"
    for name in written:
        assert committed[name] == written[name], (
            f"cases/{gen.parent.name}/{name} is not what gen.py writes with PYTHONHASHSEED=0: stale (rerun "
            f"{gen.relative_to(REPO)}), or its output depends on the hash seed or on the run")


def test_every_area_has_a_generator():
    assert [g.parent.name for g in GENERATORS] == ["nbt", "palette", "region", "snbt", "storage"]
