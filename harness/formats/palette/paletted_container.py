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

How the work is done is ours and shows in no answer: :meth:`set_at` of a value the palette
already holds (or, compiled, a new one it has room for) is one store into the storage's cells
(:mod:`.quick_set`: compiled where it was built, the container's base class); a resize builds
the new palette at once and hands the new ids over as cells (the longs made when asked for);
:meth:`write` copies the longs once, big-endian (:mod:`harness.formats.storage.long_bytes`).

>>> c = PalettedContainer(Strategy.biomes(67), 5)
>>> c.set(0, 0, 0, 9); c.bits(), c.get(0, 0, 0), c.counts()
(1, 9, [(5, 63), (9, 1)])
>>> c.pack()
Packed(palette=[9, 5], data=[-2])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
import operator
import struct
from functools import cache, lru_cache
from typing import Any

import numpy as np

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.palette import quick_set
from harness.formats.palette.count_order import fastutil_key_order
from harness.formats.palette.palettes import (
    GlobalPalette,
    HashMapPalette,
    LinearPalette,
    MissingPaletteEntryException,
    Palette,
    create_palette,
)
from harness.formats.palette.strategy import Configuration, PackedLayout, Strategy
from harness.formats.storage import BitStorage, InitializationException, SimpleBitStorage, java_longs, new_storage
from harness.formats.storage.simple_bit_storage import _INT64, CELL_LIMIT
from harness.formats.storage.word_codec import cell_dtype, decode_through, decode_words
from harness.formats.varint import write_varint


class Packed:
    """A saved container (``PalettedContainerRO.PackedData``): palette ids, and longs or None.

    ``palette`` is the list of entries; ``data`` the longs as a list of Java longs (signed
    64-bit ints), or None, and ``longs`` the same longs as a read-only ``int64`` array (None
    too). Either form is made from the other when first asked for; ``Packed(palette, data)``
    takes a list or an ``int64`` array. Two are equal when their palettes and longs are.
    """

    __slots__ = ("palette", "_data", "_longs")

    def __init__(self, palette: list[int], data: list[int] | np.ndarray[Any, Any] | None):
        self.palette = palette
        self._data: list[int] | None = None
        self._longs: np.ndarray[Any, Any] | None = None
        if isinstance(data, np.ndarray):
            self._longs = data.astype(np.int64, copy=False).view()  # a read-only view: the array given stays as it was
            self._longs.flags.writeable = False
        elif data is not None:
            self._data = list(data)

    @property
    def data(self) -> list[int] | None:
        """The longs as a list of Java longs, or None."""
        if self._data is None and self._longs is not None:
            self._data = self._longs.tolist()
        return self._data

    @property
    def longs(self) -> np.ndarray[Any, Any] | None:
        """The longs as a read-only ``int64`` array, or None."""
        if self._longs is None and self._data is not None:
            self._longs = java_longs(self._data, "data").copy()
            self._longs.flags.writeable = False
        return self._longs

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Packed):
            return NotImplemented
        return self.palette == other.palette and self.data == other.data

    __hash__ = None  # type: ignore[assignment]  # as the frozen dataclass's list fields had it

    def __repr__(self) -> str:
        return f"Packed(palette={self.palette!r}, data={self.data!r})"


@dataclass(slots=True)
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
    if bits > _TABLE_BITS:
        return _first_appearances_sorting(ids)
    return _first_appearances_below(ids, 1 << bits)


