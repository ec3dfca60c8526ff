"""``harness versions``: differences between two versions' recorded answers, from the references."""

from __future__ import annotations

from harness.cli import main
from harness.engine.reference import BUNDLED, load_reference
from harness.engine.version_diff import area_summary, diff_references


def _diffs(a, b):
    return {d.id: d for d in diff_references(load_reference(BUNDLED / a), load_reference(BUNDLED / b))}


def test_changed_exception_kind_between_1_20_1_and_1_21_1():
    d = _diffs("1.20.1", "1.21.1")["nbt/p/list-depth-513/file"]
    assert d.status == "differs" and d.index == 0 and d.difference.path == ("error",)
    assert d.a["error"] == "RuntimeException" and d.b["error"] == "NbtAccounterException"


def test_compared_only_over_the_common_prefix_of_ops():
    d = _diffs("26.1.2", "26.3")["storage/p/errors"]  # 26.3 inserts a fill before the last op
    assert d.status == "same" and d.compared == 5 and d.not_compared == 2


def test_cases_of_one_version_only_and_summary():
    diffs = _diffs("26.1.2", "26.3")
    assert diffs["storage/p/fill-1"].status == "only_b"
    assert diffs["palette/p/grow-biomes-65"].status == "only_a"
    summary = area_summary(list(diffs.values()))
    assert summary["storage"]["only_b"] == 32 and summary["snbt"]["differs"] == 0


def test_palette_write_format_change_located_in_the_length_prefix(capsys):
    assert main(["versions", "1.21.1", "26.1.2", "--case", "palette/p/grow-block_states-2"]) == 0
    out = capsys.readouterr().out
    assert 'op 2 ["write"]: differs at byte 4 (data length VarInt, byte 0 of it)' in out
    assert out.strip().splitlines()[-1] == "1 differ, 0 same, 0 only in 1.21.1, 0 only in 26.1.2"
