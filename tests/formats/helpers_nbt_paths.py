"""Both NBT paths within one test: the compiled fast paths (where built) and the pure-Python
reader, writer and array printer, as ``conftest``'s ``nbt_path`` fixture makes them, but for
a Hypothesis test that draws its examples once and checks each on both paths (the drawing is
most of such a test's time; run twice by the fixture, a derandomized test draws the same
examples twice)."""

from __future__ import annotations

from conftest import compiled_nbt_built, pure_nbt


def on_each_nbt_path(check) -> None:
    """``check("compiled")`` where the compiled fast paths are built, then ``check("pure")`` on the pure ones."""
    if compiled_nbt_built():
        check("compiled")
    with pure_nbt():
        check("pure")
