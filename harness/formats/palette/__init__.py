"""Paletted containers as a library: ``PalettedContainer``, its ``Strategy`` and its four palettes.

A :class:`PalettedContainer` holds a chunk section's 4,096 block states (16×16×16) or 64
biomes (4×4×4) as registry ids: a palette of the ids present and a
:class:`harness.formats.storage.SimpleBitStorage` of indices into it, grown and packed as
``net.minecraft.world.level.chunk.PalettedContainer`` does. Methods carry the game's names
in Python spelling: ``get(x, y, z)``, ``set``, ``get_and_set``, ``get_at(index)`` / ``set_at``
(the index is ``(y << b | z) << b | x``), ``bits`` (``bitsPerEntry``), ``counts`` (``count``),
``write`` (``write(FriendlyByteBuf)``), ``pack`` / ``unpack`` (the saved form: a chunk's
``palette`` and ``data``), ``copy``, ``recreate``.

What a release decides: its registry sizes (:func:`block_states_strategy`,
:func:`biomes_strategy`, default the latest release) and the bytes of ``write`` (a VarInt
count before the longs up to 1.21.4), given as ``write(version)``.

Values are registry ids 0..registry-1 (``TypeError`` for a non-int, ``ValueError`` outside);
positions out of range raise ``GameError`` ``IllegalArgumentException`` as the game does.

>>> c = PalettedContainer(block_states_strategy("1.20.1"), 0)
>>> c.set(1, 2, 3, 42); c.get(1, 2, 3), c.bits()
(42, 4)
>>> packed = c.pack(); packed.palette, len(packed.data)
([0, 42], 256)
>>> PalettedContainer.unpack(c.strategy, packed.palette, packed.data).get(1, 2, 3)
42
>>> PalettedContainer(biomes_strategy("26.3"), 7).write("26.3").hex(), PalettedContainer(biomes_strategy("1.20.1"), 7).write("1.20.1").hex()
('0007', '000700')
"""

from __future__ import annotations

from harness.formats import public_names as _public_names

from typing import Union

from harness.formats import versions as _versions
from harness.formats.palette.paletted_container import Packed, PalettedContainer
from harness.formats.palette.palettes import (
    GlobalPalette,
    HashMapPalette,
    LinearPalette,
    MissingPaletteEntryException,
    SingleValuePalette,
)
from harness.formats.palette.strategy import Configuration, Strategy, ceillog2
from harness.formats.versions import GameVersion

Version = Union[str, GameVersion, None]
"""A release: a version string of the table (``"26.3"``), a ``GameVersion``, or ``None`` for the latest."""


def _version(version: Version) -> GameVersion:
    return _versions.resolve(_versions.LATEST if version is None else version)


def block_states_strategy(version: Version = None) -> Strategy:
    """``Strategy.SECTION_STATES`` of ``version`` (default the latest): 16×16×16 values over
    the release's block-state registry (35,723 states in 26.3, so 16-bit global ids).
    ``UnknownVersionError`` for a release the table lacks."""
    return Strategy.block_states(_version(version).registries.block_states)


def biomes_strategy(version: Version = None) -> Strategy:
    """``Strategy.SECTION_BIOMES`` of ``version`` (default the latest): 4×4×4 values over the
    release's vanilla biome registry (67 biomes in 26.3). ``UnknownVersionError`` for a
    release the table lacks."""
    return Strategy.biomes(_version(version).registries.biomes)


__all__ = ["Configuration", "GlobalPalette", "HashMapPalette", "LinearPalette", "MissingPaletteEntryException",
           "Packed", "PalettedContainer", "SingleValuePalette", "Strategy", "biomes_strategy",
           "block_states_strategy", "ceillog2"]
__dir__ = _public_names.listing(__all__)  # dir() lists the API, not what the imports left
