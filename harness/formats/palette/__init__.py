"""Paletted containers: ``PalettedContainer``, its ``Strategy`` and its four palettes."""

from __future__ import annotations

from harness.formats.palette.paletted_container import Packed, PalettedContainer
from harness.formats.palette.palettes import (
    GlobalPalette,
    HashMapPalette,
    LinearPalette,
    MissingPaletteEntryException,
    SingleValuePalette,
)
from harness.formats.palette.strategy import Configuration, Strategy, ceillog2

__all__ = ["Configuration", "GlobalPalette", "HashMapPalette", "LinearPalette", "MissingPaletteEntryException",
           "Packed", "PalettedContainer", "SingleValuePalette", "Strategy", "ceillog2"]
