"""Test helper for the case generators (``cases/<area>/gen.py``): run one twice, apart."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def generate_twice(gen: Path, tmp_path_factory, label: str) -> list[Path]:
    """Runs ``gen --out DIR`` in two processes with different hash seeds; the two folders."""
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path_factory.mktemp(f"{label}{hash_seed}")
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        subprocess.run([sys.executable, str(gen), "--out", str(out)], check=True, env=env, capture_output=True)
        outs.append(out)
    return outs
