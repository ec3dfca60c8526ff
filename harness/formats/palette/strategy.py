"""``Strategy`` and ``Configuration``: which palette and how many bits, for a number of bits asked.

Matches ``PalettedContainer.Strategy`` (1.20.1, 1.21.1) and the top-level ``Strategy`` /
``Configuration`` of 26.1.2 and 26.3, which keep the same numbers (GAME_FACTS.md 2.1):

========================  =============================  ===========================
bits asked                block states (16×16×16)         biomes (4×4×4)
========================  =============================  ===========================
0                         single value, 0 bits           single value, 0 bits
1 to 3                    linear, 4 bits                 linear, 1 to 3 bits
4                         linear, 4 bits                 global, registry bits
5 to 8                    hash map, 5 to 8 bits          global, registry bits
9 and more                global, registry bits          global, registry bits
========================  =============================  ===========================

"Registry bits" is ``ceillog2(registry size)``. The bits a packed (saved) container uses are
:meth:`Strategy.bits_for_serialization`: for a global configuration the bits that number the
packed palette's entries, otherwise the configuration's bits.

>>> s = Strategy.block_states(35723)
>>> s.configuration(1), s.configuration(9).bits, s.bits_for_serialization(300)
(Configuration(kind='linear', bits=4), 16, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal, NamedTuple

from harness.formats.errors import refuse_non_ints
from harness.formats.storage.simple_bit_storage import expected_longs

PaletteKind = Literal["single_value", "linear", "hash_map", "global"]
MAX_REGISTRY = (1 << 31) - 1  # IdMap.size() is a Java int


def ceillog2(n: int) -> int:
    """``Mth.ceillog2``: the bits that number ``n`` values (0 for 0 and 1)."""
    return max(n - 1, 0).bit_length()


@dataclass(frozen=True)
class Configuration:
    """A palette kind and the bits each value takes in memory (``PalettedContainer.Configuration``)."""

    kind: PaletteKind
    bits: int


class PackedLayout(NamedTuple):
    """What a packed container of a given palette size is read as (:meth:`Strategy.packed_layout`)."""

    bits: int
    """:meth:`Strategy.bits_for_serialization`: the bits of the packed ids (0: no longs)."""
    configuration: Configuration
    """:meth:`Strategy.configuration` of ``bits``: the palette kind and the in-memory bits."""
    longs: int
    """The longs ``size`` ids of ``bits`` take (0 for 0 bits): the only length unpack accepts."""


@dataclass(frozen=True)
class Strategy:
    """How a container of ``size_bits``-per-axis values over ``registry`` ids is laid out and grown.

    ``name`` is ``"block_states"`` (16³ values) or ``"biomes"`` (4³); ``registry`` is the
    number of distinct values, ids 0..registry-1. Raises ``TypeError`` for a registry that is
    not an ``int`` (``bool`` included) and ``ValueError`` for one outside 1..2**31-1 (the game's
    ``IdMap.size()`` is a Java int).
    """

    name: Literal["block_states", "biomes"]
    registry: int

    def __post_init__(self) -> None:
        if self.name not in ("block_states", "biomes"):
            raise ValueError(f"unknown strategy {self.name!r}; strategies are block_states and biomes")
        if isinstance(self.registry, bool) or not isinstance(self.registry, int):
            raise TypeError(f"registry must be an int (the number of ids), not {type(self.registry).__name__}")
        if not 1 <= self.registry <= MAX_REGISTRY:
            raise ValueError(f"registry must be from 1 to {MAX_REGISTRY} ids (a Java int size), "
                             f"not {self.registry}")

    @classmethod
    def block_states(cls, registry: int) -> Strategy:
        """``Strategy.block_states(registry)`` (the game's ``Strategy.createForBlockStates``): 16 × 16 × 16 values."""
        return cls("block_states", registry)

    @classmethod
    def biomes(cls, registry: int) -> Strategy:
        """``Strategy.biomes(registry)`` (the game's ``Strategy.createForBiomes``): 4 × 4 × 4 values."""
        return cls("biomes", registry)

    @cached_property
    def size_bits(self) -> int:
        """Bits per axis: 4 for block states, 2 for biomes."""
        return 4 if self.name == "block_states" else 2

    @cached_property
    def size(self) -> int:
        """The values a container holds, 4,096 or 64 (an attribute; the game's ``entryCount()``)."""
        return 1 << (3 * self.size_bits)

    @cached_property
    def registry_bits(self) -> int:
        """The global palette's bits: ``ceillog2(registry)``."""
        return ceillog2(self.registry)

    def index(self, x: int, y: int, z: int) -> int:
        """``strategy.index(x, y, z)`` (the game's ``getIndex``): ``(y << b | z) << b | x`` in Java
        ints, with no bounds check (as the game)."""
        b = self.size_bits
        try:
            n = ((((y << b) | z) << b) | x) & 0xFFFFFFFF
        except TypeError:
            refuse_non_ints("index", x=x, y=y, z=z)
            raise
        return n - (1 << 32) if n >= (1 << 31) else n

    def configuration(self, bits: int) -> Configuration:
        """``strategy.configuration(bits)`` (the game's ``getConfiguration(registry, bits)``): the
        palette kind and in-memory bits for ``bits`` asked."""
        return _configuration(self.name, self.registry, bits)

    def packed_layout(self, palette_size: int) -> PackedLayout:
        """:meth:`bits_for_serialization`, its :meth:`configuration` and the longs they take,
        for a packed container of ``palette_size`` entries (made once for each strategy and size)."""
        return _packed_layout(self.name, self.registry, self.size, palette_size)

    def bits_for_serialization(self, palette_size: int) -> int:
        """The bits a packed container of ``palette_size`` entries uses (0: no longs at all).

        ``calculateBitsForSerialization`` (1.20.1, 1.21.1), ``bitsInStorage`` (26.x).
        """
        return _packed_layout(self.name, self.registry, self.size, palette_size).bits


@lru_cache(maxsize=1024)
def _configuration(name: str, registry: int, bits: int) -> Configuration:
    """:meth:`Strategy.configuration`, made once for each strategy and bits."""
    if bits == 0:
        return Configuration("single_value", 0)
    if name == "block_states":
        if 1 <= bits <= 4:
            return Configuration("linear", 4)
        if 5 <= bits <= 8:
            return Configuration("hash_map", bits)
    elif 1 <= bits <= 3:
        return Configuration("linear", bits)
    return Configuration("global", ceillog2(registry))


@lru_cache(maxsize=4096)  # a section's palette sizes, 0 to 4,096
def _packed_layout(name: str, registry: int, size: int, palette_size: int) -> PackedLayout:
    """:meth:`Strategy.packed_layout`, made once for each strategy and palette size: the
    configuration of the bits that number the entries; unless it is global, its bits are the
    packed ones (and their configuration is the same one)."""
    asked = ceillog2(palette_size)
    configuration = _configuration(name, registry, asked)
    bits = asked if configuration.kind == "global" else configuration.bits
    return PackedLayout(bits, configuration, expected_longs(bits, size) if bits else 0)
