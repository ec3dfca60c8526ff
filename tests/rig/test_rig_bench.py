"""``bench/palette.py --jar``: the game's PalettedContainer timed beside ours (rig/bench.py).

Runs against the stand-in jars (tests/rig/standin_build.py), whose speed is a test double's,
never the game's: the tests check the shape of what is printed and that both sides timed the
same section, never a figure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_cli import bench_module

REPO = Path(__file__).resolve().parents[2]
NUMBER = r"[0-9][0-9,]*(?:\.[0-9]+)?"


def _run(argv: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, *argv], input=stdin, capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=120)


def _palette_bench():
    """``bench/palette.py`` as a module, to call its ``main(argv)`` in this process (the game's
    side still runs in its own child, ``python -m rig.bench``)."""
    return bench_module("palette")


def test_bench_holds_ours_against_the_game(standin_jars, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # rich's width: whole table rows
    # the least timing that prints every row: a batch a figure, one warm-up iteration (the JIT's
    # warm-up and steady figures are the bench's, not what this test checks)
    _palette_bench().main(["--jar", str(standin_jars.plain), "--seconds", "0.001", "--warmup", "1"])
    out = capsys.readouterr().out
    assert "Ours against the game's PalettedContainer (Java" in out
    assert "loops inside the JVM" in out
    assert "CAVEAT" not in out  # timed in the JVM
    # the same sections on both sides, but for k = 4: the stand-in packs at ceillog2(n) bits (2),
    # where the game's linear palette keeps 4 (GAME_FACTS.md 2.1), so its longs differ there
    warnings = [line.strip() for line in out.splitlines() if "WARNING" in line]
    assert warnings == ["WARNING: the game's packed section differs from ours at k = 4"], out
    for op in ("pack", "unpack", "write"):
        for k, bits in ((4, 4), (200, 8), (1000, 16)):
            row = re.search(rf"│ {op}, k = {k} +│ +({NUMBER}) │ +({NUMBER}) │ +({NUMBER}) │ +(yes|no) +│", out)
            assert row, f"no {op} row for k = {k} in the game's table:\n{out}"
            ours, game, ratio = (float(g.replace(",", "")) for g in row.groups()[:3])
            assert game > 0 and ratio > 0
            # the ratio is ours ÷ the game's, of the unrounded rates: each printed rounded to a whole
            # section/s, so ours ÷ game from the table may be off by up to half a section/s of each
            assert abs(ratio - ours / game) <= ratio * (0.01 + 0.5 / game + 0.5 / ours) + 0.002
            assert row.group(4) == ("yes" if ratio >= 1 else "no")
            # the first table: ours warm and cold, and the game's µs beside them
            times = re.search(rf"│ +{k} │ +{bits} │ {op} +│ +({NUMBER}) │ +({NUMBER}) │ +({NUMBER}|-) │ +({NUMBER}) │",
                              out)  # the third: × Python pack, on the pack rows alone
            assert times, f"no {op} row for k = {k} in the µs table:\n{out}"
            warm, cold, game_us = (float(g.replace(",", "")) for g in times.group(1, 2, 4))
            assert warm > 0 and cold > 0
            assert abs(game_us - 1e6 / game) <= 0.06 + game_us * (0.5 / game + 0.001)  # the same figure, in µs


def test_bench_without_javac_says_how_the_game_was_timed(standin_jars):
    # a biome section (64 values): without the harness each value is set by a call from Python
    # through JPype, 4,096 of them for block states (most of this test's time), the same path
    values = [i % 3 for i in range(64)]
    request = {"strategy": "biomes", "registry": 40, "values": values, "seconds": 0.002, "warmup": 1}
    done = _run(["-m", "rig.bench", "--jar", str(standin_jars.obfuscated), "--mappings", str(standin_jars.mappings),
                 "--javac", ""], json.dumps(request))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert "JPype" in answer["caveat"] and answer["how"] == "calls from Python through JPype"
    assert sorted(answer["rates"]) == ["pack", "unpack", "write"] and all(r > 0 for r in answer["rates"].values())
    assert sorted(answer["packed"]["palette"]) == [0, 1, 2]


def test_bench_refuses_a_jar_it_cannot_use(tmp_path):
    not_a_jar = tmp_path / "server.jar"
    not_a_jar.write_bytes(b"not a zip")
    with pytest.raises(SystemExit) as refused:  # its message is what the command prints on stderr
        _palette_bench().main(["--jar", str(not_a_jar), "--seconds", "0.01"])
    said = str(refused.value.code)
    assert "the game could not be measured" in said and "rig.bench:" in said
