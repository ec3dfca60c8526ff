"""``PalettedContainer.set_at``'s quick path: a value its palette already holds, stored at once.

Setting a value the palette already has changes nothing but one storage cell: the game's
``idFor`` gives the value's existing id (the first, for a loaded palette's duplicates) and
``SimpleBitStorage.set`` stores it. So a container keeps, for its current palette, what
:func:`known_ids` gives (each value set so far or loaded, as a registry id, mapped to that id)
and the storage's cells (:meth:`harness.formats.storage.SimpleBitStorage.writable_cells`);
a ``set_at`` of a known value at an index from 0 writes the cell and returns. Everything else
(a new value, a resize, a bad value or index, a 0-bit storage) takes the full path, which
answers exactly as before and teaches the map the value it set. A resize drops the map; any
whole-storage work (``pack``, ``write``, ``copy``) first stops the quick path, so that the
storage's longs are made from the cells again.

Where it was built (``setup.py``), ``_quick_set.c`` does the same in one C call
(:data:`compiled`): ``compiled.CellWriter(ids, cells, fallback, registry).set_at`` stores a
known value (with ``registry``, a global palette's: any id below it) and hands anything else to
``fallback(index, value)``, the full path; the container's own ``set_at`` is that method while
the quick path is on, and turning it off closes the writer (``close()``), so that a ``set_at`` a
caller kept from before takes the full path. ``MC_HARNESS_PURE_PALETTE=1`` in the environment
(read at import) leaves the compiled path out, which is how the tests run both.

>>> from harness.formats.palette.palettes import LinearPalette
>>> known_ids(LinearPalette(4, [7, 9, 7, -1]), 10)  # the first id of a duplicate; -1 is no registry id
{7: 0, 9: 1}
"""

from __future__ import annotations

from typing import Any

from harness.formats import extensions

PURE_ENV = "MC_HARNESS_PURE_PALETTE"

IDLE: dict[int, int] = {}
"""The map while the quick path is off: empty, so every ``set_at`` takes the full path (never written)."""


def known_ids(palette: Any, registry: int) -> dict[int, int]:
    """``value -> idFor(value)`` for each value ``palette`` holds that ``set_at`` would accept
    (a plain ``int`` in 0..registry-1), the first id where a loaded palette holds it twice; a new
    dict. A global palette starts empty (every id is its own: they are learnt as they are set)."""
    values = getattr(palette, "values", None)
    if values is None:  # the single-value and global palettes
        value = getattr(palette, "value", None)
        return {} if value is None or type(value) is not int or not 0 <= value < registry else {value: 0}
    ids = dict(zip(reversed(values), range(len(values) - 1, -1, -1)))  # assigned last: the first id stays
    if all(type(v) is int and 0 <= v < registry for v in ids):
        return ids
    return {v: i for v, i in ids.items() if type(v) is int and 0 <= v < registry}


compiled = extensions.load("harness.formats.palette._quick_set", PURE_ENV)
"""The compiled quick path (``_quick_set.c``), or None."""
