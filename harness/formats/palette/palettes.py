"""The four palettes of a ``PalettedContainer``: single value, linear, hash map and global.

Each maps the container's storage ids to values (registry ids 0..N-1; values are compared by
identity in the game, which for these distinct registry objects is equality of their ids).
Matches ``SingleValuePalette``, ``LinearPalette``, ``HashMapPalette`` and ``GlobalPalette`` of
1.20.1, 1.21.1, 26.1.2 and 26.3 (GAME_FACTS.md 2.2). As in 26.x, the resize handler is
passed to :meth:`id_for` (``idFor(value, resize)``); it is called with
``(bits + 1, value)`` when the palette is full and gives the new id.

Methods, as the game's: ``id_for(value, resize)``, ``value_for(id)``, ``size``
(``getSize()``), ``write(out)`` (the network form: VarInts), ``copy()``; and ours,
``values_for(ids)``: ``value_for`` of each of ids at once (a NumPy array gives an array, a
list a list), raising what ``value_for`` raises for the first id (in their order) that it
refuses; ``id_map()``: value → the id ``id_for`` gives it, the palette's own dict and its
one owner (the linear and hash map palettes': made when first asked for, kept by each entry
added; the global palette's: each id it has given), which ``PalettedContainer.set_at``'s
quick path asks and never writes but as the palette's own ``_add`` does. The linear and
hash map palettes keep what they work out from their entries (that map; the entries as an
array; ``write``'s bytes) until an entry is added, the only change their entries ever see.

>>> p = LinearPalette(4)
>>> [p.id_for(v, None) for v in (7, 9, 7)], p.value_for(1), p.size
([0, 1, 0], 9, 2)
>>> p.value_for(2)
Traceback (most recent call last):
...
harness.formats.palette.palettes.MissingPaletteEntryException: MissingPaletteEntryException: Missing Palette entry for index 2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

import numpy as np

from harness.formats.errors import GameError
from harness.formats.palette.quick_set import plain_ids
from harness.formats.varint import write_varint, write_varints

Resize = Callable[[int, int], int]  # PaletteResize.onResize(bits, value) -> new id
Ids = TypeVar("Ids", list[int], np.ndarray[Any, Any])  # values_for's storage ids: a list gives a list, an array an array


def _refuse_ids_past(palette: Palette | _EntryListPalette, ids: list[int] | np.ndarray[Any, Any], count: int) -> None:
    """Raises what ``palette.value_for`` raises for the first of ``ids`` outside ``range(count)``, if any."""
    if isinstance(ids, list):
        if ids and (min(ids) < 0 or max(ids) >= count):
            palette.value_for(next(i for i in ids if not 0 <= i < count))
    elif len(ids) and ((ids.dtype.kind != "u" and ids.min() < 0) or ids.max() >= count):
        palette.value_for(int(ids[((ids < 0) | (ids >= count)).argmax()]))


class MissingPaletteEntryException(GameError):
    """``MissingPaletteEntryException``: a storage id past the palette's end."""

    def __init__(self, index: int):
        super().__init__("MissingPaletteEntryException", f"Missing Palette entry for index {index}.")
        self.index = index


