"""Palette fuzz strategies: ``PalettedContainer`` over a registry of N ids.

Registry sizes weighted to the palette's limits (1, 2, the linear and hash-map sizes and one
past them, the release's block-state and biome counts and one either side, 2^15 and 2^16);
values drawn from a few ids per case, so that sets repeat values and palettes grow through
single, linear, hash-map and global; coordinates and indices at 0, the last, one past and
-1; ``unpack`` palettes of 0, 1, 2, 16, 17, 256, 257 entries with data of the length the
entry count needs, one off, empty or null.
"""

from __future__ import annotations

from functools import cache, lru_cache

from hypothesis import strategies as st

from harness.engine.fuzz.strategies import INT_EDGES, JAVA_LONG, LONG_EDGES, AreaStrategy, edges, long_array, no_args

AXIS_BITS = {"block_states": 4, "biomes": 2}
MAX_REGISTRY = 1 << 16  # a registry of N ids is N objects on both sides


@cache
def _setup(version):
    reg = version.registries

    def registry(strategy):
        count = reg.block_states if strategy == "block_states" else reg.biomes
        limits = edges(1, 2, 3, 4, 5, 8, 9, 16, 17, 256, 257, count - 1, count, count + 1, 1 << 15, 1 << 16,
                       around=st.integers(1, 300), weight=2)
        return limits.flatmap(lambda n: st.fixed_dictionaries(
            {"strategy": st.just(strategy), "registry": st.just(n), "value": edges(0, n - 1, around=st.integers(0, n - 1))}))
    return st.sampled_from(tuple(AXIS_BITS)).flatmap(registry)


@lru_cache(maxsize=1024)
def _ids(n: int):
    """Ids of a registry of ``n``, weighted to its ends (repeats make palettes keep and drop
    entries)."""
    return edges(*[v for v in (0, 1, n - 1) if v < n], around=st.integers(0, n - 1), weight=1)


@cache
def _coord(strategy: str):
    side = 1 << AXIS_BITS[strategy]
    return edges(0, side - 1, side, -1, around=st.integers(0, side - 1), weight=1)


@cache
def _index(strategy: str):
    entries = 1 << (3 * AXIS_BITS[strategy])
    return edges(0, entries - 1, entries, -1, *INT_EDGES, around=st.integers(0, entries - 1), weight=1)


@lru_cache(maxsize=1024)
def _xyz(strategy: str, n: int, value: bool):
    parts = [_coord(strategy)] * 3 + ([_ids(n)] if value else [])
    return st.tuples(*parts).map(list)


def _ceillog2(n: int) -> int:
    return max(n - 1, 0).bit_length()


@lru_cache(maxsize=1024)
def _unpack(strategy: str, n: int):
    entries = 1 << (3 * AXIS_BITS[strategy])

    def data_for(palette):
        b = max(_ceillog2(len(palette)), 4 if strategy == "block_states" and len(palette) > 1 else 1)
        need = -(-entries // (64 // b))
        lengths = edges(*[n for n in (need, need - 1, need + 1, 0) if n >= 0])
        longs = lengths.flatmap(lambda k: long_array(k, edges(*LONG_EDGES, around=JAVA_LONG)))
        return st.one_of(st.none(), longs).map(lambda data: [palette, data])

    size = edges(0, 1, 2, 16, 17, 256, 257, around=st.integers(0, 40), weight=1)
    return size.flatmap(lambda k: long_array(k, _ids(n))).flatmap(data_for)


@lru_cache(maxsize=1024)
def _index_value(strategy: str, n: int):
    return st.tuples(_index(strategy), _ids(n)).map(list)


def _at_value(setup, version):
    return _index_value(setup["strategy"], setup["registry"])


def _at(setup, version):
    return st.tuples(_index(setup["strategy"])).map(list)


AREA = AreaStrategy(
    setup=_setup,
    args={"set": lambda s, v: _xyz(s["strategy"], s["registry"], True), "set_at": _at_value,
          "get": lambda s, v: _xyz(s["strategy"], s["registry"], False), "get_at": _at,
          "get_and_set": lambda s, v: _xyz(s["strategy"], s["registry"], True), "get_and_set_at": _at_value,
          "bits": no_args, "counts": no_args, "write": no_args, "pack": no_args,
          "unpack": lambda s, v: _unpack(s["strategy"], s["registry"]),
          "copy": no_args, "recreate": no_args},
    weights={"set": 4, "set_at": 4, "get_and_set_at": 2},
    max_ops=24)
