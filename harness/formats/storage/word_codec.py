"""``SimpleBitStorage``'s layout over whole arrays: values to longs and back, all at once.

Value ``i`` of ``bits`` bits sits in long ``i // (64 // bits)`` at bit ``(i % (64 // bits)) * bits``,
the first value of a long in its lowest bits, none spanning two longs (GAME_FACTS.md 1.1, the
same in every release of the table). Longs are ``uint64`` words (Java's bit patterns); values
come out in the narrowest unsigned type that holds ``bits`` (:func:`cell_dtype`). Widths that
tile a byte or fill whole bytes (1, 2, 4, 8, 16, 32) go through the words' little-endian bytes;
the others through one shift per slot of a long.

>>> words = encode_values(np.array([1, 2, 3]), 4, 1)
>>> hex(int(words[0])), decode_words(words, 4, 3).tolist()
('0x321', [1, 2, 3])
>>> padding(np.array([0xF000000000000321], dtype=np.uint64), 5, 3).tolist()  # 4 spare bits and 9 unused slots
[17293822569102704640]
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

_LITTLE_WORDS = np.dtype("<u8")
_TILE_BYTE = (1, 2, 4)  # widths that tile a byte: 8 // bits values a byte
_WHOLE_BYTES = (8, 16, 32)  # widths of whole bytes: the words' little-endian bytes are the values


def cell_dtype(bits: int) -> np.dtype:
    """The narrowest unsigned type holding a value of ``bits`` (1..32) bits: ``uint8``, ``uint16`` or ``uint32``."""
    return np.dtype(np.uint8 if bits <= 8 else np.uint16 if bits <= 16 else np.uint32)


@cache
def _slot_shifts(bits: int) -> np.ndarray:
    """Where each value of a long starts: ``0, bits, 2·bits...`` for the ``64 // bits`` values (``uint64``)."""
    shifts = np.arange(64 // bits, dtype=np.uint64) * np.uint64(bits)
    shifts.flags.writeable = False
    return shifts


def decode_words(words: np.ndarray, bits: int, size: int) -> np.ndarray:
    """The first ``size`` values held by ``words`` (``uint64``), a new array of :func:`cell_dtype`.

    ``size`` may not exceed what the words hold (``len(words) * (64 // bits)``).
    """
    if bits in _WHOLE_BYTES:
        return words.astype(_LITTLE_WORDS, copy=False).view(f"<u{bits // 8}")[:size].astype(cell_dtype(bits))
    if bits in _TILE_BYTE:
        octets = words.astype(_LITTLE_WORDS, copy=False).view(np.uint8)
        if bits == 1:
            return np.unpackbits(octets, count=size, bitorder="little")
        per = 8 // bits
        cells = np.empty(len(octets) * per, dtype=np.uint8)
        mask = np.uint8((1 << bits) - 1)
        for slot in range(per):
            cells[slot::per] = (octets >> np.uint8(slot * bits)) & mask
        return cells[:size]
    return _slot_values(words, bits, size).astype(cell_dtype(bits))


@lru_cache(maxsize=64)
def _shifts_for(bits: int, size: int) -> np.ndarray:
    """Where each of ``size`` values of ``bits`` sits in its long: ``_slot_shifts`` repeated (read-only)."""
    per_long = 64 // bits
    shifts = np.tile(_slot_shifts(bits), -(-size // per_long))[:size]
    shifts.flags.writeable = False
    return shifts


def _slot_values(words: np.ndarray, bits: int, size: int) -> np.ndarray:
    """The first ``size`` values held by ``words``, as a new ``uint64`` array: each value's word
    repeated in index order, shifted and masked, so that every NumPy loop runs over whole arrays
    (a long's few slots as an inner axis would make loops of a few elements each)."""
    values = np.repeat(words, 64 // bits)[:size]
    values >>= _shifts_for(bits, size)
    values &= np.uint64((1 << bits) - 1)
    return values


def decode_through(words: np.ndarray, bits: int, size: int, table: np.ndarray) -> np.ndarray | None:
    """``table[v]`` for each of the first ``size`` values ``v`` held by ``words`` (``uint64``, as
    many as those values take), a new array of ``table``'s type; None when a value is at or past
    ``len(table)`` (:func:`decode_words` then says which comes first). The same as
    ``table[decode_words(words, bits, size)]``, without the values' own array of cells."""
    if bits in _WHOLE_BYTES or bits in _TILE_BYTE:
        values = decode_words(words, bits, size)
    else:
        values = _slot_values(words, bits, size).view(np.int64)  # values below 2**32: the same numbers
    if len(values) and int(values.max()) >= len(table):
        return None
    return np.take(table, values)


def encode_values(values: np.ndarray, bits: int, longs: int) -> np.ndarray:
    """``longs`` new ``uint64`` words holding ``values`` (each already below ``2**bits``), unused slots and padding 0.

    ``values`` may be of any integer type and at most ``longs * (64 // bits)`` long.
    """
    per_long = 64 // bits
    if bits in _WHOLE_BYTES:
        cells = np.zeros(longs * per_long, dtype=f"<u{bits // 8}")
        cells[:len(values)] = values
        return cells.view(_LITTLE_WORDS).astype(np.uint64, copy=False)
    if bits in _TILE_BYTE:
        cells = np.zeros(longs * per_long, dtype=np.uint8)
        cells[:len(values)] = values
        if bits == 1:
            octets = np.packbits(cells, bitorder="little")
        else:
            per = 8 // bits
            octets = cells[0::per].copy()
            for slot in range(1, per):
                octets |= cells[slot::per] << np.uint8(slot * bits)
        return octets.view(_LITTLE_WORDS).astype(np.uint64, copy=False)
    cells = np.zeros((longs, per_long), dtype=np.uint64)
    cells.reshape(-1)[:len(values)] = values
    shifts = _slot_shifts(bits)
    words = cells[:, 0].copy()
    for slot in range(1, per_long):  # the values' bits never overlap: OR them in, slot by slot
        words |= cells[:, slot] << shifts[slot]
    return words


def padding(words: np.ndarray, bits: int, size: int) -> np.ndarray | None:
    """The bits of ``words`` that hold none of the first ``size`` values (the spare high bits of
    each long and the slots past ``size`` in the last), or None when all of them are 0."""
    if not len(words):
        return None
    per_long = 64 // bits
    used = np.uint64((1 << (per_long * bits)) - 1)
    spare = words & ~used
    last = size - (len(words) - 1) * per_long  # values in the last long
    spare[-1] = int(words[-1]) & ~((1 << (last * bits)) - 1) & 0xFFFFFFFFFFFFFFFF
    return spare if spare.any() else None


@lru_cache(maxsize=64)
def used_bits(bits: int, size: int) -> np.ndarray | None:
    """For each long of a storage of ``size`` values of ``bits``, the bits its values take
    (read-only ``uint64``), or None when they take every bit of every long (no padding)."""
    per_long = 64 // bits
    longs = -(-size // per_long)
    if 64 % bits == 0 and size % per_long == 0:
        return None
    used = np.full(longs, (1 << (per_long * bits)) - 1, dtype=np.uint64)
    if longs:
        used[-1] = (1 << ((size - (longs - 1) * per_long) * bits)) - 1
    used.flags.writeable = False
    return used