class SingleValuePalette:
    """One value, or none yet (``value`` None, as unpacking an empty palette leaves it).

    ``id_for`` adopts the value when empty, gives 0 for the same value, and asks to resize to
    1 bit for any other. ``value_for`` and ``write`` on an empty one raise
    ``IllegalStateException`` ("Missing Palette entry for id N." / "Use of an
    uninitialized palette"). ``size`` is always 1.
    """

    kind = "single_value"
    size = 1

    def __init__(self, entries: Sequence[int] = ()):
        if len(entries) > 1:
            raise GameError("IllegalArgumentException", f"Can't initialize SingleValuePalette with {len(entries)} values.")
        self.value = entries[0] if entries else None

    def id_for(self, value: int, resize: Resize) -> int:
        if self.value is not None and self.value != value:
            return resize(1, value)
        self.value = value
        return 0

    def value_for(self, index: int) -> int:
        if self.value is not None and index == 0:
            return self.value
        raise GameError("IllegalStateException", f"Missing Palette entry for id {index}.")

    def values_for(self, ids: Ids) -> Ids:
        _refuse_ids_past(self, ids, 0 if self.value is None else 1)
        if isinstance(ids, list):
            return [self.value_for(0)] * len(ids) if ids else []  # (the value: ids were checked)
        return np.full(len(ids), self.value)

    def write(self, out: bytearray) -> None:
        if self.value is None:
            raise GameError("IllegalStateException", "Use of an uninitialized palette")
        out += write_varint(self.value)

    def copy(self) -> SingleValuePalette:
        """A copy; ``IllegalStateException`` "Use of an uninitialized palette" when empty (GAME_FACTS 2.2)."""
        if self.value is None:
            raise GameError("IllegalStateException", "Use of an uninitialized palette")
        return SingleValuePalette([self.value])


class _EntryListPalette:
    """What the linear and hash map palettes share: entries numbered from 0 in the order added."""

    kind = ""
    _array: tuple[int, np.ndarray[Any, Any]] | None = None  # (entries then, them as an array)
    _written = b""  # write's bytes, kept while the palette holds _written_count entries
    _written_count = -1

    def __init__(self, bits: int, entries: Sequence[int] = ()):
        self.bits = bits
        self.values: list[int] = list(entries)  # only ever added to (by id_for), so a length dates what is kept below

    @classmethod
    def adopt(cls: type[_P], bits: int, values: list[int]) -> _P:
        """The palette of ``bits`` over ``values`` itself (the caller's list, not copied: the
        caller gives it up), with no check: for ``unpack``, whose palette size always fits
        ``bits`` (:meth:`Strategy.bits_for_serialization`), so that the game's constructors
        refuse nothing there."""
        palette = _new_palette(cls)
        palette.bits = bits
        palette.values = values
        return palette

    _ids: dict[int, int] | None = None  # value -> id (id_map), made when first asked for

    def id_map(self) -> dict[int, int]:
        """value -> the id ``id_for`` gives it (the first of duplicates): the palette's own dict,
        made once and kept by :meth:`_add` as entries are added (``PalettedContainer.set_at``'s
        compiled quick path adds a value to it and to :attr:`values` together, as :meth:`_add` does)."""
        ids = self._ids
        if ids is None:  # a duplicate keeps the first id: it is assigned last
            ids = self._ids = dict(zip(reversed(self.values), range(len(self.values) - 1, -1, -1)))
        return ids

    def _add(self, value: int) -> int:
        self.values.append(value)
        index = len(self.values) - 1
        if self._ids is not None:
            self._ids.setdefault(value, index)  # a duplicate keeps the first id for lookups
        return index

    @property
    def size(self) -> int:
        return len(self.values)

    def value_for(self, index: int) -> int:
        if 0 <= index < len(self.values):
            return self.values[index]
        raise MissingPaletteEntryException(index)

    def entry_array(self) -> np.ndarray[Any, Any]:
        """The entries as a NumPy array (kept until an entry is added; do not change it)."""
        kept = self._array
        if kept is None or kept[0] != len(self.values):
            kept = self._array = (len(self.values), np.array(self.values))
        return kept[1]

    def values_for(self, ids: Ids) -> Ids:
        _refuse_ids_past(self, ids, len(self.values))
        if isinstance(ids, list):  # a few ids (a resize's distinct ones): picked from the list, no array made
            return [self.values[ids[0]]] if len(ids) == 1 else list(itemgetter(*ids)(self.values)) if ids else []
        values: np.ndarray[Any, Any] = self.entry_array()[ids]
        return values

    def write(self, out: bytearray) -> None:
        if self._written_count != len(self.values):  # the bytes are kept until an entry is added
            self._written = write_varint(len(self.values)) + write_varints(self.values)
            self._written_count = len(self.values)
        out += self._written

    def copy(self: _P) -> _P:
        return type(self)(self.bits, self.values)


