"""The game's ``Language``: a release's English text for the translation keys our parsers raise.

A server renders every translatable message (an SNBT parse error is one) through the
``Language`` loaded from its jar's ``assets/minecraft/lang/en_us.json``. This package holds,
per release, the part of that file our formats can need: ``<release>.json`` with every key
beginning ``snbt.``, ``argument.nbt.``, ``argument.literal.`` or ``parsing.`` (taken from
``../shared/lang/<release>.json``, see its README for where each file comes from). A
:class:`~harness.formats.versions.GameVersion` says which file applies
(``version.lang_release``; a release without a file of its own borrows a neighbour's).

- :func:`language` (release) → :class:`Language`, loaded once per release.
- :meth:`Language.render` (key, args): the key's text with its arguments filled in the way
  ``TranslatableContents`` does it: ``%s`` takes the next argument, ``%1$s`` the numbered one,
  ``%%`` is a ``%``; arguments are shown with ``String.valueOf``. A key the file lacks is
  shown as the key itself (1.21.7/1.21.8 ask for ``snbt.parser.underscore_not_allowed``, their
  file spells it ``undescore``; from 1.21.9 the game asks for that spelling). A template the game cannot format (an unknown conversion, an
  argument index past the end) is shown as its bare text, as the game falls back to it.

>>> language("26.3").render("argument.nbt.array.mixed", ("TAG_Int", "TAG_Long_Array"))
"Can't insert TAG_Int into TAG_Long_Array"
>>> language("1.21.8").render("snbt.parser.underscore_not_allowed")  # not in its file
'snbt.parser.underscore_not_allowed'
>>> language("1.21.8").render("snbt.parser.undescore_not_allowed")
'Underscore characters are not allowed at the start or end of a number'
>>> format_template("%2$s before %1$s, 100%%", ("a", "b"))
'b before a, 100%'
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

__all__ = ["Language", "language", "format_template", "java_string"]

# TranslatableContents.FORMAT_PATTERN: "%" then an optional "<n>$" then one letter or "%"
_FORMAT = re.compile(r"%(?:(\d+)\$)?([A-Za-z%]|$)")


class _Unformattable(Exception):
    """``TranslatableFormatException``: the template does not fit its arguments."""


def java_string(value) -> str:
    """``String.valueOf`` of an argument as our code holds it (``True`` → ``true``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decompose(template: str, args) -> str:
    out = []
    end = 0
    implicit = 0
    for m in _FORMAT.finditer(template):
        out.append(template[end:m.start()])
        end = m.end()
        index, conversion = m.groups()
        if conversion == "%" and m.group() == "%%":
            out.append("%")
            continue
        if conversion != "s":
            raise _Unformattable(m.group())
        if index is None:
            position = implicit
            implicit += 1
        else:
            position = int(index) - 1
        if not 0 <= position < len(args):
            raise _Unformattable(m.group())
        out.append(java_string(args[position]))
    out.append(template[end:])
    return "".join(out)


def format_template(template: str, args) -> str:
    """``template`` with ``args`` filled in as the game's ``TranslatableContents`` fills them
    (``%s``, ``%n$s``, ``%%``); the bare template if it does not fit them."""
    try:
        return _decompose(template, tuple(args))
    except _Unformattable:
        return template


class Language:
    """One release's English text: ``{key: template}`` (only the keys this package keeps)."""

    __slots__ = ("release", "text")

    def __init__(self, release: str, text: dict[str, str]):
        self.release = release
        self.text = text

    def get_or_default(self, key: str) -> str:
        """``Language.getOrDefault(key)``: the key's template, or the key itself if absent."""
        return self.text.get(key, key)

    def render(self, key: str, args=()) -> str:
        """The English message of ``key`` with ``args``, as the game shows it."""
        return format_template(self.get_or_default(key), args)

    def __repr__(self) -> str:
        return f"Language({self.release!r}, {len(self.text)} keys)"


def releases() -> list[str]:
    """The releases that have a file here."""
    return sorted(p.name[:-5] for p in resources.files(__name__).iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=None)
def language(release: str) -> Language:
    """The :class:`Language` of ``release`` (``version.lang_release``), read on first use.

    ``FileNotFoundError`` if no file is kept for it.
    """
    path = resources.files(__name__) / f"{release}.json"
    try:
        data = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"no English text kept for release {release!r} "
                                f"(harness/formats/lang/ has {', '.join(releases())})") from None
    return Language(release, json.loads(data))
