"""The game's pretty SNBT: ``SnbtPrinterTagVisitor`` (the text of structure ``.snbt`` files).

Matches ``net.minecraft.nbt.SnbtPrinterTagVisitor`` of 1.20.1, 1.21.1 and 26.1.2 (26.3
shares 26.1.2's class); the class is the same in all of them. Shape:

- compounds ``{`` newline, one ``key: value`` per line indented 4 spaces per depth,
  ``,`` + newline between entries, newline and the parent's indentation before ``}``;
  lists the same with ``[``/``]``; empty ones ``{}`` / ``[]``; arrays on one line as
  ``[B; 1B, -1B]``, ``[I; 1, 2]``, ``[L; 1L]``, ``[B;]``; the End tag prints nothing.
- Keys are printed bare when they match ``[A-Za-z0-9._+-]+`` in **every** version (the
  26.x ``true``/``1a`` rule of ``toString()`` is not used here); values and quoted keys
  go through ``StringTag.quoteAndEscape`` of the version (control characters escaped in
  26.x, see :mod:`harness.formats.nbt.string_tag_visitor`). Numbers print as in
  ``toString()``.
- Key order is Java ``String`` order, except at fixed paths of a structure file where
  the listed keys come first in the listed order (:data:`KEY_ORDER`). A path names where a
  value sits: ``{}`` for a compound, the key, ``[]`` for a list element, joined by ``.``
  (root compound ``{}``, its ``size`` list ``{}.size.[]``).
- Containers at the paths in :data:`NO_INDENTATION` print on one line, and so does all
  inside them: ``{pos: [1, 2, 3], state: 0}``, entries separated by ``, ``.

>>> from harness.formats.nbt.tags import CompoundTag, IntTag, ListTag
>>> print(pretty(CompoundTag(size=ListTag([IntTag(1), IntTag(2)]), DataVersion=IntTag(3)), "26.3"))
{
    DataVersion: 3,
    size: [1, 2]
}
"""

from __future__ import annotations

from collections.abc import Iterator

from harness.formats import budget, versions
from harness.formats.nbt import tags as T
from harness.formats.nbt.string_tag_visitor import (
    SIMPLE_VALUE, _array_parts, java_sorted_keys, joined, quote_and_escape, release_jdk, scalar_text)

__all__ = ["pretty", "pretty_parts", "KEY_ORDER", "NO_INDENTATION", "INDENTATION"]

INDENTATION = "    "

KEY_ORDER: dict[str, tuple[str, ...]] = {
    "{}": ("DataVersion", "author", "size", "data", "entities", "palette", "palettes"),
    "{}.data.[].{}": ("pos", "state", "nbt"),
    "{}.entities.[].{}": ("blockPos", "pos"),
}

NO_INDENTATION = frozenset({"{}.size.[]", "{}.data.[].{}", "{}.palette.[].{}", "{}.entities.[].{}"})


def pretty(tag: T.Tag, version, jdk: int | None = None) -> str:
    """``new SnbtPrinterTagVisitor().visit(tag)`` as the game ``version`` prints it.

    ``version``: a :class:`GameVersion` or a version string; ``jdk``: the JDK whose
    ``Float/Double.toString`` is wanted (default ``release_jdk``: the Java the release
    needs, 17 up to 1.20.4, 21 from 1.20.5, 25 for 26.x). Iterative, so
    any nesting depth prints, within ``budget.MAX_PRINTED_SNBT_CHARS`` characters
    (:class:`~harness.formats.budget.BudgetExceeded` past them). ``TypeError`` for a value that is not a tag.
    """
    return "".join(budget.printed_within(joined(_pieces(tag, version, jdk)), "SnbtPrinterTagVisitor"))


def pretty_parts(tag: T.Tag, version, jdk: int | None = None) -> Iterator[str]:
    """The pieces of :func:`pretty`'s text, in order, as they are printed (written piece by
    piece, a big document never needs the whole text as one string; an array's text comes
    in pieces of at most ``string_tag_visitor.PIECE_CHARS`` characters). Past
    ``budget.MAX_PRINTED_SNBT_CHARS`` characters in all (each level indents 4 more spaces: a
    list nested 100,000 deep would print 40 GB), :class:`~harness.formats.budget.BudgetExceeded`."""
    return budget.printed_within(_pieces(tag, version, jdk), "SnbtPrinterTagVisitor")


def _pieces(tag: T.Tag, version, jdk: int | None) -> Iterator[str]:
    release = versions.resolve(version)  # once: the rules and the JDK are both the release's
    rules, jdk = release.snbt, release_jdk(release, jdk)
    # (tag, depth, indentation, path) to print, (text,) to copy as it is, or (indentation, depth)
    # of a closing line
    stack: list[tuple] = [(tag, 0, INDENTATION, "")]
    while stack:
        item = stack.pop()
        if len(item) == 1:
            yield item[0]
            continue
        if len(item) == 2:  # a closing line's indentation, made when it is printed
            yield "\n" + item[0] * item[1]
            continue
        node, depth, indentation, path = item
        if isinstance(node, (T.CompoundTag, T.ListTag)) and len(node):
            stack.extend(reversed(_container(node, depth, indentation, path, rules)))
        elif isinstance(node, T.CompoundTag):
            yield "{}"
        elif isinstance(node, T.ListTag):
            yield "[]"
        elif isinstance(node, T._ArrayTag):
            yield from _array_parts(node, ",", " ")
        elif isinstance(node, T.EndTag):
            pass
        else:
            yield scalar_text(node, rules, jdk)


def _container(node, depth: int, indentation: str, path: str, rules) -> list[tuple]:
    """The pieces of a non-empty compound or list, in print order (``visitCompound``/``visitList``)."""
    compound = isinstance(node, T.CompoundTag)
    path = _push(path, "{}" if compound else "[]")
    inner = "" if path in NO_INDENTATION else indentation
    opening, closing = ("{", "}") if compound else ("[", "]")
    pieces: list[tuple] = [(opening + ("\n" if inner else ""),)]
    prefix = inner * (depth + 1)
    separator = ("," + ("\n" if inner else " "),)
    if compound:
        keys = _keys(node, path)
        for i, key in enumerate(keys):
            key_text = key if SIMPLE_VALUE.fullmatch(key) else quote_and_escape(key, rules)
            pieces.append((prefix + key_text + ": ",))
            pieces.append((node[key], depth + 1, inner, _push(path, key)))
            if i != len(keys) - 1:
                pieces.append(separator)
    else:
        for i, element in enumerate(node):
            pieces.append((prefix,))
            pieces.append((element, depth + 1, inner, path))
            if i != len(node) - 1:
                pieces.append(separator)
    if inner:
        pieces.append((inner, depth))  # made when printed: the closings pending at depth d would be 2d² characters
    pieces.append((closing,))
    return pieces


def _push(path: str, segment: str) -> str:
    """``pathString()`` after ``pushPath(segment)`` (``String.join(".", path)``)."""
    return f"{path}.{segment}" if path else segment


def _keys(compound: T.CompoundTag, path: str) -> list[str]:
    """``getKeys``: the fixed keys of ``path`` first (those present), then the rest sorted."""
    order = KEY_ORDER.get(path)
    if order is None:
        return java_sorted_keys(compound)
    first = [key for key in order if key in compound]
    rest = [key for key in java_sorted_keys(compound) if key not in order]
    return first + rest
