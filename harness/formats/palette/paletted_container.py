"""``PalettedContainer``: a section's 4,096 block states or 64 biomes as a palette and packed ids.

Matches ``net.minecraft.world.level.chunk.PalettedContainer`` of 1.20.1, 1.21.1, 26.1.2 and
26.3 (GAME_FACTS.md section 2; the recorded answers of all four agree except ``write``,
whose per-version form is :class:`harness.formats.versions.PaletteRules`):

- a new value goes at the end of the palette; when the palette is full the container moves
  to the next :class:`Configuration`, copying the values in index order, so the new palette
  holds only the values still there, in the order they first appear, then the new value;
- :meth:`write` sends the in-memory bits, the palette (:mod:`.palettes`) and the raw longs;
- :meth:`pack` makes a fresh palette in first-appearance order and repacks the ids at the
  bits :meth:`Strategy.bits_for_serialization` gives; :meth:`unpack` reads that back,
  keeping the longs as given (padding too) unless the configuration is global;
- :meth:`counts` reports in fastutil's hash order (:mod:`.count_order`).

>>> c = PalettedContainer(Strategy.biomes(67), 5)
>>> c.set(0, 0, 0, 9); c.bits(), c.get(0, 0, 0), c.counts()
(1, 9, [(5, 63), (9, 1)])
>>> c.pack()
Packed(palette=[9, 5], data=[-2])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette.count_order import fastutil_key_order
from harness.formats.palette.palettes import HashMapPalette, Palette, create_palette
from harness.formats.palette.strategy import Configuration, Strategy
from harness.formats.storage import BitStorage, InitializationException, SimpleBitStorage, java_longs, new_storage
from harness.formats.varint import write_varint


@dataclass(frozen=True)
class Packed:
    """A saved container (``PalettedContainerRO.PackedData``): palette ids, and longs or None."""

    palette: list[int]
    data: list[int] | None


@dataclass
class _Data:
    """``PalettedContainer.Data``: a configuration with its storage and palette."""

    configuration: Configuration
    storage: BitStorage
    palette: Palette

    def copy(self) -> _Data:
        return _Data(self.configuration, self.storage.copy(), self.palette.copy())


_TABLE_BITS = 12  # ids this wide or narrower are sorted out in tables of one slot per possible id; wider, by sorting


def _first_appearances(ids: np.ndarray[Any, Any], bits: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The distinct values of ``ids`` (a storage's, of ``bits`` bits) in the order they first appear,
    and for each of ``ids`` its place among them: ``(distinct, place)`` with ``distinct[place] == ids``.
    """
    if bits == 0:  # a ZeroBitStorage's: all 0
        return np.zeros(min(len(ids), 1), dtype=np.intp), np.zeros(len(ids), dtype=np.intp)
    if bits > _TABLE_BITS:  # wide ids: number them densely first (np.unique's sort order), then as below
        values, dense = np.unique(ids, return_inverse=True)
        distinct, place = _first_appearances_below(dense.reshape(-1), len(values))
        return values[distinct], place
    return _first_appearances_below(ids, 1 << bits)


@cache
def _positions(n: int) -> np.ndarray[Any, Any]:
    """``0, 1, ..., n - 1`` (read-only, made once for each ``n``)."""
    positions = np.arange(n)
    positions.flags.writeable = False
    return positions


