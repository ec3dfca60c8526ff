"""``harness nbt diff`` of one value changed in a long array shows where: the element that
differs first and three on each side, "…" for the rest, not the whole array twice."""

from __future__ import annotations

import numpy as np

from harness.formats import nbt
from harness.formats.nbt.tags import ByteArrayTag, CompoundTag, IntArrayTag, IntTag, ListTag, LongArrayTag, StringTag
from helpers_cli import run_nbt


def _pair(tmp_path, changed: dict) -> tuple:
    a = CompoundTag(name=StringTag("x"), data=IntArrayTag(np.arange(1000, dtype=np.int32)),
                    kept=LongArrayTag(np.arange(40, dtype=np.int64)), l=ListTag([IntTag(1)]))
    b = CompoundTag(a, **changed)
    paths = tmp_path / "a.nbt", tmp_path / "b.nbt"
    for path, tag in zip(paths, (a, b)):
        path.write_bytes(nbt.dumps(tag))
    return paths


def test_one_changed_element_is_shown_with_its_neighbours(tmp_path, capsys):
    data = np.arange(1000, dtype=np.int32)
    data[500] = 7
    status, out, err = run_nbt(capsys, "diff", *_pair(tmp_path, {"data": IntArrayTag(data)}))
    lines = out.splitlines()
    assert (status, err) == (1, "")
    note = "  (element 500 of 1000 is the first that differs)"
    assert "-    data: [I; …, 497, 498, 499, 500, 501, 502, 503, …]," + note in lines
    assert "+    data: [I; …, 497, 498, 499, 7, 501, 502, 503, …]," + note in lines
    assert max(map(len, lines)) < 200


def test_a_difference_at_the_start_or_end_has_no_ellipsis_there(tmp_path, capsys):
    kept = np.arange(40, dtype=np.int64)
    kept[0], kept[39] = -1, -2
    _, out, _ = run_nbt(capsys, "diff", *_pair(tmp_path, {"kept": LongArrayTag(kept)}))
    assert "-    kept: [L; 0L, 1L, 2L, 3L, …],  (element 0 of 40 is the first that differs)" in out.splitlines()
    assert "+    kept: [L; -1L, 1L, 2L, 3L, …],  (element 0 of 40 is the first that differs)" in out.splitlines()


def test_a_long_array_on_a_context_or_lone_line_is_cut_to_its_start(tmp_path, capsys):
    _, out, _ = run_nbt(capsys, "diff", *_pair(tmp_path, {"name": StringTag("y"), "data": ByteArrayTag(bytes(20))}))
    lines = out.splitlines()
    assert "-    data: [I; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, …],  (1000 elements)" in lines
    assert "+    data: [B; 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, 0B, …],  (20 elements)" in lines
    assert '-    name: "x"' in lines and '+    name: "y"' in lines


def test_a_short_array_is_shown_whole(tmp_path, capsys):
    a, b = tmp_path / "a.nbt", tmp_path / "b.nbt"
    a.write_bytes(nbt.dumps(CompoundTag(v=IntArrayTag([1, 2, 3]))))
    b.write_bytes(nbt.dumps(CompoundTag(v=IntArrayTag([1, 5, 3]))))
    _, out, _ = run_nbt(capsys, "diff", a, b)
    assert out.splitlines()[-3:-1] == ["-    v: [I; 1, 2, 3]", "+    v: [I; 1, 5, 3]"]
