"""The examples in the storage and palette modules' docstrings run and hold."""

import doctest
import importlib

import pytest

MODULES = ["harness.formats.varint", "harness.formats.storage.simple_bit_storage",
           "harness.formats.storage.zero_bit_storage", "harness.formats.palette.strategy",
           "harness.formats.palette.palettes", "harness.formats.palette.count_order",
           "harness.formats.palette.paletted_container", "harness.formats.palette.quick_set",
           "harness.formats.storage.word_codec"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
