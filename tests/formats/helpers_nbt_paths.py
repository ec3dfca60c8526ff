"""Both NBT paths within one test: the compiled fast paths (where built) and the pure-Python
reader, writer and array printer, as ``conftest``'s ``nbt_path`` fixture makes them, but for
a Hypothesis test that draws its examples once and checks each on both paths (the drawing is
most of such a test's time; run twice by the fixture, a derandomized test draws the same
examples twice)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from harness.formats.nbt import binary_reader, binary_writer, fast_binary, string_tag_visitor


@contextmanager
def pure_nbt():
    """The block on the pure-Python NBT paths (``nbt_path``'s ``"pure"``), whatever it raises."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(binary_reader, "_compiled", None)
        patch.setattr(binary_writer, "_compiled", None)
        patch.setattr(string_tag_visitor, "_compiled_text", None)
        yield


def on_each_nbt_path(check) -> None:
    """``check("compiled")`` where the compiled fast paths are built, then ``check("pure")`` on the pure ones."""
    if fast_binary.compiled is not None and fast_binary.array_text is not None:
        check("compiled")
    with pure_nbt():
        check("pure")