def _first_appearances_sorting(ids: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """:func:`_first_appearances` of wide ids, by a stable sort: within each run of equal ids
    the first is the one that appears first."""
    order = np.argsort(ids, kind="stable")  # a radix sort for ids of 16 bits or fewer
    ordered = ids[order]
    starts = np.empty(len(ids), dtype=bool)
    starts[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    group = np.cumsum(starts) - 1  # each sorted id's run, numbered in id order
    heads = np.flatnonzero(starts)
    by_appearance = np.argsort(order[heads])  # the runs in the order their first ids appear
    rank = np.empty(len(heads), dtype=np.intp)
    rank[by_appearance] = np.arange(len(heads))
    place = np.empty(len(ids), dtype=np.intp)
    place[order] = rank[group]
    return ordered[heads][by_appearance], place


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


_ONE_BYTE = [bytes((b,)) for b in range(256)]
_SEARCHED_UP_TO = 16  # palettes of up to this many ids are checked by searching the ids' bytes for each id
_SEARCHED_DISTINCT = 128  # up to this many distinct ids are put in order by searching the ids' bytes for each


def _searched_first_appearances(ids: np.ndarray[Any, Any]) -> list[int] | None:
    """:func:`_first_appearances`' distinct values alone, for ``uint8`` ids of at most
    :data:`_SEARCHED_DISTINCT` distinct values (each first place found by searching the ids'
    bytes for it); None for other ids, left to :func:`_first_appearances`."""
    if ids.dtype != np.uint8:
        return None
    present = np.flatnonzero(np.bincount(ids, minlength=1)).tolist()
    if len(present) > _SEARCHED_DISTINCT:
        return None
    return sorted(present, key=ids.tobytes().find)


def _numbered_in_order(ids: np.ndarray[Any, Any], count: int) -> bool:
    """Whether ``ids`` (unsigned) hold exactly ``0..count-1``, each first appearing after all
    smaller ones: searched id by id in a few bytes, else their running maximum starts at 0,
    steps by at most 1 and ends at ``count - 1``."""
    if not len(ids) or ids[0] != 0 or count < 1:
        return False
    if count <= _SEARCHED_UP_TO and ids.dtype == np.uint8:
        octets = ids.tobytes()
        last = 0  # where id 0 first appears
        for i in range(1, count):
            at = octets.find(_ONE_BYTE[i])  # where id i first appears: after id i - 1, or the order is broken
            if at <= last:
                return False
            last = at
        return int(ids.max()) == count - 1
    highest = np.maximum.accumulate(ids)
    return int(highest[-1]) == count - 1 and (count == 1 or int(np.diff(highest).max()) <= 1)


@lru_cache(maxsize=64)
def _long_struct(count: int) -> struct.Struct:
    """``count`` little-endian signed 64-bit ints (made once for each count)."""
    return struct.Struct(f"<{count}q")


def _entry_table(entries: list[int]) -> np.ndarray[Any, Any] | None:
    """``entries`` as an ``int64`` array (packed by :mod:`struct`, far cheaper than NumPy's
    conversion of a list), or None when one of them is no int of the signed 64-bit range."""
    try:
        return np.frombuffer(_long_struct(len(entries)).pack(*entries), dtype=np.int64)
    except struct.error:
        return None


def _palette_of(empty: Palette, values: list[int]) -> tuple[Palette, list[int]]:
    """``empty`` (a new palette) after ``idFor`` of each of ``values`` in turn, and the ids it
    gave: at once where the answer is plain (a linear or hash map palette of hashable values
    that all fit, merged where equal as ``idFor`` finds them; a global palette's own
    :meth:`GlobalPalette.ids_for`), else value by value (which raises where the palette would
    have to resize)."""
    if isinstance(empty, (LinearPalette, HashMapPalette)):
        try:
            entries = list(dict.fromkeys(values))
        except TypeError:  # an unhashable entry: value by value
            entries = None
        if entries is not None and len(entries) <= 1 << empty.bits:
            palette = type(empty)(empty.bits, entries)
            if len(entries) == len(values):
                return palette, list(range(len(values)))
            place = {v: i for i, v in enumerate(entries)}
            return palette, [place[v] for v in values]
    if isinstance(empty, GlobalPalette):
        return empty, empty.ids_for(values)
    return empty, [empty.id_for(v, _unexpected_resize) for v in values]


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


_SHORT_PALETTE = 16  # the pure path checks a palette this short by min() and max(), a longer one by one NumPy max


def _refuse_palette(entries: list[int], registry: int) -> list[int]:
    """``entries`` (an unpacked palette) as plain ints, raising unless every one is an int in
    0..registry-1, naming the first wrong one as ``palette[i]``: ``TypeError`` for one that is no
    int (an int is anything ``operator.index`` takes: ``True`` is 1, as an index is, and is kept
    as ``1``), ``ValueError`` for one outside the registry's ids. Checked whole: one C pass where
    :mod:`.quick_set` is compiled (:func:`quick_set.plain_ids`, which takes plain ints alone, so
    ``entries`` itself is the answer: anything else goes on to the loop below), else :mod:`struct`
    packing them as signed 64-bit ints (refusing any other; their unpacking is the answer) and
    their range by ``min()``/``max()`` of a short palette or one NumPy max of the ids as unsigned
    (a negative one is then above the registry); entry by entry only past that."""
    if quick_set.compiled is not None:
        if quick_set.plain_ids(entries, registry):
            return entries
    elif entries:
        form = _long_struct(len(entries))
        try:
            packed = form.pack(*entries)
        except struct.error:
            packed = None
        if packed is not None and (min(entries) >= 0 and max(entries) < registry if len(entries) <= _SHORT_PALETTE
                                   else int(np.frombuffer(packed, dtype=np.uint64).max()) < registry):
            return list(form.unpack(packed))
    values = []
    for i, entry in enumerate(entries):
        try:
            value = operator.index(entry)
        except TypeError:
            raise TypeError(f"palette[{i}] must be an int (a registry id), not {type(entry).__name__}") from None
        if not 0 <= value < registry:
            raise ValueError(f"palette[{i}] must be a registry id from 0 to {registry - 1}, not {value}")
        values.append(value)
    return values


_NDARRAY = np.ndarray
_ADOPTED = {"linear": LinearPalette.adopt, "hash_map": HashMapPalette.adopt}  # unpack's palettes over the longs as given
_new_container = object.__new__  # unpack's container, with no __init__ (the class's defaults hold)


def _read_failure(wrong: InitializationException) -> GameError:
    """The ``DataResult`` error :meth:`PalettedContainer.unpack` gives for longs of the wrong length."""
    return GameError("DataResult", f"Failed to read PalettedContainer: {wrong.message}")


def _unexpected_resize(bits: int, value: int) -> int:
    raise GameError("IllegalArgumentException", f"Unexpected palette resize, bits = {bits}, added value = {value}")


class PalettedContainer(quick_set.Base):
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

    # set_at's quick path (harness.formats.palette.quick_set): the ids of values known to the
    # current palette, as quick_set.known_ids gives them (the palette's own map, as a rule: it
    # keeps it; None until first wanted; dropped by a resize)
    _known: dict[int, int] | None = None
    # set_at's quick path: while it is on, the map of known ids as ``_fast`` (else IDLE) and
    # the storage's cells as ``_cells`` (else None)
    _fast: dict[int, int] = quick_set.IDLE
    _cells: memoryview | None = None
    # who resizes when the palette is full: None for this container's own _on_resize (kept as
    # None, not as a bound method, so that a container is no reference cycle and goes as soon
    # as it is dropped), else the original's, for a copy made where Palette.copy() keeps the
    # original's handler (PaletteRules.copy_keeps_resize_handler)
    _resize: Any = None

    def __init__(self, strategy: Strategy, value: int, *, _data: _Data | None = None):
        if _data is None:
            _require_strategy(strategy)
            _refuse_value(value, strategy.registry)
        self.strategy = strategy
        self._registry = strategy.registry
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
        self._quick_off()
        self._known = None
        old = self._data
        configuration = self.strategy.configuration(bits)
        new = old if configuration == old.configuration else self._copy_from(configuration, old)
        self._data = new
        return new.palette.id_for(value, self._on_resize)

    def _copy_from(self, configuration: Configuration, old: _Data) -> _Data:
        """``new Data(configuration).copyFrom(old)``: each index in order, its value looked up and
        added to the new palette; the new ids as cells (the longs made from them when asked for:
        a set comes next, as a rule)."""
        bits = configuration.bits
        size = self.strategy.size
        palette = create_palette(configuration.kind, bits, self.strategy.registry)
        if old.storage.bits == 0 and 0 < size <= CELL_LIMIT:  # one value everywhere: one lookup
            new_id = palette.id_for(old.palette.value_for(0), _unexpected_resize)
            if not bits:
                return _Data(configuration, new_storage(0, size), palette)
            cells = np.zeros(size, cell_dtype(bits)) if new_id == 0 else np.full(size, new_id, cell_dtype(bits))
            return _Data(configuration, SimpleBitStorage.from_cells(bits, size, cells), palette)
        ids = old.storage.ids()
        distinct = (quick_set.first_appearances(ids) or _searched_first_appearances(ids)) if bits else None
        place = None
        if distinct is None:
            distinct_ids, place = _first_appearances(ids, old.storage.bits)
            distinct = distinct_ids.tolist()
        palette, new_ids = _palette_of(palette, old.palette.values_for(distinct))
        if not bits:
            return _Data(configuration, new_storage(0, size), palette)
        if place is None and new_ids == distinct:  # each id its own new id (ids numbered as they first appear)
            return _Data(configuration, SimpleBitStorage.from_cells(bits, size, ids.astype(cell_dtype(bits))), palette)
        if place is None:  # each old id's new id, looked up in a table of every id up to the greatest
            table = np.zeros(max(distinct) + 1, dtype=cell_dtype(bits))
            table[distinct] = new_ids
        else:
            table = np.array(new_ids, dtype=cell_dtype(bits))
            ids = place
        return _Data(configuration, SimpleBitStorage.from_cells(bits, size, np.take(table, ids)), palette)

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

    # set_at(index, value) is the base's (quick_set.Base): the quick path, else _set_at_in_full
    # the compiled base's way on where nothing is started or the value is no plain int (a plain
    # int it could not answer, once started, goes to _set_at_in_full at once)
    _set_at_in_python = quick_set.set_at_in_python

    def _set_at_in_full(self, index: int, value: int) -> None:
        """:meth:`set_at` through the palette and the storage's checks; then the quick path knows ``value``."""
        if type(value) is not int or not 0 <= value < self._registry:  # the fast test; the full one refuses
            _refuse_value(value, self._registry)
        palette_id = self._data.palette.id_for(value, self._resize or self._on_resize)  # (the palette's map learns it)
        self._data.storage.set(index, palette_id)  # after a resize, the new data's storage
        if self._fast is quick_set.IDLE:
            self._quick_on()

    def _quick_on(self) -> None:
        """Turns :meth:`set_at`'s quick path on where the storage has cells and this container
        resizes itself (a copy whose palette asks another container to resize never has it)."""
        if self._resize is not None:
            return
        data = self._data
        cells = data.storage.writable_cells() if isinstance(data.storage, SimpleBitStorage) else None
        if cells is None:
            return
        palette = data.palette
        if self._known is None:
            self._known = quick_set.known_ids(palette, self._registry)
        self._fast = self._known
        self._cells = cells
        if quick_set.compiled is not None:  # the same quick path in one C call: the base's set_at
            entries = quick_set.growable_entries(palette, self._known)  # a linear or hash map palette's, or None
            # what idFor adds without a resize (the palette's bits are its configuration's)
            room = 0 if entries is None else min(1 << data.configuration.bits, data.storage.mask + 1)
            self._quick_start(self._known, cells, self._registry, palette.kind == "global", entries, room)

    def _quick_off(self) -> None:
        """Turns the quick path off: before whole-storage work, and when a resize replaces the storage."""
        self._fast = quick_set.IDLE
        self._cells = None
        self._quick_stop()

    def get_and_set(self, x: int, y: int, z: int, value: int) -> int:
        """Sets the value at a position and gives the one it replaced."""
        return self.get_and_set_at(self.strategy.index(x, y, z), value)

    def get_and_set_at(self, index: int, value: int) -> int:
        """Sets the value at an index and gives the one it replaced."""
        if type(value) is not int or not 0 <= value < self._registry:
            _refuse_value(value, self._registry)
        palette_id = self._data.palette.id_for(value, self._resize or self._on_resize)
        old = self._data.storage.get_and_set(index, palette_id)
        return self._data.palette.value_for(old)

    # --- the whole container -------------------------------------------------------------
    def bits(self) -> int:
        """The bits each value takes in memory now (``bitsPerEntry``)."""
        return self._data.storage.bits

    def counts(self) -> list[tuple[int, int]]:
        """``container.counts()`` (the game's ``count()``): ``(value, how many)`` per storage id
        present, in the game's order.

        A palette of size 1 gives its one value and the container's size without looking at
        the storage; otherwise one entry per distinct storage id, in fastutil
        ``Int2IntOpenHashMap`` order (two ids of the same value give two entries).
        """
        data = self._data
        if data.palette.size == 1:
            return [(data.palette.value_for(0), data.storage.size)]
        distinct, place = _first_appearances(data.storage.ids(), data.storage.bits)
        how_many = dict(zip(distinct.tolist(), np.bincount(place, minlength=len(distinct)).tolist()))
        return [(data.palette.value_for(k), how_many[k]) for k in fastutil_key_order(how_many)]

    def write(self, rules: versions.PaletteRules | versions.GameVersion | str | None = None) -> bytes:
        """``container.write(rules)``: the bytes the game's ``write(FriendlyByteBuf)`` sends: bits
        byte, palette, then the longs big-endian.

        ``rules`` is the version's :class:`harness.formats.versions.PaletteRules` (or its
        :class:`harness.formats.versions.GameVersion`, or a version string; default the
        latest release): with
        ``write_long_array_length`` a VarInt count precedes the longs (so a single value ends
        in ``00``). ``IllegalStateException`` for an empty single-value palette.
        """
        if type(rules) is not versions.PaletteRules:
            rules = _palette_rules(versions.LATEST if rules is None else rules)
        if self._cells is not None:
            self._quick_off()
        data = self._data
        storage = data.storage
        out = bytearray((storage.bits & 0xFF,))
        data.palette.write(out)
        if rules.write_long_array_length:  # writeLongArray: the count first; writeFixedSizeLongArray: none
            out += write_varint(storage.long_count)
        return storage.write_longs(out)  # the longs copied once

    def pack(self) -> Packed:
        """``container.pack()`` (the game's ``pack(strategy)``, the container's own strategy): the
        values' palette in first-appearance order and their ids repacked, as a :class:`Packed`.

        The longs use :meth:`Strategy.bits_for_serialization` of the new palette's size
        (none for one entry). ``MissingPaletteEntryException`` / ``IllegalStateException``
        for a storage id past the palette's end (the first in index order).
        """
        if self._cells is not None:
            self._quick_off()
        data = self._data
        ids = data.storage.ids()
        palette = data.palette
        if isinstance(palette, (LinearPalette, HashMapPalette)) and _numbered_in_order(ids, palette.size):
            # each id first appears after all smaller ones: the fresh palette is this one
            entries = list(palette.values)
            bits = self.strategy.bits_for_serialization(len(entries))
            if bits == data.storage.bits and len(set(entries)) == len(entries):
                return Packed(entries, data.storage.clean_long_array())
        present, place = _first_appearances(ids, data.storage.bits)
        entries = palette.values_for(present).tolist()  # raises at the first bad id in index order
        if len(set(entries)) < len(entries):  # a value under two old ids (a loaded palette's duplicates)
            found = entries
            entries = list(dict.fromkeys(found))  # the fresh HashMapPalette: first appearance, duplicates merged
            new_id = {v: i for i, v in enumerate(entries)}
            place = np.take([new_id[v] for v in found], place)
        # else each value's place among the values present is its new id
        bits = self.strategy.bits_for_serialization(len(entries))
        if bits == 0:
            return Packed(entries, None)
        return Packed(entries, SimpleBitStorage.from_values(bits, self.strategy.size, place).long_array())

    @classmethod
    def unpack(cls, strategy: Strategy, palette: Iterable[int],
               data: Iterable[int] | np.ndarray[Any, Any] | None) -> PalettedContainer:
        """``PalettedContainer.unpack(strategy, palette, data)`` (the game's ``unpack(strategy,
        PackedData)``, its palette and longs given apart): the container a saved palette and
        longs make.

        Errors, as the game gives them: ``DataResult`` "Missing values for non-zero
        storage" (more than one entry and no longs) and "Failed to read PalettedContainer:
        Invalid length given for storage, got: G but expected: E"; with a global
        configuration, ``MissingPaletteEntryException`` thrown for an index past the
        palette's end. Elsewhere such an index loads and fails when read. An empty palette
        loads as an empty single-value palette; a one-entry palette ignores the longs.

        ``data`` holds Java longs: signed 64-bit ints, as :meth:`pack` gives them and the
        game's ``long[]`` holds them (``ValueError`` for a number outside
        -2**63..2**63-1, ``TypeError`` for a non-int; ``TypeError`` for a ``strategy`` that
        is no :class:`Strategy`): a list, or an ``int64`` array. A read-only one-dimensional
        array (:attr:`Packed.longs`, an array over ``bytes``) is used as it is, as the game's
        storage keeps its ``long[]``, and copied only when the container first changes; any
        other is copied. ``palette`` is copied: a list of registry ids, each checked as an
        index is (``TypeError`` for a non-int, ``ValueError`` outside 0..registry-1, naming
        ``palette[i]``, as :meth:`set_at` words it for a value).
        """
        if type(strategy) is Strategy and type(palette) is list:
            palette = _refuse_palette(palette, strategy.registry)
            layout = strategy.packed_layout(len(palette))
            if type(data) is _NDARRAY:
                adopt = _ADOPTED.get(layout.configuration.kind)
                if adopt is not None and data.dtype is _INT64 and data.ndim == 1:
                    return cls._unpack_as_given(strategy, layout, adopt, palette, data)
            return cls._unpack(strategy, palette, data, layout, check_palette=False)
        return cls._unpack(strategy, palette, data)

    @classmethod
    def _unpack_as_given(cls, strategy: Strategy, layout: PackedLayout, adopt: Any, palette: list[int],
                         data: np.ndarray[Any, Any]) -> PalettedContainer:
        """:meth:`unpack` of a linear or hash map configuration (the longs used as they are, as
        the game's ``SimpleBitStorage`` keeps its ``long[]``) from a list and a one-dimensional
        ``int64`` array: the length checked, the array taken (a read-only one as it is, copied
        on the first change; a writable one copied now) and the list copied, nothing else."""
        if len(data) != layout.longs:
            raise _read_failure(InitializationException(len(data), layout.longs))
        configuration = layout.configuration
        container = _new_container(cls)
        container.strategy = strategy
        container._registry = strategy.registry
        container._data = _Data(configuration, SimpleBitStorage.over_longs(configuration.bits, strategy.size,
                                                                          data.copy() if data.flags.writeable else data),
                                adopt(configuration.bits, palette.copy()))
        return container

    @classmethod
    def _unpack(cls, strategy: Strategy, palette: Iterable[int], data: Iterable[int] | np.ndarray[Any, Any] | None,
                layout: PackedLayout | None = None, *, check_palette: bool = True) -> PalettedContainer:
        """:meth:`unpack` of any arguments, each checked and turned into our own form
        (``layout``: the strategy's :meth:`Strategy.packed_layout` of the palette's size, where
        :meth:`unpack` has it already; ``check_palette=False`` where it has checked the palette,
        or for a test's palette of entries no registry has, as a saved form may hold them)."""
        if type(strategy) is not Strategy:
            _require_strategy(strategy)
        longs = None if data is None else java_longs(data, "data")
        try:
            entries = list(palette)
        except TypeError:
            raise TypeError(f"palette must be a list of registry ids, not {type(palette).__name__}") from None
        if check_palette:
            entries = _refuse_palette(entries, strategy.registry)
        if layout is None:
            layout = strategy.packed_layout(len(entries))
        bits, configuration = layout.bits, layout.configuration
        if bits == 0:
            storage = new_storage(0, strategy.size)
        elif longs is None:
            raise GameError("DataResult", "Missing values for non-zero storage")
        else:
            try:
                if configuration.kind == "global":
                    storage = cls._repack_global(strategy, layout, entries, longs)
                else:
                    storage = SimpleBitStorage.from_longs(configuration.bits, strategy.size, longs)
            except InitializationException as e:
                raise _read_failure(e) from None
        loaded = create_palette(configuration.kind, configuration.bits, strategy.registry, entries)
        return cls(strategy, 0, _data=_Data(configuration, storage, loaded))

    @staticmethod
    def _repack_global(strategy: Strategy, layout: PackedLayout, entries: list[int],
                       data: np.ndarray[Any, Any]) -> SimpleBitStorage:
        """Indices into ``entries`` (at the layout's bits) turned into registry ids at the registry's
        bits (``IdMap.getId``: -1, so all ones, for an entry outside the registry)."""
        bits, configuration = layout.bits, layout.configuration
        table = _entry_table(entries)
        registry = strategy.registry
        if table is None:  # entries that are no Java longs: the palette's own lookup says what they become
            indices = SimpleBitStorage.from_longs(bits, strategy.size, data).ids()
            values = HashMapPalette(bits, entries).values_for(indices)  # raises at the first bad index in index order
            return SimpleBitStorage.from_values(configuration.bits, strategy.size, _registry_ids(values, registry))
        if len(data) != layout.longs:
            raise InitializationException(len(data), layout.longs)
        table = _registry_ids(table, registry)
        # each entry's id as a cell (masked, as the int[] constructor masks), then each index's looked up
        cells = (table & ((1 << configuration.bits) - 1)).astype(cell_dtype(configuration.bits))
        words = data.view(np.uint64)
        looked_up = decode_through(words, bits, strategy.size, cells)
        if looked_up is None:  # the first index past the palette, in index order
            indices = decode_words(words, bits, strategy.size)
            raise MissingPaletteEntryException(int(indices[(indices >= len(entries)).argmax()]))
        return SimpleBitStorage.from_cells(configuration.bits, strategy.size, looked_up)

    def copy(self, rules: versions.PaletteRules | versions.GameVersion | str | None = None) -> PalettedContainer:
        """``container.copy(rules)`` (the game's ``copy()``): the same values over copies of the
        storage and palette.

        ``rules`` is the version's :class:`harness.formats.versions.PaletteRules` (or its
        :class:`harness.formats.versions.GameVersion`, or a version string): with
        ``copy_keeps_resize_handler`` (1.20.1, 1.21.1) the copy's palette still asks this
        container to resize, as the game's ``Palette.copy()`` keeps its handler.
        """
        if self._cells is not None:
            self._quick_off()
        copied = PalettedContainer(self.strategy, 0, _data=self._data.copy())
        if rules is not None and _palette_rules(rules).copy_keeps_resize_handler:
            copied._resize = self._resize or self._on_resize
        return copied

    def recreate(self) -> PalettedContainer:
        """``container.recreate()`` (the game's ``recreate()``): a new container of the palette's entry 0 everywhere (whatever id a
        loaded palette holds there: it is not checked again)."""
        data = self._create_data(self.strategy.configuration(0))
        data.palette.id_for(self._data.palette.value_for(0), _unexpected_resize)  # an empty single palette takes it
        return PalettedContainer(self.strategy, 0, _data=data)


if quick_set.compiled is not None:  # set_at made for the class itself: Python's quickest call of a C method
    quick_set.compiled.own_set_at(PalettedContainer)


def _registry_ids(ids: np.ndarray[Any, Any], registry: int) -> np.ndarray[Any, Any]:
    """``ids`` as ``IdMap.getId`` gives them: -1 for an id outside ``0..registry-1`` (or for
    anything not an integer); ``ids`` itself when every one is inside."""
    if ids.dtype.kind not in "iu" or len(ids) and (ids.min() < 0 or ids.max() >= registry):
        return np.where((ids >= 0) & (ids < registry), ids, -1)
    return ids
