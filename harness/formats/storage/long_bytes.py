"""A storage's longs as ``FriendlyByteBuf.writeLongArray`` sends them: 8 bytes each, most significant first.

Matches the longs part of ``PalettedContainer.write`` (``buf.writeFixedSizeLongArray`` /
``writeLongArray``: each ``long`` by ``writeLong``, big-endian) in 1.20.1, 1.21.1, 26.1.2 and
26.3 (GAME_FACTS.md 2.3); the count before them, where a release writes one, is the caller's.
:func:`big_endian` gives a prefix (the bits byte and the palette, already written) and the
longs in one new ``bytes``, so that a write copies them once.

Where it was built (``setup.py``), ``_long_bytes.c`` does it in one C call (:data:`compiled`);
else NumPy swaps the bytes. ``MC_HARNESS_PURE_STORAGE=1`` in the environment (read at import)
leaves the compiled path out, which is how the tests run both.

>>> import numpy as np
>>> big_endian(b"\\x04", np.array([1, 0x0102030405060708], dtype=np.uint64)).hex()
'0400000000000000010102030405060708'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from harness.formats import extensions

PURE_ENV = "MC_HARNESS_PURE_STORAGE"

compiled = extensions.load("harness.formats.storage._long_bytes", PURE_ENV)
"""The compiled writer (``_long_bytes.c``), or None."""

_BIG = np.dtype(">u8")


def big_endian(prefix: bytes | bytearray, words: np.ndarray[Any, Any]) -> bytes:
    """``prefix`` followed by each of ``words`` (a one-dimensional ``uint64`` or ``int64``
    array, strided or not: the words' bit patterns) as 8 bytes, most significant first: a new
    ``bytes``. ``ValueError`` for an array of other cells (compiled) or shape."""
    if compiled is not None:
        written: bytes = compiled.big_endian(prefix, words)
        return written
    return b"".join((prefix, words.astype(_BIG)))  # int64 to unsigned keeps the bit pattern; one copy of the longs after astype
