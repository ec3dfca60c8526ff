"""README's "Use it as a library" example runs as written (extracted from README, so it cannot rot)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def readme_example() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Use it as a library\n", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_readme_library_example_runs(tmp_path):
    code = readme_example()
    for path in re.findall(r'"(tests/data/[^"]+)"', code):  # the files it reads, at the same place
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / path, tmp_path / path)
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    # the checkout's package, as `pip install .` gives it (cwd is the temporary directory)
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "minecraft:stone -> minecraft:gold_ore" in result.stdout
    assert "StringTag('1e5')" in result.stdout and "DoubleTag(0x40f86a0000000000 = 100000.0)" in result.stdout
    # the game takes the first free run before it frees the chunk's old sectors (RegionFile.write, as
    # the decompiled source reads): the only chunk, 2 sectors at sector 2, moves to the end: 2 sectors more
    assert "moved from sector 2 to 4" in result.stdout
    original = (REPO / "tests/data/real/java-region/r.0.0.mca").stat().st_size
    assert (tmp_path / "changed.r.0.0.mca").stat().st_size == original + 2 * 4096 == 6 * 4096
