"""The order ``PalettedContainer.count`` reports values in: fastutil's ``Int2IntOpenHashMap`` order.

``count`` tallies the storage's ids in a ``new Int2IntOpenHashMap()`` (``addTo(id, 1)`` for
each value in index order) and then walks its entry set (GAME_FACTS.md 2.5; fastutil 8.5,
as the game ships). That walk gives key 0 first when present, then the table's slots from
the highest down. A key's slot is ``mix(key) & mask`` with linear probing upwards, where
``mix(x) = h ^ (h >>> 16)``, ``h = x * 0x9E3779B9`` in 32-bit arithmetic. The table starts
at 32 slots (16 expected entries, load factor 0.75, so it grows when a 25th key arrives)
and doubles as needed; growing re-inserts the old keys walking the old table from its
highest slot down. Only when keys first arrive matters, so this takes the distinct keys in
first-appearance order.

>>> fastutil_key_order([0, 1, 2, 3])
[0, 2, 1, 3]
"""

from __future__ import annotations

import math
from collections.abc import Iterable

LOAD_FACTOR = 0.75
DEFAULT_EXPECTED = 16
_PHI = 0x9E3779B9


def mix(x: int) -> int:
    """fastutil ``HashCommon.mix(int)`` as an unsigned 32-bit number."""
    h = (x * _PHI) & 0xFFFFFFFF
    return h ^ (h >> 16)


def array_size(expected: int, f: float = LOAD_FACTOR) -> int:
    """fastutil ``HashCommon.arraySize``: the table length for ``expected`` entries."""
    return max(2, 1 << max(math.ceil(expected / f) - 1, 0).bit_length())


def max_fill(n: int, f: float = LOAD_FACTOR) -> int:
    """fastutil ``HashCommon.maxFill``: how many entries a table of ``n`` slots takes before growing."""
    return min(math.ceil(n * f), n - 1)


def _place(table: list[int], key: int) -> None:
    mask = len(table) - 1
    pos = mix(key) & mask
    while table[pos] != 0:
        pos = (pos + 1) & mask
    table[pos] = key


def fastutil_key_order(keys: Iterable[int]) -> list[int]:
    """The iteration order of an ``Int2IntOpenHashMap()`` whose keys first arrived in the order of ``keys``.

    ``keys`` are distinct Java ints (a repeated key changes nothing and is skipped).
    """
    table = [0] * array_size(DEFAULT_EXPECTED)
    limit = max_fill(len(table))
    size = 0
    has_zero = False
    seen = set()
    for key in keys:
        if key in seen:
            continue
        seen.add(key)
        if key == 0:
            has_zero = True
        else:
            _place(table, key)
        size += 1
        if size - 1 >= limit:  # `if (size++ >= maxFill) rehash(arraySize(size + 1, f))`
            old = table
            table = [0] * array_size(size + 1)
            limit = max_fill(len(table))
            for k in reversed(old):
                if k != 0:
                    _place(table, k)
    order = [0] if has_zero else []
    order.extend(k for k in reversed(table) if k != 0)
    return order
