"""README's ``bench/nbt.py`` line says what the plain command does: how many real files it
reads (``load_samples`` of its default paths), and that the 9-file run needs ``--files``."""

from __future__ import annotations

import importlib.util
import re
import sys

from harness.engine.reference import REPO


def _bench_nbt():
    """``bench/nbt.py`` as a module (in ``sys.modules`` while it loads: its dataclasses look it up)."""
    spec = importlib.util.spec_from_file_location("bench_nbt_for_readme", REPO / "bench" / "nbt.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_the_readme_line_counts_the_files_the_plain_command_reads():
    bench = _bench_nbt()
    paths = sorted(p for kind in bench.KINDS for p in (REPO / "tests" / "data" / "real" / kind).iterdir())
    samples, _ = bench.load_samples(paths)
    chunks = list((REPO / "tests" / "data" / "real" / "java-chunks").iterdir())
    [line] = [line for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()
              if line.startswith("python3 bench/nbt.py")]
    assert f"over the {len(samples)} real files it reads (about " in line
    assert f"--files tests/data/real/java-chunks/* for the {len(chunks)} java-chunks files (about " in line
    assert re.search(r"--no-cold \d+ s", line)
