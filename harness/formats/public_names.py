"""What ``dir()`` lists of a public module of :mod:`harness.formats`: its ``__all__``.

A package's namespace also holds what its own imports left there (``annotations``,
``typing.Union``, private aliases), which completion and ``dir()`` would offer as API. Each
public package sets ``__dir__ = listing(__all__)`` (PEP 562); its submodules and every name
stay importable as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def listing(names: Iterable[str]) -> Callable[[], list[str]]:
    """A module ``__dir__`` giving ``names`` sorted (a copy: changing ``__all__`` later is not seen)."""
    public = sorted(names)
    return lambda: list(public)
