"""Storage fuzz strategies: ``SimpleBitStorage`` / ``ZeroBitStorage`` (26.3 and every release).

Widths weighted to 0, 1, 31, 32, 33 and -1; sizes to 0, 1 and one long's worth either side;
indices to 0, the last, one past it and -1; values to 0, the mask, one above it and -1;
``from_longs`` arrays of the required length, one shorter and one longer, with edge longs.
"""

from __future__ import annotations

from functools import cache, lru_cache

from hypothesis import strategies as st

from harness.engine.fuzz.strategies import INT_EDGES, JAVA_LONG, LONG_EDGES, AreaStrategy, edges, long_array, no_args

MAX_SIZE = 4096  # larger storages say nothing new and cost memory on both sides


def _per_long(bits: int) -> int:
    return 64 // bits if 1 <= bits <= 64 else 1


@cache
def _setup(version):
    bits = edges(0, 1, 31, 32, 33, -1, around=st.integers(1, 32), weight=1)
    return st.fixed_dictionaries({"bits": bits, "size": edges(0, 1, 63, 64, 65, -1, MAX_SIZE, around=st.integers(0, 300), weight=1)})


@lru_cache(maxsize=1024)
def _index(size: int):
    return edges(0, size - 1, size, -1, *INT_EDGES, around=st.integers(0, max(size - 1, 0)), weight=1)


@lru_cache(maxsize=1024)
def _value(bits: int):
    mask = (1 << bits) - 1 if 0 <= bits <= 32 else 0
    top = min(mask, (1 << 31) - 1)
    java = mask - (1 << 32) if mask >= 1 << 31 else mask  # 32 bits: the all-ones value is -1 as a Java int
    return edges(0, 1, java, min(mask + 1, (1 << 31) - 1), -1, *INT_EDGES, around=st.integers(0, top), weight=1)


@lru_cache(maxsize=1024)
def _longs(bits: int, size: int):
    size = max(size, 0)
    need = (size + _per_long(bits) - 1) // _per_long(bits)
    length = edges(*[n for n in (need, need - 1, need + 1, 0) if n >= 0])
    longs = length.flatmap(lambda n: long_array(n, edges(*LONG_EDGES, around=JAVA_LONG, weight=1)))
    return longs.map(lambda values: [values])


def _from_longs(setup, version):
    return _longs(setup["bits"], setup["size"])


@lru_cache(maxsize=1024)
def _index_value(size: int, bits: int):
    return st.tuples(_index(size), _value(bits)).map(list)


def _refused(setup, opening) -> bool:
    """The opening the game refuses (GAME_FACTS.md 1.3): a width outside 0..32 (1..32 from
    longs), a negative size, or an array not of the length the size needs."""
    bits, size = setup["bits"], setup["size"]
    if size < 0 or not 0 <= bits <= 32 or (opening[0] == "from_longs" and bits == 0):
        return True
    if opening[0] == "from_longs":
        return len(opening[1]) != (size + _per_long(bits) - 1) // _per_long(bits)
    return False


AREA = AreaStrategy(
    setup=_setup,
    args={"new": no_args, "from_longs": _from_longs,
          "get": lambda s, v: st.tuples(_index(s["size"])).map(list),
          "set": lambda s, v: _index_value(s["size"], s["bits"]),
          "get_and_set": lambda s, v: _index_value(s["size"], s["bits"]),
          "fill": lambda s, v: st.tuples(_value(s["bits"])).map(list),
          "values": no_args, "longs": no_args},
    weights={"set": 3, "get": 2, "values": 2, "longs": 2, "fill": 2},
    max_ops=8,
    opens_alone=_refused)
