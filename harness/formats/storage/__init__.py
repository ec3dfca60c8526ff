"""Bit storage as a library: the game's ``BitStorage`` implementations, ``SimpleBitStorage`` and ``ZeroBitStorage``.

``SimpleBitStorage(bits, size)`` packs ``size`` values of ``bits`` bits (1..32) into Java
longs, none spanning two longs (``net.minecraft.util.SimpleBitStorage``, the same class in
every release of the table); ``ZeroBitStorage(size)`` holds ``size`` zeros in no longs.
Methods carry the game's names in Python spelling: ``get``, ``set``, ``get_and_set``,
``fill`` (26.3's ``BitStorage.fill``; whether a release has it is
``harness.formats.versions.resolve(v).storage.has_fill``), ``raw`` (``getRaw``), ``copy``.
Nothing else differs between releases, so these take no ``version=``.

Indices are 0..size-1 and values 0..2**bits-1 (``GameError`` ``IllegalArgumentException``
otherwise, as the game's ``Validate.inclusiveBetween``); longs are signed 64-bit ints, as
Java has them. :func:`new_storage` picks one as ``PalettedContainer`` does: 0 bits →
``ZeroBitStorage``.

>>> s = new_storage(4, 32)
>>> s.set(17, 9); s.get_and_set(17, 3), s.get(17), s.longs()
(9, 3, [0, 48])
>>> SimpleBitStorage.from_longs(4, 32, [0, 48]).get(17)
3
>>> new_storage(0, 4096).longs()
[]
"""

from __future__ import annotations

from harness.formats import public_names as _public_names

from harness.formats.storage.simple_bit_storage import (
    MAX_LONGS,
    InitializationException,
    SimpleBitStorage,
    java_int,
    java_longs,
    required_longs,
)
from harness.formats.storage.zero_bit_storage import ZeroBitStorage

BitStorage = SimpleBitStorage | ZeroBitStorage
"""Either storage (the game's ``BitStorage`` interface)."""


def new_storage(bits: int, size: int) -> BitStorage:
    """``bits == 0 ? new ZeroBitStorage(size) : new SimpleBitStorage(bits, size)``: all values 0.

    ``bits`` 0..32, ``size`` the number of values; ``GameError`` ``IllegalArgumentException``
    for bits outside 1..32 (as the game's constructor), ``OutOfMemoryError`` for a storage over
    :data:`MAX_LONGS` longs (our bound, where the game would exhaust its heap).
    """
    return ZeroBitStorage(size) if bits == 0 else SimpleBitStorage(bits, size)


__all__ = ["BitStorage", "InitializationException", "MAX_LONGS", "SimpleBitStorage", "ZeroBitStorage",
           "java_int", "java_longs", "new_storage", "required_longs"]
__dir__ = _public_names.listing(__all__)  # dir() lists the API, not what the imports left
