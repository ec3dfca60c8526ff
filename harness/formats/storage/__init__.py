"""Bit storage: the game's ``BitStorage`` implementations, ``SimpleBitStorage`` and ``ZeroBitStorage``.

:func:`new_storage` picks one as ``PalettedContainer`` does: 0 bits → ``ZeroBitStorage``.
"""

from __future__ import annotations

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


def new_storage(bits: int, size: int) -> BitStorage:
    """``bits == 0 ? new ZeroBitStorage(size) : new SimpleBitStorage(bits, size)``."""
    return ZeroBitStorage(size) if bits == 0 else SimpleBitStorage(bits, size)


__all__ = ["BitStorage", "InitializationException", "MAX_LONGS", "SimpleBitStorage", "ZeroBitStorage",
           "java_int", "java_longs", "new_storage", "required_longs"]
