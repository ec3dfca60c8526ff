"""``==`` of tags nested deeper than Python's recursive comparison goes (a new user's trial:
``parse_snbt(deep) == parse_snbt(deep)`` raised ``RecursionError`` past about 1,000 levels)."""

from __future__ import annotations

from harness.formats.nbt import CompoundTag, IntTag, ListTag, StringTag


def _deep(depth: int, leaf) -> CompoundTag:
    tag = CompoundTag({"v": leaf})
    for i in range(depth):
        tag = CompoundTag({"a": ListTag([tag, IntTag(i)])}) if i % 2 else CompoundTag({"b": tag})
    return tag


def test_deep_trees_compare_as_shallow_ones_do(default_recursion_limit):
    depth = 3_000
    assert _deep(depth, IntTag(1)) == _deep(depth, IntTag(1))
    assert _deep(depth, IntTag(1)) != _deep(depth, IntTag(2))  # the one difference is at the very bottom
    assert _deep(depth, IntTag(1)) != _deep(depth, StringTag("1"))
    assert ListTag([_deep(depth, IntTag(1))]) == ListTag([_deep(depth, IntTag(1))])
    other = _deep(depth, IntTag(1))
    other["extra"] = IntTag(0)  # a key the other lacks, at the top
    assert _deep(depth, IntTag(1)) != other
