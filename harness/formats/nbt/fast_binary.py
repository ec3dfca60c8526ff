"""The compiled fast path of binary NBT, when it was built: :data:`compiled` or ``None``.

``_fast_binary.c`` reads or writes a whole well-formed tree in one call, in the fixed-width
encodings (``java``, ``bedrock``) when no quota is charged. It builds exactly the tags
:class:`~harness.formats.nbt.binary_reader.NbtReader` builds and writes exactly the bytes
:class:`~harness.formats.nbt.binary_writer.NbtWriter` writes; on anything unusual (an error
to raise, a budget to enforce, a mixed list, an object that is not one of our tag classes) it
answers ``None`` and the pure-Python code does the whole tree itself, so every error is the
pure path's. The pure path is always there: the extension is optional at install
(``setup.py``), and ``MC_HARNESS_PURE_NBT=1`` in the environment (read at import) turns it
off, which is how the tests run both.

>>> compiled is None or callable(compiled.read_tree)
True
"""

from __future__ import annotations

import os

import numpy as np

from harness.formats.nbt import tags as T

PURE_ENV = "MC_HARNESS_PURE_NBT"


def _load():
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    try:
        from harness.formats.nbt import _fast_binary
    except ImportError:  # not built (no compiler at install): the pure path
        return None
    byte_tags = tuple(int.__new__(T.ByteTag, b - 256 if b > 127 else b) for b in range(256))
    dtypes = np.dtype(np.int8), np.dtype(np.int32), np.dtype(np.int64)
    for dtype in dtypes:  # NumPy's own first-call set-up, here rather than in a first read
        np.frombuffer(b"\0" * 8, dtype, 1, 0)
        np.empty(1, dtype)
    _fast_binary.configure(T.CompoundTag, T.ListTag, T.ByteTag, T.ShortTag, T.IntTag, T.LongTag, T.FloatTag,
                           T.DoubleTag, T.StringTag, T.ByteArrayTag, T.IntArrayTag, T.LongArrayTag, byte_tags,
                           np.frombuffer, np.empty, *dtypes)
    return _fast_binary


compiled = _load()
