"""The examples in the engine's docstrings run and hold (they document shapes and messages)."""

import doctest
import importlib

import pytest

MODULES = ["harness.engine.shorten", "harness.engine.jsontext", "harness.engine.vocabulary",
           "harness.engine.anatomy", "harness.engine.compare", "harness.engine.shrink",
           "harness.engine.reference", "harness.engine.oracle", "harness.engine.plain_yaml", "harness.implementations.process", "harness.cli.options",
           "harness.cli.versions", "harness.engine.fuzz.generate", "harness.engine.fuzz.strategies"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
