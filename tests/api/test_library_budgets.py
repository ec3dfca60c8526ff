"""The tools' own budgets as a library user meets them: ``nbt.BudgetExceeded``, documented where
the functions are, its message naming the setting that raises it beside the command's option."""

from __future__ import annotations

import struct

import pytest

from harness.formats import budget, nbt


def _int_list(n: int) -> bytes:
    """A java root compound holding ``l``, a list of ``n`` ints."""
    return b"\x0a\x00\x00\x09\x00\x01l\x03" + struct.pack(">i", n) + bytes(4 * n) + b"\x00"


def test_a_binary_read_over_max_tags_names_the_setting_and_the_option(monkeypatch):
    monkeypatch.setattr(budget, "MAX_TAGS", 10)
    with pytest.raises(nbt.BudgetExceeded) as refused:
        nbt.loads(_int_list(20))
    assert "more than 10 tags" in str(refused.value)
    assert "harness nbt --max-tags N, or harness.formats.budget.MAX_TAGS = N in Python, to raise it" \
        in str(refused.value)
    monkeypatch.setattr(budget, "MAX_TAGS", 30)  # read at each call: raising it lets the read through
    assert list(nbt.loads(_int_list(20)).tag["l"]) == [0] * 20


def test_snbt_over_its_budgets_names_the_settings_and_the_options(monkeypatch):
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 3)
    with pytest.raises(nbt.BudgetExceeded) as refused:
        nbt.parse_snbt("[1,2,3,4]")
    assert str(refused.value).startswith("SNBT text of at least 4 values (3 commas outside strings), over the "
                                         "tools' limit of 3 ")
    assert "harness nbt --max-snbt-values N, or harness.formats.budget.MAX_SNBT_VALUES = N in Python" \
        in str(refused.value)
    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 4)
    assert list(nbt.parse_snbt("[1,2,3,4]")) == [1, 2, 3, 4]
    monkeypatch.setattr(budget, "MAX_SNBT_CHARS", 5)
    with pytest.raises(nbt.BudgetExceeded, match=r"^SNBT text of 9 characters, over the tools' limit of 5 "
                                                 r"\(harness nbt --max-snbt-chars N, or "
                                                 r"harness\.formats\.budget\.MAX_SNBT_CHARS = N in Python"):
        nbt.parse_snbt("[1,2,3,4]")


def test_the_budgets_are_documented_where_the_library_user_reads():
    assert nbt.BudgetExceeded is budget.BudgetExceeded and "BudgetExceeded" in nbt.__all__
    errors = nbt.__doc__[nbt.__doc__.index("Errors:"):]
    for said in ("BudgetExceeded", "MAX_TAGS", "MAX_SNBT_CHARS", "MAX_SNBT_VALUES", "MAX_DECOMPRESSED_BYTES"):
        assert said in errors.split(">>>")[0], said
    assert "BudgetExceeded" in nbt.parse_snbt.__doc__ and "MAX_SNBT_VALUES" in nbt.parse_snbt.__doc__
    assert "BudgetExceeded" in nbt.loads.__doc__ and "MAX_TAGS" in nbt.loads.__doc__
    assert budget.to_raise("MAX_CHUNK_BYTES") == "harness.formats.budget.MAX_CHUNK_BYTES = N in Python to raise it"
    assert set(budget.OPTIONS) <= {name for name in vars(budget) if name.startswith("MAX_")}
