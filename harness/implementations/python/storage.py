"""The storage area: runs a case's operations on our ``SimpleBitStorage`` / ``ZeroBitStorage``.

Setup ``{"bits": b, "size": n}``; operations (``reference/RECORDED_FORMAT.md``, area storage):
``new``, ``from_longs``, ``get``, ``set``, ``get_and_set``, ``fill``, ``values``, ``longs``.
``new`` makes a ``ZeroBitStorage`` for 0 bits and a ``SimpleBitStorage`` otherwise;
``from_longs`` always goes through ``SimpleBitStorage``'s long-array constructor. A refused
operation answers its error and the storage stays as it was. A storage or an answer over the
tools' budgets (:func:`_buildable`, :func:`_within_budget`) is
:class:`~harness.formats.budget.BudgetExceeded`: the case is refused, never answered. ``fill`` is answered only where
``version.storage.has_fill``; elsewhere it answers a ``NoSuchMethodError`` error (the
method does not exist in that version, so the game has no answer to compare).
"""

from __future__ import annotations

from harness.engine.vocabulary import MalformedCase, require
from harness.formats import budget
from harness.formats.errors import GameError
from harness.formats.storage import SimpleBitStorage, new_storage
from harness.formats.storage.simple_bit_storage import MAX_LONGS, expected_longs, required_longs
from harness.formats.versions import GameVersion
from harness.implementations.python import answer_each


class NoStorageError(MalformedCase):
    """An operation on the storage when neither ``new`` nor ``from_longs`` made one (they
    came first but were refused): the game's probe has no object to call either."""


def run(setup: dict, ops: list, version: GameVersion, jvm: int = 17) -> list:
    """The answers to ``ops`` on a storage of ``setup["bits"]`` bits and ``setup["size"]`` values;
    :class:`MalformedCase` for a case outside the vocabulary. ``jvm`` (the Java the answers
    come from) changes nothing in this area."""
    require("storage", setup, ops)
    bits, size = setup["bits"], setup["size"]
    storage = None

    def answer(op):
        nonlocal storage
        name, args = op[0], op[1:]
        if name == "new":
            _buildable(bits, size)
            storage = new_storage(bits, size)
        elif name == "from_longs":
            storage = SimpleBitStorage.from_longs(bits, size, args[0])
        else:
            return _apply(storage, name, args, version)
        return None

    return answer_each(ops, answer)


def _within_budget(name: str, entries: int) -> None:
    """:class:`~harness.formats.budget.BudgetExceeded` when an answer would list more entries
    than :data:`~harness.formats.budget.MAX_STORAGE_ENTRIES` (a Python list of 200 million
    values is 2 GB; the game's own arrays are 4 to 8 bytes an entry)."""
    if entries > budget.MAX_STORAGE_ENTRIES:
        raise budget.BudgetExceeded(f"'{name}' would list {entries} entries, over the tools' limit of "
                                    f"{budget.MAX_STORAGE_ENTRIES} entries an answer may hold "
                                    f"({budget.to_raise('MAX_STORAGE_ENTRIES')})")


def _buildable(bits: int, size: int) -> None:
    """:class:`~harness.formats.budget.BudgetExceeded` when ``new`` would make a
    ``SimpleBitStorage`` of more longs than our formats build (:data:`MAX_LONGS`, 128 MiB):
    there our storage answers ``OutOfMemoryError``, but whether the game's heap holds them
    depends on the JVM that runs it, so that is no answer to give as the game's."""
    n = expected_longs(bits, size) if 1 <= bits <= 32 else 0  # other widths: the game's own refusal
    if n > MAX_LONGS:
        raise budget.BudgetExceeded(f"'new' would make a storage of {size} values of {bits} bits in {n} longs, over "
                                    f"the tools' limit of {MAX_LONGS} longs a storage may hold "
                                    "(harness.formats.storage.MAX_LONGS)")


def _apply(storage, name: str, args: list, version: GameVersion):
    if storage is None:
        raise NoStorageError(f"operation {name!r} on no storage: 'new' or 'from_longs' was refused, none was made")
    if name == "get":
        return storage.get(args[0])
    if name == "set":
        return storage.set(args[0], args[1])
    if name == "get_and_set":
        return storage.get_and_set(args[0], args[1])
    if name == "fill":
        if not version.storage.has_fill:
            raise GameError("NoSuchMethodError", "BitStorage.fill(int) does not exist in this release")
        return storage.fill(args[0])
    if name == "values":
        if storage.size < 0:  # the probe's new int[getSize()] for unpack(int[])
            raise GameError("NegativeArraySizeException", str(storage.size))
        _within_budget(name, storage.size)
        return storage.values().tolist()
    if name == "longs":
        bits = getattr(storage, "bits", 0)
        _within_budget(name, required_longs(bits, storage.size) if bits and storage.size > 0 else 0)
        return storage.longs()
    raise MalformedCase(f"unknown storage operation {name!r}")  # require() knows every operation
