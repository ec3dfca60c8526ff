"""A first read in a fresh process, and how ``bench/nbt.py`` measures it.

The compiled reader pauses Python's cyclic garbage collector itself while it builds a tree
(``nbt_io.read_named`` no longer calls ``gc`` around it) and puts the collector back as it
found it. The bench's cold figures are the median of fresh processes, ours and amulet-nbt's
alternating, each importing only the library it measures. Nothing here times anything: the
bench's statistic is checked with scripted process answers.
"""

from __future__ import annotations

import gc
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from harness.formats.nbt import binary_reader, fast_binary
from test_nbt_compiled import needs_compiled


# {"a": "<one byte 0xFF>"}: not modified UTF-8, so the compiled reader hands the string's bytes to
# the decode callable it was given (the pure codec in use; here one that notes the collector's state)
MALFORMED_VALUE = bytes.fromhex("0a0000" "080001" "61" "0001" "ff" "00")


def _read_noting_gc(data: bytes) -> list[bool]:
    seen = []

    def decode(raw: bytes) -> str:
        seen.append(gc.isenabled())
        return "x"

    done = fast_binary.compiled.read_tree(data, 3, 10, 0, 0, 0, 0, 512, 1000, decode, binary_reader._array_tag,
                                          binary_reader._WIRE_DTYPES[False])
    assert done is not None and dict(done[0]) == {"a": "x"} and done[1] == len(data)
    return seen


@needs_compiled
def test_compiled_read_pauses_the_collector_and_restores_it():
    assert gc.isenabled()
    assert _read_noting_gc(MALFORMED_VALUE) == [False]
    assert gc.isenabled()


@needs_compiled
def test_compiled_read_leaves_a_paused_collector_paused():
    gc.disable()
    try:
        assert _read_noting_gc(MALFORMED_VALUE) == [False]
        assert not gc.isenabled()
    finally:
        gc.enable()


def _bench(monkeypatch):
    spec = importlib.util.spec_from_file_location("bench_nbt", REPO / "bench" / "nbt.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_nbt", module)  # (its dataclass looks itself up there)
    spec.loader.exec_module(module)
    return module


def test_bench_cold_figure_is_the_median_of_alternating_processes(monkeypatch, tmp_path):
    bench = _bench(monkeypatch)
    answers = {"ours": iter(["0.5 0.2", "0.1 0.4", "0.3 0.3", "9 9", "0.2 0.1"]),
               "amulet": iter(["0.6 0.7", "0.8 0.5", "- -", "0.4 0.9", "0.7 0.6"])}
    order = []

    def run(argv, **kwargs):
        assert argv[:3] == [sys.executable, bench.__file__, "--cold-worker"]
        lib, path, little, encoding, version = argv[3:]
        assert Path(path).read_bytes() == b"\x0a\x00\x00\x00" and (little, encoding, version) == ("0", "java", "26.3")
        order.append(lib)
        return subprocess.CompletedProcess(argv, 0, stdout=next(answers[lib]) + "\n")

    monkeypatch.setattr(bench.subprocess, "run", run)
    sample = bench.Sample(tmp_path / "x.nbt", "java-chunks", b"\x0a\x00\x00\x00", False, "java")
    started, _ = bench.measure_cold([sample], "26.3", 5)
    assert started == 10
    assert order == ["ours", "amulet", "amulet", "ours", "ours", "amulet", "amulet", "ours", "ours", "amulet"]
    assert sample.cold == {("ours", "read"): 0.3, ("ours", "write"): 0.3}
    assert sample.cold_rounds == {("ours", "read"): [0.5, 0.1, 0.3, 9, 0.2], ("ours", "write"): [0.2, 0.4, 0.3, 9, 0.1]}  # amulet failed once: no figure


def test_bench_cold_ratio_is_the_median_of_the_rounds_ratios(monkeypatch, tmp_path):
    bench = _bench(monkeypatch)
    one = bench.Sample(tmp_path / "1.nbt", "java-chunks", b"", False, "java")
    two = bench.Sample(tmp_path / "2.nbt", "java-chunks", b"", False, "java")
    # rounds' ratios (amulet ÷ ours): 2, 8, 1.5; the ratio of the medians would be 2.0 / 0.5 = 4
    one.cold_rounds = {("ours", "read"): [1.0, 0.5, 0.2], ("amulet", "read"): [2.0, 4.0, 0.3]}
    assert bench.cold_ratio([one], "read") == 2.0
    # two files: each round's seconds summed, (2 + 1) / (1 + 1), (4 + 1) / (0.5 + 0.5), (0.3 + 3) / (0.2 + 1)
    two.cold_rounds = {("ours", "read"): [1.0, 0.5, 1.0], ("amulet", "read"): [1.0, 1.0, 3.0]}
    assert bench.cold_ratio([one, two], "read") == pytest.approx(3.3 / 1.2)


def test_bench_cold_worker_imports_only_the_library_it_measures(tmp_path):
    pytest.importorskip("amulet_nbt")
    path = tmp_path / "hello.nbt"
    path.write_bytes(bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100"))
    done = subprocess.run([sys.executable, "-X", "importtime", str(REPO / "bench" / "nbt.py"), "--cold-worker", "amulet",
                           str(path), "0", "java", "26.3"], capture_output=True, text=True, check=True)
    read, write = map(float, done.stdout.split())
    assert read > 0 and write > 0
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "amulet_nbt" in imported
    assert not {name for name in imported if name == "harness" or name.startswith("harness.")}


@needs_compiled
def test_compiled_int_tags_shared_by_value_keep_their_class_and_value():
    # a slot of the compiled reader's int-tag cache holds one value of one class: the same value in
    # another class, and values that share a slot, come back as their own tags
    from harness.formats.nbt import nbt_io
    from harness.formats.nbt import tags as T

    values = list(range(-5000, 5000)) + [2**31 - 1, -2**31]
    tree = T.CompoundTag({"s": T.ShortTag(5), "i": T.IntTag(5), "l": T.LongTag(5), "b": T.ByteTag(5),
                          "ints": T.ListTag([T.IntTag(v) for v in values]),
                          "again": T.ListTag([T.IntTag(v) for v in reversed(values)]),
                          "longs": T.ListTag([T.LongTag(v << 20) for v in values])})
    data = nbt_io.write_named("", tree)
    for _ in range(2):  # the second read from the filled cache
        name, back = nbt_io.read_named(data)
        assert [type(back[k]) for k in "silb"] == [T.ShortTag, T.IntTag, T.LongTag, T.ByteTag]
        assert [int(back[k]) for k in "silb"] == [5, 5, 5, 5]
        assert [(type(v), int(v)) for v in back["ints"]] == [(T.IntTag, v) for v in values]
        assert [int(v) for v in back["again"]] == values[::-1]
        assert [(type(v), int(v)) for v in back["longs"]] == [(T.LongTag, v << 20) for v in values]


def test_bench_without_cold_runs_has_no_cold_columns(monkeypatch, tmp_path, capsys):
    # a trial's --no-cold table had four columns of "-"
    bench = _bench(monkeypatch)
    sample = bench.Sample(tmp_path / "x.nbt", "java-chunks", b"\x0a\x00\x00\x00", False, "java")
    sample.seconds = {(lib, op): 0.001 for lib in bench.LIBS for op in bench.OPS}
    bench.render([sample], [], 0.02, None)
    header = next(line for line in capsys.readouterr().out.splitlines() if "file" in line)
    assert "read MB/s" in header and "cold" not in header
