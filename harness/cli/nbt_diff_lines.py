"""``harness nbt diff``'s lines with long arrays cut to what matters.

The pretty SNBT prints an array on one line (``    data: [I; 0, 1, 2, ...]``), so one changed
value in a long array makes a ``-`` and a ``+`` line of the whole array. :func:`shown` gives the
diff's lines with each array of more than :data:`LONG` elements cut: in a changed pair (the
k-th ``-`` line of a run and the k-th ``+`` line after it, arrays of one kind and length), the
first element that differs and :data:`NEIGHBOURS` on each side, ``…`` for the rest, and which
element it is; in any other line, its first :data:`LONG` elements and its length. The text is
searched, never split into its elements (a line may hold millions).

>>> a = "-    data: [I; " + ", ".join(map(str, range(100))) + "]"
>>> b = a.replace(", 50, ", ", 7, ").replace("-", "+", 1)
>>> for line in shown([a, b]): print(line)
-    data: [I; …, 47, 48, 49, 50, 51, 52, 53, …]  (element 50 of 100 is the first that differs)
+    data: [I; …, 47, 48, 49, 7, 51, 52, 53, …]  (element 50 of 100 is the first that differs)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

LONG = 16  # arrays of more elements than this are cut
NEIGHBOURS = 3  # elements shown on each side of the first that differs
SEPARATOR = ", "

_HEAD = re.compile(r"[-+ ].*?\[([BIL]); ")
_NUMBERS = re.compile(r"[-0-9BL, ]*")
_PIECE = 4096  # characters compared at a time while looking for the first difference


class _Array(NamedTuple):
    head: str  # the diff mark, indentation, key and "[I; "
    kind: str
    body: str  # the elements' text
    tail: str  # "]" or "],"

    def count(self) -> int:
        return self.body.count(SEPARATOR) + 1


def _array(line: str) -> _Array | None:
    """The array a diff line holds whole (its elements numbers), or ``None``."""
    head = _HEAD.match(line)
    tail = "]," if line.endswith("],") else "]" if line.endswith("]") else None
    if head is None or tail is None:
        return None
    body = line[head.end():len(line) - len(tail)]
    if not body or _NUMBERS.fullmatch(body) is None:
        return None
    return _Array(head[0], head[1], body, tail)


def shown(lines: Iterable[str]) -> Iterator[str]:
    """The unified diff's ``lines`` (no line ends) with long arrays cut (module text)."""
    removed: list[str] = []
    added: list[str] = []
    for line in lines:
        if line.startswith("-") and not line.startswith("---") and not added:
            removed.append(line)
            continue
        if line.startswith("+") and not line.startswith("+++") and removed:
            added.append(line)
            continue
        yield from _pairs(removed, added)
        removed, added = [], []
        if line.startswith("-") and not line.startswith("---"):
            removed.append(line)
        else:
            yield _cut(line)
    yield from _pairs(removed, added)


def _pairs(removed: list[str], added: list[str]) -> Iterator[str]:
    """A run of ``-`` lines and the ``+`` lines after it, the k-th of each cut around their
    first difference where both are long arrays of one kind and length."""
    cuts = [_cut_pair(old, new) or (_cut(old), _cut(new)) for old, new in zip(removed, added)]
    yield from (old for old, _ in cuts)
    yield from (_cut(line) for line in removed[len(cuts):])
    yield from (new for _, new in cuts)
    yield from (_cut(line) for line in added[len(cuts):])


def _first_difference(a: str, b: str) -> int:
    """The first index where ``a`` and ``b`` differ (they do), compared a piece at a time."""
    at = next(i for i in range(0, max(len(a), len(b)), _PIECE) if a[i:i + _PIECE] != b[i:i + _PIECE])
    return next((i for i in range(at, min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))


def _cut_pair(old: str, new: str) -> tuple[str, str] | None:
    a, b = _array(old), _array(new)
    if a is None or b is None or (a.kind, a.head[1:], a.tail) != (b.kind, b.head[1:], b.tail):
        return None
    count = a.count()
    if count <= LONG or b.count() != count or a.body == b.body:
        return None
    start = a.body.rfind(SEPARATOR, 0, _first_difference(a.body, b.body) + 1)
    start = 0 if start < 0 else start + len(SEPARATOR)  # where the element that differs first starts
    index = a.body.count(SEPARATOR, 0, start)
    note = f"  (element {index} of {count} is the first that differs)"

    def window(array: _Array) -> str:
        begin = start
        for _ in range(NEIGHBOURS):
            if begin == 0:
                break
            found = array.body.rfind(SEPARATOR, 0, begin - len(SEPARATOR))
            begin = 0 if found < 0 else found + len(SEPARATOR)
        end = start
        for _ in range(NEIGHBOURS + 1):
            found = array.body.find(SEPARATOR, end)
            end = len(array.body) if found < 0 else found + len(SEPARATOR)
            if found < 0:
                break
        text = array.body[begin:end].removesuffix(SEPARATOR)
        return (f"{array.head}{'…, ' if begin else ''}{text}{', …' if end < len(array.body) else ''}"
                f"{array.tail}{note}")

    return window(a), window(b)


def _cut(line: str) -> str:
    """``line`` with a long array cut to its first :data:`LONG` elements and its length."""
    array = _array(line)
    if array is None:
        return line
    end = -1
    for _ in range(LONG):
        end = array.body.find(SEPARATOR, end + 1)
        if end < 0:
            return line
    return f"{array.head}{array.body[:end]}, …{array.tail}  ({array.count()} elements)"
