"""The compiled fast paths of NBT, when they were built: :data:`compiled` (binary NBT) and
:data:`array_text` (the SNBT text of arrays), each the extension module or ``None``.

``_fast_binary.c`` reads or writes a whole well-formed tree in one call, in the fixed-width
encodings (``java``, ``bedrock``) when no quota is charged. It builds exactly the tags
:class:`~harness.formats.nbt.binary_reader.NbtReader` builds and writes exactly the bytes
:class:`~harness.formats.nbt.binary_writer.NbtWriter` writes; on anything unusual (an error
to raise, a budget to enforce, a mixed list, an object that is not one of our tag classes) it
answers ``None`` and the pure-Python code does the whole tree itself, so every error is the
pure path's. ``_array_text.c`` prints an array's elements as SNBT text
(:mod:`~harness.formats.nbt.string_tag_visitor`), exactly as the pure NumPy printer does. The
pure paths are always there: the extensions are optional at install (``setup.py``), and
``MC_HARNESS_PURE_NBT=1`` in the environment (read at import) turns both off, which is how
the tests run both.

>>> compiled is None or callable(compiled.read_tree)
True
>>> array_text is None or callable(array_text.text)
True
"""

from __future__ import annotations

import numpy as np

from harness.formats import extensions
from harness.formats.nbt import tags as T

PURE_ENV = "MC_HARNESS_PURE_NBT"


def _load():
    _fast_binary = extensions.load("harness.formats.nbt._fast_binary", PURE_ENV)
    if _fast_binary is None:
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
array_text = extensions.load("harness.formats.nbt._array_text", PURE_ENV)
