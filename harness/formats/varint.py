"""Minecraft's VarInt: a 32-bit int in 1 to 5 bytes, 7 bits a byte, low bits first.

Matches ``FriendlyByteBuf.writeVarInt`` / ``readVarInt`` (``VarInt.write`` / ``VarInt.read``
in 26.x), the same in 1.20.1, 1.21.1, 26.1.2 and 26.3. The int is taken as its unsigned
32-bit pattern: a negative int always takes 5 bytes, and ``read_varint`` gives the unsigned
value (``value - 2**32`` is the Java int when ``value >= 2**31``).

>>> write_varint(0).hex(), write_varint(300).hex(), write_varint(-1).hex()
('00', 'ac02', 'ffffffff0f')
>>> read_varint(bytes.fromhex("ac02ff"), 0)
(300, 2)

Where it was built (``setup.py``), ``_varint.c`` writes a list or tuple of ints in one C call
(:data:`compiled`; a palette's entries, as ``PalettedContainer.write`` sends them); anything it
declines goes the pure way, which gives the errors. ``MC_HARNESS_PURE_VARINT=1`` in the
environment (read at import) leaves it out, which is how the tests run both.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from harness.formats import extensions
from harness.formats.errors import GameError

MAX_BYTES = 5
PURE_ENV = "MC_HARNESS_PURE_VARINT"


compiled = extensions.load("harness.formats._varint", PURE_ENV)
"""The compiled writer (``_varint.c``), or None."""


_ONE_BYTE = [bytes((n,)) for n in range(0x80)]


def write_varint(n: int) -> bytes:
    """The VarInt bytes of ``n`` (an int from -2**31 to 2**32 - 1, taken modulo 2**32).

    Raises ``ValueError`` for a number outside that range (no Java int has it).
    """
    if 0 <= n < 0x80:
        return _ONE_BYTE[n]  # seven bits: the one byte is the int itself
    if not -(1 << 31) <= n < (1 << 32):
        raise ValueError(f"{n} is not a 32-bit int")
    n &= 0xFFFFFFFF
    out = bytearray()
    while n & ~0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


_SEVEN_BIT_GROUPS = np.arange(0, 35, 7, dtype=np.int64)  # a VarInt's five groups, lowest first
_VECTOR_FROM = 32  # fewer values than this go faster one by one than through NumPy


def write_varints(values: Sequence[int]) -> bytes:
    """:func:`write_varint` of each of ``values``, one after another (the same ``ValueError`` for a bad one).

    A list or tuple of plain ints goes through :data:`compiled` where it was built; else many
    Java ints go through NumPy all at once, and anything else value by value.
    """
    if compiled is not None:
        written = compiled.write_varints(values)
        if written is not None:
            return written
    if len(values) >= _VECTOR_FROM:
        ints = np.array(values)
        if ints.ndim == 1 and ints.dtype == np.int64 and not ((ints < -(1 << 31)) | (ints >= 1 << 32)).any():
            rest = (ints & 0xFFFFFFFF)[:, None] >> _SEVEN_BIT_GROUPS  # what is left from each group up
            present = rest != 0
            present[:, 0] = True  # a VarInt has at least one byte
            more = np.zeros_like(present)
            more[:, :-1] = present[:, 1:]  # the continuation bit: another byte follows
            return ((rest & 0x7F) | (more << 7))[present].astype(np.uint8).tobytes()
    return b"".join(map(write_varint, values))


def read_varint(buf: bytes, offset: int = 0) -> tuple[int, int]:
    """The VarInt at ``buf[offset:]``: ``(unsigned 32-bit value, offset after it)``.

    Raises ``GameError`` ``RuntimeException`` "VarInt too big" when a sixth byte would be
    needed (as the game does), and ``IndexOutOfBoundsException`` when ``buf`` ends inside it;
    ``where`` holds the byte offset.
    """
    value = 0
    for i in range(MAX_BYTES + 1):
        if i == MAX_BYTES:
            raise GameError("RuntimeException", "VarInt too big", where=f"byte {offset + i}")
        if offset + i >= len(buf):
            raise GameError("IndexOutOfBoundsException", "the buffer ends inside a VarInt",
                            where=f"byte {offset + i}")
        b = buf[offset + i]
        value |= (b & 0x7F) << (7 * i)
        if not b & 0x80:
            return value & 0xFFFFFFFF, offset + i + 1
    raise AssertionError("unreachable")  # pragma: no cover
