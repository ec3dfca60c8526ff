"""Generates the storage cases: SimpleBitStorage and ZeroBitStorage at every width.

Run ``python3 cases/storage/gen.py [--out DIR]``; it writes one YAML case file per category next to
itself (``harness.engine.casefile.dump_cases``). Same generator, same bytes: every choice
comes from ``random.Random(SEED * 1000 + category offset)``, serving the cases each category
lists, in their frozen order; a case added later draws from ``generate.case_rng(id)``
(``cases/generate.py``: an id means the same operations forever).

Categories (the seed 003 probe list, and the storage operations of FORMAT.md):

- ``widths``: every width 0 to 32 over a few sizes: sets, gets and get_and_sets at random
  indices, then all values and the raw longs;
- ``from-longs``: every width 1 to 32 over random longs (padding bits set), and the long
  array one too short, one too long and empty;
- ``fill``: 26.3's ``fill`` at every width, spread over the padding bits (the releases whose
  ``storage.has_fill`` is true);
- ``errors``: indices and values just outside the ranges, widths 33 and -1, size 0, and
  32-bit values above 2**31 - 1 read back negative.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from cases import generate  # noqa: E402

SEED = 3
FILL_RELEASES = generate.releases_where(lambda v: v.storage.has_fill)  # BitStorage.fill exists
SIZES = (1, 37, 64, 256, 1000, 4096)
LONG_MIN, LONG_MAX = -(1 << 63), (1 << 63) - 1


def _vpl(bits: int) -> int:
    return 64 // bits


def _required(bits: int, size: int) -> int:
    return (size + _vpl(bits) - 1) // _vpl(bits)


def _case(name: str, purpose: str, bits: int, size: int, ops: list, versions: list[str] | None = None) -> dict:
    case = {"id": f"storage/g/{name}", "purpose": purpose}
    if versions:
        case["versions"] = versions
    case["setup"] = {"bits": bits, "size": size}
    case["ops"] = ops
    return case


def _max_value(bits: int) -> int:
    return min((1 << bits) - 1, (1 << 31) - 1)  # values are Java ints


def _java_int(value: int) -> int:
    """``value`` as Java's ``(int)`` cast leaves it: the values the game's methods take are
    ints, so one past a 31-bit mask is -2^31 and one past a 32-bit mask is 0."""
    return (value + (1 << 31)) % (1 << 32) - (1 << 31)


def widths(rng: random.Random) -> list[dict]:
    cases = []
    for bits in range(0, 33):
        for size in rng.sample(SIZES, 2):
            ops: list = [["new"]]
            for _ in range(10):
                i = rng.randrange(size)
                v = rng.randint(0, _max_value(bits))
                ops += [["set", i, v], ["get", i]]
            for _ in range(4):
                ops.append(["get_and_set", rng.randrange(size), rng.randint(0, _max_value(bits))])
            ops += [["get", size - 1], ["values"], ["longs"]]
            cases.append(_case(f"width-{bits}-size-{size}", f"every width: {bits} bits, {size} values", bits, size, ops))
    return cases


def from_longs(rng: random.Random) -> list[dict]:
    cases = []
    for bits in range(1, 33):
        size = rng.choice(SIZES)
        n = _required(bits, size)
        longs = [rng.randint(LONG_MIN, LONG_MAX) for _ in range(n)]
        i = rng.randrange(size)
        ops = [["from_longs", longs], ["values"], ["get", i], ["set", i, rng.randint(0, _max_value(bits))],
               ["get", i], ["longs"]]
        cases.append(_case(f"from-longs-{bits}-size-{size}", "longs kept as given, padding bits and all",
                           bits, size, ops))
        for label, count in (("short", n - 1), ("long", n + 1), ("empty", 0)):
            if label == "empty" and n == 1:
                continue  # the same as short
            bad = [rng.randint(LONG_MIN, LONG_MAX) for _ in range(count)]
            cases.append(_case(f"from-longs-{label}-{bits}-size-{size}", f"a long array {label}: refused",
                               bits, size, [["new"], ["from_longs", bad], ["longs"]]))
    return cases


def fill(rng: random.Random) -> list[dict]:
    cases = []
    for bits in range(0, 33):
        size = rng.choice(SIZES)
        v = rng.randint(0, _max_value(bits))
        ops = [["new"], ["fill", v], ["longs"], ["values"], ["set", 0, 0], ["longs"],
               ["fill", _max_value(bits)], ["longs"], ["fill", _java_int(1 << bits)], ["fill", -1], ["longs"]]
        cases.append(_case(f"fill-{bits}-size-{size}", "26.3 fill spreads the value over the padding bits",
                           bits, size, ops, versions=FILL_RELEASES))
    return cases


def errors(rng: random.Random) -> list[dict]:
    cases = [
        _case("errors-bits-33", "widths above 32 are refused", 33, 64, [["new"], ["from_longs", [0] * 64]]),
        _case("errors-bits-negative", "negative widths are refused", -1, 64, [["new"], ["from_longs", []]]),
        _case("errors-from-longs-width-0", "a long array needs a SimpleBitStorage width", 0, 64,
              [["from_longs", []], ["new"], ["longs"]]),
        _case("errors-size-0", "an empty storage refuses every index", 5, 0,
              [["new"], ["get", 0], ["set", 0, 0], ["values"], ["longs"], ["from_longs", []], ["longs"]]),
        _case("errors-size-0-width-0", "an empty zero-bit storage refuses every index", 0, 0,
              [["new"], ["get", 0], ["get_and_set", 0, 0], ["values"]]),
        _case("errors-32-bit-negative", "32-bit values above 2^31-1 read back as negative ints", 32, 5,
              [["from_longs", [-1, -4294967296, -9223372034707292160]], ["values"], ["get", 0], ["get", 3],
               ["get_and_set", 4, 7], ["longs"]]),
    ]
    for bits in (0, 1, 5, 16, 31, 32):
        size = rng.choice(SIZES)
        over = _java_int(1 << bits)  # one past the mask, as a Java int
        ops = [["new"], ["get", size], ["get", -1], ["set", size, 0], ["set", -1, 0], ["set", 0, over],
               ["set", 0, -1], ["get_and_set", size, over], ["get_and_set", 0, over], ["set", size, over]]
        ops.append(["longs"])
        cases.append(_case(f"errors-ranges-{bits}-size-{size}", "indices checked before values, storage unchanged",
                           bits, size, ops))
    return cases


CATEGORIES = {  # name: (seed, make)
    "widths": (SEED * 1000 + 0, widths),
    "from-longs": (SEED * 1000 + 1, from_longs),
    "fill": (SEED * 1000 + 2, fill),
    "errors": (SEED * 1000 + 3, errors),
}


def main(argv: list[str] | None = None) -> int:
    """``python3 cases/storage/gen.py [--out DIR]``: writes ``<category>.yaml`` for every category."""
    return generate.main("storage", CATEGORIES, argv)


if __name__ == "__main__":
    sys.exit(main())