def _first_appearances_below(ids: np.ndarray[Any, Any], bound: int
                             ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """:func:`_first_appearances` of ids in ``range(bound)``, with tables of ``bound`` slots."""
    first = np.full(bound, len(ids))
    np.minimum.at(first, ids, _positions(len(ids)))  # where each id first appears (len(ids): nowhere)
    distinct = np.flatnonzero(first < len(ids))
    distinct = distinct[np.argsort(first[distinct])]
    place = np.empty(bound, dtype=np.intp)
    place[distinct] = np.arange(len(distinct))
    return distinct, np.take(place, ids)


def _palette_rules(rules: versions.PaletteRules | versions.GameVersion | str) -> versions.PaletteRules:
    """``rules`` as :class:`harness.formats.versions.PaletteRules`: given so, or taken from a
    :class:`harness.formats.versions.GameVersion` or a version string (``"26.3"``)."""
    return rules if isinstance(rules, versions.PaletteRules) else versions.resolve(rules).palette


def _require_strategy(strategy: object) -> None:
    if not isinstance(strategy, Strategy):
        raise TypeError(f"strategy must be a Strategy (Strategy.block_states(n) or Strategy.biomes(n)), "
                        f"not {type(strategy).__name__}")


def _refuse_value(value: object, registry: int) -> None:
    """Raises unless ``value`` is an id of the registry: ``TypeError`` for a non-int (``bool``
    included), ``ValueError`` outside 0..registry-1 (the rig's registry has no object there)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"value must be an int (a registry id), not {type(value).__name__}")
    if not 0 <= value < registry:
        raise ValueError(f"value must be a registry id from 0 to {registry - 1}, not {value}")


def _unexpected_resize(bits: int, value: int) -> int:
    raise GameError("IllegalArgumentException", f"Unexpected palette resize, bits = {bits}, added value = {value}")


class PalettedContainer:
    """A container of ``strategy.size`` values over ``strategy.registry`` ids.

    ``PalettedContainer(strategy, value)`` holds ``value`` everywhere (a single-value
    palette, 0 bits). Values are registry ids; positions are checked only as the game checks
    them: the index ``(y << b | z) << b | x`` must be inside the storage
    (``IllegalArgumentException`` otherwise, after the palette has taken the value).

    Arguments are checked where they come in (the constructor, :meth:`set` / :meth:`set_at`,
    :meth:`get_and_set` / :meth:`get_and_set_at`, :meth:`unpack`): ``TypeError`` for a
    ``strategy`` that is no :class:`Strategy` or a value that is no ``int``, ``ValueError``
    for a value outside the registry's ids 0..registry-1 (the game's values are registry
    objects: an id with no object cannot be set).
    """

    def __init__(self, strategy: Strategy, value: int, *, _data: _Data | None = None):
        if _data is None:
            _require_strategy(strategy)
            _refuse_value(value, strategy.registry)
        self.strategy = strategy
        self._registry = strategy.registry
        # who resizes when the palette is full: this container, except for a copy made where
        # Palette.copy() keeps the original's handler (PaletteRules.copy_keeps_resize_handler)
        self._resize = self._on_resize
        if _data is None:
            _data = self._create_data(strategy.configuration(0))
            _data.palette.id_for(value, self._on_resize)
        self._data = _data

    # --- growth ------------------------------------------------------------------------
    def _create_data(self, configuration: Configuration) -> _Data:
        return _Data(configuration, new_storage(configuration.bits, self.strategy.size),
                     create_palette(configuration.kind, configuration.bits, self.strategy.registry))

    def _on_resize(self, bits: int, value: int) -> int:
        """``onResize``: move to the configuration for ``bits``, copy the values, add ``value``."""
        old = self._data
        configuration = self.strategy.configuration(bits)
        if configuration == old.configuration:
            new = old
        else:
            new = self._create_data(configuration)
            self._copy_from(new, old)
        self._data = new
        return new.palette.id_for(value, self._on_resize)

    @staticmethod
    def _copy_from(new: _Data, old: _Data) -> None:
        """``Data.copyFrom``: each index in order, its value looked up and added to the new palette."""
        distinct, place = _first_appearances(old.storage.values(), old.storage.bits)
        new_ids = [new.palette.id_for(old.palette.value_for(i), _unexpected_resize) for i in distinct.tolist()]
        if new.configuration.bits:
            new.storage = SimpleBitStorage.from_values(new.configuration.bits, new.storage.size,
                                                       np.take(new_ids, place))

    # --- one value ---------------------------------------------------------------------
    def get(self, x: int, y: int, z: int) -> int:
        """The value at a position."""
        return self.get_at(self.strategy.index(x, y, z))

    def get_at(self, index: int) -> int:
        """The value at an index; ``MissingPaletteEntryException`` / ``IllegalStateException`` for an id past the palette."""
        data = self._data
        return data.palette.value_for(data.storage.get(index))

    def set(self, x: int, y: int, z: int, value: int) -> None:
        """Sets the value at a position, growing the palette if it is new."""
        self.set_at(self.strategy.index(x, y, z), value)

    def set_at(self, index: int, value: int) -> None:
        """Sets the value at an index (the palette takes the value before the index is checked)."""
        if type(value) is not int or not 0 <= value < self._registry:  # the fast test; the full one refuses
            _refuse_value(value, self._registry)
        palette_id = self._data.palette.id_for(value, self._resize)
        self._data.storage.set(index, palette_id)

    def get_and_set(self, x: int, y: int, z: int, value: int) -> int:
        """Sets the value at a position and gives the one it replaced."""
        return self.get_and_set_at(self.strategy.index(x, y, z), value)

    def get_and_set_at(self, index: int, value: int) -> int:
        """Sets the value at an index and gives the one it replaced."""
        if type(value) is not int or not 0 <= value < self._registry:
            _refuse_value(value, self._registry)
        palette_id = self._data.palette.id_for(value, self._resize)
        old = self._data.storage.get_and_set(index, palette_id)
        return self._data.palette.value_for(old)

    # --- the whole container -------------------------------------------------------------
    def bits(self) -> int:
        """The bits each value takes in memory now (``bitsPerEntry``)."""
        return self._data.storage.bits

    def counts(self) -> list[tuple[int, int]]:
        """``count()``: ``(value, how many)`` per storage id present, in the game's order.

        A palette of size 1 gives its one value and the container's size without looking at
        the storage; otherwise one entry per distinct storage id, in fastutil
        ``Int2IntOpenHashMap`` order (two ids of the same value give two entries).
        """
        data = self._data
        if data.palette.size == 1:
            return [(data.palette.value_for(0), data.storage.size)]
        distinct, place = _first_appearances(data.storage.values(), data.storage.bits)
        how_many = dict(zip(distinct.tolist(), np.bincount(place, minlength=len(distinct)).tolist()))
        return [(data.palette.value_for(k), how_many[k]) for k in fastutil_key_order(how_many)]

    def write(self, rules: versions.PaletteRules | versions.GameVersion | str | None = None) -> bytes:
        """What ``write(FriendlyByteBuf)`` sends: bits byte, palette, then the longs big-endian.

        ``rules`` is the version's :class:`harness.formats.versions.PaletteRules` (or its
        :class:`harness.formats.versions.GameVersion`, or a version string; default the
        latest release): with
        ``write_long_array_length`` a VarInt count precedes the longs (so a single value ends
        in ``00``). ``IllegalStateException`` for an empty single-value palette.
        """
        rules = _palette_rules(versions.LATEST if rules is None else rules)
        data = self._data
        out = bytearray([data.storage.bits & 0xFF])
        data.palette.write(out)
        raw = data.storage.raw()
        if rules.write_long_array_length:
            out += write_varint(len(raw))
        out += raw.astype(">u8").tobytes()
        return bytes(out)

    def pack(self) -> Packed:
        """``pack(strategy)``: the values' palette in first-appearance order and their ids repacked.

        The longs use :meth:`Strategy.bits_for_serialization` of the new palette's size
        (none for one entry). ``MissingPaletteEntryException`` / ``IllegalStateException``
        for a storage id past the palette's end (the first in index order).
        """
        data = self._data
        present, place = _first_appearances(data.storage.values(), data.storage.bits)
        entries = data.palette.values_for(present).tolist()  # raises at the first bad id in index order
        if len(set(entries)) < len(entries):  # a value under two old ids (a loaded palette's duplicates)
            found = entries
            entries = list(dict.fromkeys(found))  # the fresh HashMapPalette: first appearance, duplicates merged
            new_id = {v: i for i, v in enumerate(entries)}
            place = np.take([new_id[v] for v in found], place)
        # else each value's place among the values present is its new id
        bits = self.strategy.bits_for_serialization(len(entries))
        if bits == 0:
            return Packed(entries, None)
        return Packed(entries, SimpleBitStorage.from_values(bits, self.strategy.size, place).longs())

    @classmethod
    def unpack(cls, strategy: Strategy, palette: Iterable[int],
               data: Iterable[int] | np.ndarray[Any, Any] | None) -> PalettedContainer:
        """``unpack(strategy, PackedData)``: the container a saved palette and longs make.

        Errors, as the game gives them: ``DataResult`` "Missing values for non-zero
        storage" (more than one entry and no longs) and "Failed to read PalettedContainer:
        Invalid length given for storage, got: G but expected: E"; with a global
        configuration, ``MissingPaletteEntryException`` thrown for an index past the
        palette's end. Elsewhere such an index loads and fails when read. An empty palette
        loads as an empty single-value palette; a one-entry palette ignores the longs.

        ``data`` holds Java longs: signed 64-bit ints, as :meth:`pack` gives them and the
        game's ``long[]`` holds them (``ValueError`` for a number outside
        -2**63..2**63-1, ``TypeError`` for a non-int; ``TypeError`` for a ``strategy`` that
        is no :class:`Strategy`).
        """
        _require_strategy(strategy)
        longs = None if data is None else java_longs(data, "data")
        entries = list(palette)
        bits = strategy.bits_for_serialization(len(entries))
        configuration = strategy.configuration(bits)
        if bits == 0:
            storage = new_storage(0, strategy.size)
        elif longs is None:
            raise GameError("DataResult", "Missing values for non-zero storage")
        else:
            try:
                if configuration.kind == "global":
                    storage = cls._repack_global(strategy, configuration, bits, entries, longs)
                else:
                    storage = SimpleBitStorage.from_longs(configuration.bits, strategy.size, longs)
            except InitializationException as e:
                raise GameError("DataResult", f"Failed to read PalettedContainer: {e.message}") from None
        loaded = create_palette(configuration.kind, configuration.bits, strategy.registry, entries)
        return cls(strategy, 0, _data=_Data(configuration, storage, loaded))

    @staticmethod
    def _repack_global(strategy: Strategy, configuration: Configuration, bits: int, entries: list[int],
                       data: np.ndarray[Any, Any]) -> SimpleBitStorage:
        """Indices into ``entries`` (at ``bits``) turned into registry ids at the registry's bits."""
        present, place = _first_appearances(SimpleBitStorage.from_longs(bits, strategy.size, data).values(), bits)
        values = HashMapPalette(bits, entries).values_for(present)  # raises at the first bad index in index order
        ids = np.where((values >= 0) & (values < strategy.registry), values, -1)  # IdMap.getId: -1 when absent
        return SimpleBitStorage.from_values(configuration.bits, strategy.size, np.take(ids, place))

    def copy(self, rules: versions.PaletteRules | versions.GameVersion | str | None = None) -> PalettedContainer:
        """``copy()``: the same values over copies of the storage and palette.

        ``rules`` is the version's :class:`harness.formats.versions.PaletteRules` (or its
        :class:`harness.formats.versions.GameVersion`, or a version string): with
        ``copy_keeps_resize_handler`` (1.20.1, 1.21.1) the copy's palette still asks this
        container to resize, as the game's ``Palette.copy()`` keeps its handler.
        """
        copied = PalettedContainer(self.strategy, 0, _data=self._data.copy())
        if rules is not None and _palette_rules(rules).copy_keeps_resize_handler:
            copied._resize = self._resize
        return copied

    def recreate(self) -> PalettedContainer:
        """``recreate()``: a new container of the palette's entry 0 everywhere (whatever id a
        loaded palette holds there: it is not checked again)."""
        data = self._create_data(self.strategy.configuration(0))
        data.palette.id_for(self._data.palette.value_for(0), _unexpected_resize)  # an empty single palette takes it
        return PalettedContainer(self.strategy, 0, _data=data)