_P = TypeVar("_P", bound=_EntryListPalette)
_new_palette = object.__new__  # adopt's instance, with no __init__


class LinearPalette(_EntryListPalette):
    """Up to ``2**bits`` values in the order they were added; full → resize to ``bits + 1``.

    Searching is linear and finds the first of duplicate entries (a loaded palette keeps
    them). ``IllegalArgumentException`` when built from more entries than it has slots.
    """

    kind = "linear"

    def __init__(self, bits: int, entries: Sequence[int] = ()):
        if len(entries) > 1 << bits:
            raise GameError("IllegalArgumentException",
                            f"Can't initialize LinearPalette of size {1 << bits} with {len(entries)} entries")
        super().__init__(bits, entries)

    def id_for(self, value: int, resize: Resize) -> int:
        try:
            return self.values.index(value)
        except ValueError:
            pass
        if len(self.values) < 1 << self.bits:
            return self._add(value)
        return resize(self.bits + 1, value)


class HashMapPalette(_EntryListPalette):
    """Values numbered in the order added (``CrudeIncrementalIntIdentityHashBiMap``).

    A new value is added first and then, if its id is ``2**bits`` or more, the container is
    asked to resize (the entry stays in this palette, which the resize then replaces).
    Adding never merges duplicates: each gets its own id, and lookups find the first.
    """

    kind = "hash_map"

    def id_for(self, value: int, resize: Resize) -> int:
        ids = self._ids
        index = (self.id_map() if ids is None else ids).get(value)
        if index is None:
            index = self._add(value)
            if index >= 1 << self.bits:
                index = resize(self.bits + 1, value)
        return index


class GlobalPalette:
    """The registry itself: a value's id is its registry id (an unknown value gets 0).

    ``size`` is the registry's size; nothing is written on the network.
    """

    kind = "global"

    def __init__(self, registry: int):
        self.registry = registry
        self._ids: dict[int, int] = {}

    def id_map(self) -> dict[int, int]:
        """Each value ``id_for`` has given an id (its own) so far: the palette's own dict, kept by
        :meth:`id_for` (``PalettedContainer.set_at``'s pure quick path asks it; the compiled one
        needs none)."""
        return self._ids

    @property
    def size(self) -> int:
        return self.registry

    def id_for(self, value: int, resize: Resize | None) -> int:  # never resizes: resize is not called
        if 0 <= value < self.registry:
            self._ids[value] = value
            return value
        return 0

    def ids_for(self, values: list[int]) -> list[int]:
        """:meth:`id_for` of each of ``values`` in turn (a global palette never resizes): at once
        where every one is a plain registry id (each its own id, all learnt together), else one by one."""
        if plain_ids(values, self.registry):
            self._ids.update(zip(values, values))
            return list(values)
        return [self.id_for(v, None) for v in values]

    def value_for(self, index: int) -> int:
        if 0 <= index < self.registry:
            return index
        raise MissingPaletteEntryException(index)

    def values_for(self, ids: Ids) -> Ids:
        _refuse_ids_past(self, ids, self.registry)
        return list(ids) if isinstance(ids, list) else ids

    def write(self, out: bytearray) -> None:
        pass

    def copy(self) -> GlobalPalette:
        return self


Palette = SingleValuePalette | LinearPalette | HashMapPalette | GlobalPalette


def create_palette(kind: str, bits: int, registry: int, entries: Sequence[int] = ()) -> Palette:
    """The palette a ``Configuration`` of ``kind`` and ``bits`` makes, holding ``entries`` (the factory)."""
    if kind == "single_value":
        return SingleValuePalette(entries)
    if kind == "linear":
        return LinearPalette(bits, entries)
    if kind == "hash_map":
        return HashMapPalette(bits, entries)
    if kind == "global":
        return GlobalPalette(registry)
    raise ValueError(f"unknown palette kind {kind!r}")
