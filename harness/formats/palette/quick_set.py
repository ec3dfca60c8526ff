"""``PalettedContainer.set_at``'s quick path: a value its palette holds (or has room for), stored at once.

Setting a value the palette already has changes nothing but one storage cell: the game's
``idFor`` gives the value's existing id (the first, for a loaded palette's duplicates) and
``SimpleBitStorage.set`` stores it. So a container keeps, for its current palette, what
:func:`known_ids` gives (the palette's own map of each value it holds, as a registry id, to
that id: the palette keeps it as it takes values) and the storage's cells
(:meth:`harness.formats.storage.SimpleBitStorage.writable_cells`); a ``set_at`` of a known
value at an index from 0 writes the cell and returns. Everything else (a new value, a resize,
a bad value or index, a 0-bit storage) takes the full path, which answers exactly as before
(the palette's ``id_for`` putting a new value in its map). A resize drops the map; any
whole-storage work (``pack``, ``write``, ``copy``) first stops the quick path, so that the
storage's longs are made from the cells again.

Where it was built (``setup.py``), ``_quick_set.c`` does the same in one C call: its type
``QuickSet`` (:data:`compiled`) is then the container's base (:data:`Base`), whose ``set_at``
also adds a new registry id to a linear or hash map palette that has room, as the game's
``LinearPalette.idFor`` / ``HashMapPalette.idFor`` add one below ``2**bits`` entries (only
where the map holds every entry of the palette, so that no entry the map lacks could match).
What it cannot answer once started, for a plain ``int`` value, it hands straight to the full
path (``_set_at_in_full``: the map was asked already, and asking it again in Python would find
nothing new); everything else (nothing started, a value of another type) to
:func:`set_at_in_python`, the pure path (which hands on to the full path what it cannot answer
either). Without it (or with ``MC_HARNESS_PURE_PALETTE=1``
in the environment, read at import) the base is :class:`PureQuickSet`. Setting
:data:`compiled` to None at run time, as the tests do, turns the compiled path off for every
container whose quick path starts from then on: its ``set_at`` then finds nothing started and
asks the pure path for every value.

>>> from harness.formats.palette.palettes import LinearPalette
>>> known_ids(LinearPalette(4, [7, 9, 7, -1]), 10)  # the first id of a duplicate; -1 is no registry id
{7: 0, 9: 1}
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from harness.formats import extensions

PURE_ENV = "MC_HARNESS_PURE_PALETTE"

IDLE: dict[int, int] = {}
"""The map while the quick path is off: empty, so every ``set_at`` takes the full path (never written)."""


def plain_ids(values: Collection[Any], registry: int) -> bool:
    """Whether every one of ``values`` (a dict's keys, a list, ...) is a plain ``int`` (no
    ``bool``) in 0..registry-1, as ``set_at`` accepts them: in one C pass over a dict or a list
    where :data:`compiled` is built, else in C loops (the types, then the least and the greatest).

    >>> plain_ids([3, 0, 9], 10), plain_ids([3, True], 10), plain_ids([3, 10], 10)
    (True, False, False)
    """
    if compiled is not None and type(values) in (dict, list):
        answer: bool = compiled.registry_ids(values, registry)
        return answer
    if not set(map(type, values)) <= {int}:
        return False
    return not values or min(values) >= 0 and max(values) < registry


def known_ids(palette: Any, registry: int) -> dict[int, int]:
    """``value -> idFor(value)`` for each value ``palette`` holds that ``set_at`` would accept
    (a plain ``int`` in 0..registry-1), the first id where a loaded palette holds it twice: the
    palette's own map (``id_map()``, whose one owner is the palette: its ``id_for`` keeps it, and
    the quick path only reads it but for the compiled one's adding, as the palette's ``_add``
    does) where it holds registry ids alone, else a copy of the part it would accept (which learns
    nothing: a value set later takes the full path). A global palette's map holds the ids it has
    given so far (every id is its own); a single value palette's is made here (no quick path
    writes to a 0-bit storage)."""
    id_map = getattr(palette, "id_map", None)
    if id_map is None:  # the single value palette
        value = getattr(palette, "value", None)
        return {} if value is None or type(value) is not int or not 0 <= value < registry else {value: 0}
    ids: dict[int, int] = id_map()
    if plain_ids(ids, registry):
        return ids
    return {v: i for v, i in ids.items() if type(v) is int and 0 <= v < registry}


def first_appearances(cells: Any) -> list[int] | None:
    """The distinct values of ``cells`` (a one-dimensional array of ``uint8`` or ``uint16``
    cells) in the order they first appear, in one C pass where :data:`compiled` is built; else,
    or for other cells, None (the caller works them out its own way).

    >>> import numpy as np
    >>> first_appearances(np.array([3, 3, 0, 7, 0], dtype=np.uint8)) in ([3, 0, 7], None)
    True
    """
    if compiled is None:
        return None
    found: list[int] | None = compiled.first_appearances(cells)
    return found


def growable_entries(palette: Any, known: dict[int, int]) -> list[int] | None:
    """The entries of a linear or hash map ``palette`` that the compiled ``set_at`` may add a
    new value to (with ``known`` its id), or None: only where ``known`` is the palette's own map
    (so it holds every entry, and no entry it lacks could equal a new value).

    >>> from harness.formats.palette.palettes import LinearPalette
    >>> p = LinearPalette(4, [7, True])
    >>> growable_entries(p, known_ids(p, 10)) is None  # True is 1 to values.index: 1 is no new value
    True
    """
    if getattr(palette, "kind", None) not in ("linear", "hash_map") or known is not palette.id_map():
        return None
    values: list[int] = palette.values
    return values


def set_at_in_python(container: Any, index: int, value: int) -> None:
    """Sets the value at an index (the palette takes the value before the index is checked).

    The pure quick path of ``container.set_at(index, value)``: one store for a known value at an
    index from 0 (the map ``container._fast``, the cells ``container._cells``), else
    ``container._set_at_in_full``."""
    palette_id = container._fast.get(value)
    if palette_id is not None and type(value) is int and 0 <= index:  # a value the palette has: one store
        try:
            container._cells[index] = palette_id
            return
        except (IndexError, TypeError):  # past the storage's end, or no int: the full path says so
            pass
    container._set_at_in_full(index, value)


class PureQuickSet:
    """The container's base without the compiled path: ``set_at`` is :func:`set_at_in_python`."""

    __slots__ = ()

    set_at = set_at_in_python  # one Python call, as the compiled base's is one C call

    def _quick_start(self, known: dict[int, int], cells: memoryview, registry: int, global_ids: bool,
                     entries: list[int] | None, capacity: int) -> None:
        """Nothing to start: the pure path reads the container's ``_fast`` and ``_cells``."""

    def _quick_stop(self) -> None:
        """Nothing to stop."""


compiled = extensions.load("harness.formats.palette._quick_set", PURE_ENV)
"""The compiled quick path (``_quick_set.c``), or None."""

if TYPE_CHECKING:  # the compiled base has the same methods
    Base = PureQuickSet
else:
    Base = PureQuickSet if compiled is None else compiled.QuickSet
"""``PalettedContainer``'s base, chosen at import: the compiled ``QuickSet`` where it was built, else :class:`PureQuickSet`."""
