"""Choosing versions: ``--version`` as an exact release, a glob or a range.

- an exact id: ``1.20.4``;
- a glob over the releases known (fnmatch): ``1.20.*`` is the 1.20 line, ``1.20`` itself
  included (a trailing ``.*`` also matches the bare series name); ``26.*``;
- a range ``A..B``, inclusive, in release order (``1.20.2..1.21.4``); either end may be left
  out (``..1.19``, ``26.1..``). Each end given must be a known release.

Releases come out in release order, each once, whatever the order of the specs.

>>> known = ["1.20", "1.20.1", "1.20.2", "1.21", "1.21.1", "26.3"]
>>> expand(["1.20.*"], known)
['1.20', '1.20.1', '1.20.2']
>>> expand(["1.20.2..1.21.1", "26.3"], known)
['1.20.2', '1.21', '1.21.1', '26.3']
>>> expand(["..1.20.1"], known)
['1.20', '1.20.1']
"""

from __future__ import annotations

import fnmatch

from harness.engine.reference import version_key


class VersionSpecError(ValueError):
    """A ``--version`` that names no known release."""


RANGE = ".."


def expand(specs: list[str], known: list[str]) -> list[str]:
    """The releases of ``known`` that ``specs`` name, in release order (see the module doc).
    :class:`VersionSpecError` for a spec matching none, or a range end that is unknown."""
    ordered = sorted(set(known), key=version_key)
    chosen: set[str] = set()
    for spec in specs:
        got = _one(spec, ordered)
        if not got:
            raise VersionSpecError(f"--version {spec!r} names no release; known: {', '.join(ordered)}")
        chosen.update(got)
    return [v for v in ordered if v in chosen]


def _one(spec: str, ordered: list[str]) -> list[str]:
    if RANGE in spec:
        low, _, high = spec.partition(RANGE)
        for end in (low, high):
            if end and end not in ordered:
                raise VersionSpecError(f"--version {spec!r}: {end!r} is not a known release; known: {', '.join(ordered)}")
        lo = ordered.index(low) if low else 0
        hi = ordered.index(high) if high else len(ordered) - 1
        if lo > hi:
            raise VersionSpecError(f"--version {spec!r}: {low} comes after {high}")
        return ordered[lo:hi + 1]
    if any(c in spec for c in "*?["):
        series = spec[:-2] if spec.endswith(".*") else None
        return [v for v in ordered if fnmatch.fnmatchcase(v, spec) or v == series]
    return [spec] if spec in ordered else []
