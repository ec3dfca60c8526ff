"""Generates the palette cases: PalettedContainer grown, overwritten, sent, saved and loaded.

Run ``python3 cases/palette/gen.py [--out DIR]``; it writes one YAML case file per category next to
itself (``harness.engine.casefile.dump_cases``). Same generator, same bytes.

Where the random choices come from (an id means the same operations forever, see
``cases/generate.py``):

- the cases each category listed before per-case seeding (every fixed registry list below)
  draw from the category stream ``random.Random(SEED * 1000 + category offset)`` in that
  frozen order; nothing is inserted before or between them;
- ``grow-version-<kind>-<size>``, one per registry size of the version table: the sizes whose
  case the game has answered replay the draws it was recorded with (``pinned-draws.json``:
  the start value, the values set and their positions, as the release of that size recorded
  them; they came from shared streams of earlier tables). Every other size draws from
  ``generate.case_rng(id)``, so adding releases never changes another case;
- every case added later draws from ``generate.case_rng(id)`` as well.

Categories (seed 003's probe list):

- ``flat``: the flat world's bottom section (bedrock 88, dirt 10, dirt 10, grass 9 over
  air), one case per block-state registry size of the version table (recorded and inferred
  releases), applying to the releases of that size (``versions``);
- ``grow``: values set one at a time past every size where the palette changes kind, both
  strategies, registries from 1 to 35,723, plus one case per registry size of the table
  (``grow-version-*``, for the releases of that size);
- ``stale``: entries overwritten until nothing refers to them, kept until a resize drops them;
- ``unpack``: loads of every kind of palette from longs with random bits above the values,
  with the longs missing, one short, one too many, an index past the palette's end, and
  duplicate palette entries;
- ``spans``: random sets over spans of values that grow, with what is sent and saved looked
  at between them;
- ``edges``: positions outside the container (the game computes the index unchecked),
  copy and recreate, and an empty loaded palette taking a value.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from cases import generate  # noqa: E402
from harness.formats import versions  # noqa: E402
from harness.formats.palette.strategy import Strategy  # noqa: E402

SEED = 3
BLOCKS, BIOMES = 35723, 67  # the fixed registry sizes of cases not about a version's own
AIR, BEDROCK, DIRT, GRASS = 0, 88, 10, 9
PINNED = json.loads((HERE / "pinned-draws.json").read_text(encoding="utf-8"))  # id: recorded draws


def releases_by_size(kind: str) -> dict[int, list[str]]:
    """``{registry size: [release, ...]}`` over every release of the table, in release order."""
    by_size: dict[int, list[str]] = {}
    for v in versions.VERSIONS.values():
        by_size.setdefault(getattr(v.registries, kind), []).append(v.id)
    return by_size


def _case(name: str, purpose: str, strategy: str, registry: int, value: int, ops: list,
          versions_: list[str] | None = None) -> dict:
    case = {"id": f"palette/g/{name}", "purpose": purpose}
    if versions_:
        case["versions"] = versions_
    case["setup"] = {"strategy": strategy, "registry": registry, "value": value}
    case["ops"] = ops
    return case


def _to_long(word: int) -> int:
    return word - (1 << 64) if word >= (1 << 63) else word


def pack_longs(indices: list[int], bits: int, rng: random.Random | None = None) -> list[int]:
    """``indices`` packed ``64 // bits`` to a long, low bits first; with ``rng``, random bits
    above the last value of each long and in the unused slots of the last one."""
    vpl = 64 // bits
    words = []
    for start in range(0, len(indices), vpl):
        chunk = indices[start:start + vpl]
        word = 0
        for k, v in enumerate(chunk):
            word |= v << (k * bits)
        if rng is not None:
            used = len(chunk) * bits
            word |= (rng.getrandbits(64 - used) << used) if used < 64 else 0
        words.append(_to_long(word))
    return words


def _inspect(strategy: Strategy) -> list:
    return [["bits"], ["get_at", 0], ["get_at", strategy.size - 1], ["counts"], ["write"], ["pack"]]


# --- categories ------------------------------------------------------------------------
def flat(rng: random.Random) -> list[dict]:
    cases = []
    layers = (BEDROCK, DIRT, DIRT, GRASS)
    saved_palette = [BEDROCK, DIRT, GRASS, AIR]
    saved_indices = [saved_palette.index(layers[y]) if y < 4 else 3 for y in range(16) for _ in range(256)]
    saved = pack_longs(saved_indices, 4)
    for registry, ids in releases_by_size("block_states").items():
        ops: list = []
        for x in range(16):
            for z in range(16):
                ops += [["set", x, y, z, layers[y]] for y in range(4)]
        ops += [["bits"], ["get", 4, 1, 9], ["counts"], ["write"], ["pack"],
                ["unpack", saved_palette, saved], ["get", 4, 3, 9], ["bits"], ["write"],
                ["unpack", [1, 2], None], ["bits"], ["get", 4, 3, 9]]
        cases.append(_case(f"flat-bottom-section-{registry}",
                           f"the flat world's bottom section in {', '.join(ids)}", "block_states",
                           registry, AIR, ops, ids))
    return cases


def _grow_case(rng: random.Random | None, name: str, purpose: str, strategy: Strategy, distinct: int,
               versions_: list[str] | None = None) -> dict:
    """``rng`` None: the draws pinned for this id (``PINNED``)."""
    if rng is None:
        pinned = PINNED[f"palette/g/{name}"]
        start, others, positions = pinned["start"], pinned["values"], pinned["positions"]
    else:
        start = rng.randrange(strategy.registry)
        others = [v for v in rng.sample(range(strategy.registry), min(strategy.registry, distinct + 1)) if v != start][:strategy.size]
        positions = rng.sample(range(strategy.size), len(others))
    ops: list = []
    b = strategy.size_bits
    for n, (value, i) in enumerate(zip(others, positions), start=2):
        x, z, y = i & ((1 << b) - 1), (i >> b) & ((1 << b) - 1), i >> (2 * b)
        ops += [["set", x, y, z, value], ["bits"]]
        grows = strategy.configuration(max(n - 1, 0).bit_length()) != strategy.configuration(max(n - 2, 0).bit_length())
        if grows or n % 37 == 0 or n == len(others) + 1:
            ops.append(["write"])
        if grows:
            ops.append(["counts"])
    if not others:  # a registry of one value: set it again and again
        ops += [["set", 0, 0, 0, start], ["set_at", strategy.size - 1, start], ["bits"], ["write"]]
    ops += [["get_at", positions[-1] if positions else 0], ["counts"], ["pack"]]
    return _case(name, purpose, strategy.name, strategy.registry, start, ops, versions_)


def grow(rng: random.Random) -> list[dict]:
    cases = []
    for registry in (1, 2, 3, 4, 5, 15, 16, 17, 18, 31, 32, 33, 64, 65, 100, 128, 129, 256, 257, 258, 300, 511, 512,
                     513, 4096, BLOCKS):
        strategy = Strategy.block_states(registry)
        cases.append(_grow_case(rng, f"grow-block_states-{registry}", "set one new value at a time past every kind",
                                strategy, min(registry, 300)))
    for registry in (1, 2, 3, 4, 5, 8, 9, 16, 17, 64, 65, 66, BIOMES):
        strategy = Strategy.biomes(registry)
        cases.append(_grow_case(rng, f"grow-biomes-{registry}", "set one new value at a time past every kind",
                                strategy, min(registry, 64)))
    # the category stream ends here: every case below draws from its own stream
    for kind, distinct in (("block_states", 270), ("biomes", 64)):  # each release's own registry sizes
        for registry, ids in releases_by_size(kind).items():
            name = f"grow-version-{kind}-{registry}"
            own = None if f"palette/g/{name}" in PINNED else generate.case_rng(f"palette/g/{name}")
            cases.append(_grow_case(own, name, f"growth over {', '.join(ids)}'s {kind}",
                                    Strategy(kind, registry), distinct, ids))
    return cases


def stale(rng: random.Random) -> list[dict]:
    cases = []
    for strategy, capacity in ((Strategy.block_states(BLOCKS), 16), (Strategy.block_states(1000), 32),
                               (Strategy.block_states(1000), 256), (Strategy.block_states(300), 64),
                               (Strategy.biomes(BIOMES), 2), (Strategy.biomes(BIOMES), 4),
                               (Strategy.biomes(BIOMES), 8), (Strategy.biomes(20), 4)):
        base = rng.randrange(strategy.registry)
        values = [v for v in rng.sample(range(strategy.registry), capacity) if v != base][:capacity - 1]
        spots = rng.sample(range(strategy.size), len(values))
        ops: list = [["set_at", i, v] for i, v in zip(spots, values)]
        ops += [["bits"], ["write"]]
        order = spots[:]
        rng.shuffle(order)
        for i in order:  # every entry but the base loses its last reference, one by one
            ops.append(["get_and_set_at", i, base] if rng.random() < 0.3 else ["set_at", i, base])
        ops += [["write"], ["counts"], ["pack"]]
        fresh = [v for v in range(strategy.registry) if v != base and v not in values][:2]
        for i, v in zip(rng.sample(range(strategy.size), len(fresh)), fresh):
            ops += [["set_at", i, v], ["bits"], ["write"], ["counts"]]
        ops.append(["pack"])
        cases.append(_case(f"stale-entries-{strategy.name}-{strategy.registry}-{capacity}",
                           "overwritten entries stay until a resize drops them", strategy.name,
                           strategy.registry, base, ops))
    return cases


def _unpack_cases(rng: random.Random, strategy: Strategy, n: int) -> list[dict]:
    name = f"unpack-{strategy.name}-{n}"
    entries = rng.sample(range(strategy.registry), n)
    bits = strategy.bits_for_serialization(n)
    start = rng.randrange(strategy.registry)
    out = []

    def add(label: str, purpose: str, palette: list[int], data):
        out.append(_case(f"{name}-{label}", purpose, strategy.name, strategy.registry, start,
                         [["unpack", palette, data]] + _inspect(strategy)))

    if bits == 0:
        add("ok", "a palette of one entry or none ignores any longs", entries,
            [rng.getrandbits(63) for _ in range(rng.randint(1, 3))])
        add("missing", "no longs for a palette of one entry or none", entries, None)
        return out
    indices = [rng.randrange(n) for _ in range(strategy.size)]
    longs = pack_longs(indices, bits, rng)
    add("ok", "random bits above the values are kept (linear/hash map) or dropped (global)", entries, longs)
    add("missing", "more than one entry and no longs", entries, None)
    add("short", "one long too few", entries, longs[:-1])
    add("long", "one long too many", entries, longs + [rng.getrandbits(63)])
    if n < (1 << bits):
        bad = indices[:]
        for _ in range(3):
            bad[rng.randrange(strategy.size)] = rng.randrange(n, 1 << bits)
        add("index-past-end", "an index past the palette's end", entries, pack_longs(bad, bits, rng))
    if n >= 2:
        dup = entries[:]
        dup[rng.randrange(1, n)] = dup[0]
        add("duplicate-entry", "an entry twice in the palette", dup, pack_longs(indices, bits, rng))
    return out


def unpack(rng: random.Random) -> list[dict]:
    cases = []
    for n in (0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 100, 128, 129, 256, 257, 600, 1000, 4096):
        cases += _unpack_cases(rng, Strategy.block_states(BLOCKS), n)
    for n in (0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 30, 33, 64):
        cases += _unpack_cases(rng, Strategy.biomes(BIOMES), n)
    return cases


def spans(rng: random.Random) -> list[dict]:
    cases = []
    for strategy in (Strategy.block_states(BLOCKS), Strategy.block_states(500), Strategy.block_states(17),
                     Strategy.biomes(BIOMES), Strategy.biomes(9)):
        for k in range(3):
            start = rng.randrange(min(strategy.registry, 4))
            ops: list = []
            span = 2
            while span <= min(strategy.registry, 400):
                for _ in range(rng.randint(8, 24)):
                    i = rng.randrange(strategy.size)
                    v = rng.randrange(span)
                    ops.append(["get_and_set_at", i, v] if rng.random() < 0.2 else ["set_at", i, v])
                ops += [["bits"], ["write"], ["pack"]]
                if rng.random() < 0.5:
                    ops.append(["counts"])
                span *= 2
            ops.append(["counts"])
            cases.append(_case(f"random-spans-{strategy.name}-{strategy.registry}-{k}",
                               "random sets over growing spans of values", strategy.name, strategy.registry,
                               start, ops))
    return cases


def edges(rng: random.Random) -> list[dict]:
    blocks, biomes = Strategy.block_states(BLOCKS), Strategy.biomes(BIOMES)
    return [
        _case("positions-outside-block_states", "positions are not checked: x 16 is the next z, and so on",
              "block_states", BLOCKS, 1,
              [["set", 16, 0, 0, 5], ["get", 0, 0, 1], ["set", 0, 0, 16, 6], ["get", 0, 1, 0],
               ["get", -1, 0, 0], ["set", 0, 16, 0, 7], ["set", 0, -1, 0, 8], ["get_and_set", 15, 15, 15, 9],
               ["bits"], ["write"], ["counts"]]),
        _case("positions-outside-biomes", "positions are not checked: the palette takes the value first",
              "biomes", BIOMES, 3,
              [["set", 4, 0, 0, 5], ["get", 0, 0, 1], ["set_at", 64, 6], ["get_and_set_at", -1, 7],
               ["get_at", 64], ["bits"], ["write"], ["counts"], ["pack"]]),
        _case("copy-then-grow", "a copy grows on its own", "block_states", BLOCKS, 0,
              [["set_at", i, 100 + i] for i in range(15)]
              + [["copy"], ["bits"], ["set_at", 20, 500], ["bits"], ["write"], ["pack"], ["copy"],
                 ["counts"], ["set_at", 21, 501], ["write"]]),
        _case("copy-biomes", "a copy of a biome container", "biomes", BIOMES, 2,
              [["set_at", 1, 4], ["copy"], ["set_at", 2, 5], ["set_at", 3, 6], ["bits"], ["write"], ["counts"]]),
        _case("recreate", "recreate gives palette entry 0 everywhere", "block_states", BLOCKS, 7,
              [["set_at", 0, 8], ["set_at", 1, 9], ["recreate"], ["bits"], ["write"], ["counts"],
               ["unpack", [], None], ["recreate"], ["bits"],
               ["unpack", [4, 5], pack_longs([1] * blocks.size, 4)], ["recreate"], ["write"]]),
        _case("empty-palette-takes-a-value", "an empty loaded palette adopts the first value set", "biomes",
              BIOMES, 1, [["unpack", [], None], ["set_at", 5, 9], ["bits"], ["get_at", 0], ["counts"],
                          ["write"], ["pack"], ["set_at", 6, 10], ["bits"], ["write"]]),
        _case("index-past-end-then-set", "a bad index stays until a resize reads it", "biomes", BIOMES, 0,
              [["unpack", [1, 2, 3], pack_longs([3] + [0] * (biomes.size - 1), 2)], ["get_at", 1], ["set_at", 1, 4],
               ["write"], ["set_at", 2, 5], ["bits"], ["write"], ["get_at", 0], ["pack"]]),
    ]


CATEGORIES = {  # name: (seed, make)
    "flat": (SEED * 1000 + 0, flat),
    "grow": (SEED * 1000 + 1, grow),
    "stale": (SEED * 1000 + 2, stale),
    "unpack": (SEED * 1000 + 3, unpack),
    "spans": (SEED * 1000 + 4, spans),
    "edges": (SEED * 1000 + 5, edges),
}


def main(argv: list[str] | None = None) -> int:
    """``python3 cases/palette/gen.py [--out DIR]``: writes ``<category>.yaml`` for every category."""
    return generate.main("palette", CATEGORIES, argv)


if __name__ == "__main__":
    sys.exit(main())
