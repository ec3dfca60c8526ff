"""Hypothesis strategies for fuzzing, one entry per area, drawn from the operation vocabulary.

:data:`STRATEGIES` maps an area to an :class:`AreaStrategy`: how to draw its setup for a
release, and for **every** operation of the area's vocabulary
(:data:`harness.engine.vocabulary.VOCABULARY`) how to draw its arguments given that setup.
An area is one entry here and one module beside this one; a vocabulary operation without an
argument strategy is refused when the table is built, so the fuzzer can never silently skip
one.

Edge values are weighted in each area's module (widths 0/1/31/32/33, registry sizes at the
palette's limits, NaN payloads, lone surrogates, nesting depths 511/512/513, lying lengths).
A drawn case is ``{"setup": {...}, "ops": [[name, arg, ...], ...]}``, always inside the
vocabulary (:func:`harness.engine.vocabulary.case_problem` is None), with the area's opening
operation first where it has one.

>>> from hypothesis import given, settings, seed, HealthCheck, Phase
>>> drawn = []
>>> @settings(max_examples=5, database=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
... @seed(1)
... @given(case_strategy("storage", "26.3"))
... def collect(case): drawn.append(case)
>>> collect()
>>> all(c["ops"][0][0] in ("new", "from_longs") for c in drawn)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

from harness.engine import vocabulary
from harness.formats import versions


@dataclass(frozen=True)
class AreaStrategy:
    """One area's drawing rules.

    ``setup(version)``: a strategy of the setup mapping for a :class:`~harness.formats.versions.GameVersion`;
    ``args[op](setup, version)``: a strategy of that operation's argument list;
    ``weights[op]``: how often an operation is drawn relative to the others (default 1);
    ``max_ops``: the most operations after the opening one; ``opens_alone(setup, opening)``:
    True when the opening operation is one the game refuses (a width or size out of range),
    so nothing can follow it (every later operation would have no object to work on)."""

    setup: Callable
    args: dict[str, Callable]
    weights: dict[str, int] = field(default_factory=dict)
    max_ops: int = 8
    opens_alone: Callable = lambda setup, opening: False


def no_args(setup, version):
    """The argument strategy of an operation that takes none."""
    return st.just([])


def _table() -> dict[str, AreaStrategy]:
    from harness.engine.fuzz.strategies import nbt, palette, region, snbt, storage

    table = {"storage": storage.AREA, "palette": palette.AREA, "nbt": nbt.AREA, "snbt": snbt.AREA,
             "region": region.AREA}
    for area, spec in table.items():
        missing = set(vocabulary.VOCABULARY[area].ops) - set(spec.args)
        if missing:
            raise RuntimeError(f"the {area} fuzz strategy has no arguments for {', '.join(sorted(missing))}")
    return table



def case_strategy(area: str, version: str) -> st.SearchStrategy:
    """Cases of ``area`` for ``version`` (a version of the table): ``{"setup", "ops"}``.

    ``KeyError`` for an area without a strategy; ``versions.UnknownVersionError`` for an
    unknown version."""
    spec = STRATEGIES[area]
    release = versions.get(version)
    vocab = vocabulary.VOCABULARY[area]
    names = [name for name in vocab.ops for _ in range(spec.weights.get(name, 1))]
    later = [n for n in names if n not in vocab.opens] or names

    @st.composite
    def draw_case(draw):
        setup = draw(spec.setup(release))
        ops = []
        if vocab.opens:
            name = draw(st.sampled_from(vocab.opens))
            ops.append([name, *draw(spec.args[name](setup, release))])
            if spec.opens_alone(setup, ops[0]):
                return {"setup": setup, "ops": ops}
        count = draw(st.integers(0 if vocab.opens else 1, spec.max_ops))
        for _ in range(count):
            name = draw(st.sampled_from(later if not vocab.opens else names))
            needed = vocab.needs.get(name)
            if needed and not any(op[0] in needed for op in ops):  # an operation that needs an earlier one
                first = draw(st.sampled_from(needed))
                ops.append([first, *draw(spec.args[first](setup, release))])
            ops.append([name, *draw(spec.args[name](setup, release))])
        return {"setup": setup, "ops": ops}

    return draw_case()


def _same(value):
    return value


def weighted(*choices: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of the strategies, each drawn in proportion to its weight: ``weighted((3, a), (1, b))``
    draws ``a`` three times as often as ``b``. (``st.one_of(a, a, a, b)`` would not: Hypothesis
    draws each *distinct* strategy alike, so each repeat here is a distinct copy.)"""
    return st.one_of(*[strategy.map(_same) for weight, strategy in choices for _ in range(weight)])


def edges(*values, around: st.SearchStrategy | None = None, weight: int = 1) -> st.SearchStrategy:
    """``values`` (edge values, deduplicated, in order) drawn ``weight`` times as often as
    ``around`` (the ordinary values), when given."""
    fixed = st.sampled_from(list(dict.fromkeys(values)))
    if around is None:
        return fixed
    return weighted((weight, fixed), (1, around))


def long_array(length: int, item: st.SearchStrategy) -> st.SearchStrategy:
    """Lists of exactly ``length`` items: up to 8 drawn, repeated to the length (drawing
    thousands of longs one by one costs Hypothesis more than it finds)."""
    if length <= 8:
        return st.lists(item, min_size=length, max_size=length)
    return st.lists(item, min_size=1, max_size=8).map(lambda xs: (xs * (length // len(xs) + 1))[:length])


JAVA_INT = st.integers(vocabulary.INT_MIN, vocabulary.INT_MAX)
JAVA_LONG = st.integers(-(1 << 63), (1 << 63) - 1)
INT_EDGES = (0, 1, -1, vocabulary.INT_MAX, vocabulary.INT_MIN)
LONG_EDGES = (0, 1, -1, (1 << 63) - 1, -(1 << 63), 0x5555555555555555, -0x5555555555555556)

STRATEGIES: dict[str, AreaStrategy] = _table()  # last: the area modules import the helpers above
