"""A ``CompoundTag`` refuses an entry that is no tag where it is given (constructor, ``update``,
``|=``, ``setdefault``), and the writer names the key of one put in by item assignment: a
``TypeError`` naming the key and what a value must be."""

from __future__ import annotations

import pytest

from harness.formats import nbt
from harness.formats.nbt.tags import CompoundTag, IntTag, ListTag, StringTag

MUST = "a value must be an NBT tag (IntTag(5), StringTag('x'), CompoundTag(...), ...), not "


@pytest.mark.parametrize("make, said", [
    (lambda: CompoundTag(a=5), "CompoundTag['a']: " + MUST + "5 (int)"),
    (lambda: CompoundTag({"a": IntTag(1), "b": "x"}), "CompoundTag['b']: " + MUST + "'x' (str)"),
    (lambda: CompoundTag({1: IntTag(1)}), "CompoundTag: a key must be a str, not 1 (int)"),
    (lambda: CompoundTag().update(c=1.5), "CompoundTag['c']: " + MUST + "1.5 (float)"),
    (lambda: CompoundTag().setdefault("k"), "CompoundTag['k']: " + MUST + "None (NoneType)"),
], ids=["constructor", "constructor-mapping", "key", "update", "setdefault"])
def test_an_entry_that_is_no_tag_is_refused_where_it_is_given(make, said):
    with pytest.raises(TypeError) as caught:
        make()
    assert str(caught.value) == said


def test_or_assign_is_checked_and_tags_are_taken():
    c = CompoundTag(a=IntTag(1))
    with pytest.raises(TypeError, match=r"CompoundTag\['z'\]: a value must be an NBT tag"):
        c |= {"z": 1}
    c |= {"s": StringTag("x")}
    c.setdefault("a", 5)  # present: nothing is put, nothing to check
    assert c == CompoundTag(a=IntTag(1), s=StringTag("x"))


@pytest.mark.parametrize("encoding", ["java", "bedrock"])
def test_dumps_names_the_key_of_a_value_assigned_that_is_no_tag(encoding):
    inner = CompoundTag()
    inner["y"] = [1]  # item assignment is not checked (the readers fill compounds so)
    outer = CompoundTag(x=inner, l=ListTag([IntTag(1)]))
    with pytest.raises(TypeError) as caught:
        nbt.dumps(outer, encoding=encoding)
    assert str(caught.value) == "CompoundTag['y']: " + MUST + "[1] (list)"
