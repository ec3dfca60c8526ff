"""Names: Mojang's names of the game's classes and members, resolved to the names in a jar.

26.x jars carry Mojang's names directly (:meth:`Names.identity`). 1.20.1 and 1.21.1 jars
are obfuscated: Mojang publishes the mapping as ProGuard text (``server.txt``, GAME_FACTS.md
section 4.3), read by :meth:`Names.from_file`::

    # comment lines
    net.minecraft.util.SimpleBitStorage -> ami:
        long[] data -> d
        12:15:void set(int,int) -> b
        int get(int) -> a
    net.minecraft.util.SimpleBitStorage$InitializationException -> ami$a:

Direction is Mojang name -> obfuscated name. Obfuscated method names overload (``a(int)`` and
``a(java.lang.Object)`` in one class), so a method is looked up by its Mojang name *and*
its parameter types (Mojang names of erased Java types, ``[]`` for arrays).

>>> names = Names.parse('''net.minecraft.util.SimpleBitStorage -> ami:
...     int get(int) -> a
...     1:2:void set(int,int):10:11 -> a
...     long[] data -> d
... net.minecraft.core.IdMap -> io:
...     int getId(java.lang.Object) -> a
... ''')
>>> names.cls("net.minecraft.util.SimpleBitStorage"), names.method("net.minecraft.util.SimpleBitStorage", "set", ("int", "int"))
('ami', 'a')
>>> names.field("net.minecraft.util.SimpleBitStorage", "data"), names.named_class("io"), names.cls("java.lang.Object")
('d', 'net.minecraft.core.IdMap', 'java.lang.Object')
>>> names.type_name("net.minecraft.core.IdMap[]")
'io[]'
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from rig.paths import file_problem

_CLASS = re.compile(r"^(\S+) -> (\S+):$")
_METHOD = re.compile(r"^\s+(?:\d+:\d+:)?(\S+) ([^\s(]+)\(([^)]*)\)(?::\d+(?::\d+)?)? -> (\S+)$")
_FIELD = re.compile(r"^\s+(\S+) (\S+) -> (\S+)$")


MAPPINGS_FILE = "a mappings file (server.txt)"


class MappingsError(Exception):
    """A mappings file that cannot be read, or a name it does not have."""


@dataclass
class ClassNames:
    """One class of the mappings: its obfuscated name and its members'."""

    obf: str
    fields: dict[str, str] = field(default_factory=dict)
    methods: dict[tuple[str, tuple[str, ...]], str] = field(default_factory=dict)


class Names:
    """Mojang name -> name in the jar, for classes, methods (by name + parameter types) and fields.

    Without mappings (:meth:`identity`) every name is itself. Names absent from the mappings
    (the JDK, libraries such as Netty, DataFixerUpper, Brigadier) are themselves too.
    """

    def __init__(self, classes: dict[str, ClassNames] | None = None, source: str | None = None):
        self.classes = classes or {}
        self.source = source
        self._named = {c.obf: name for name, c in self.classes.items()}

    @classmethod
    def identity(cls) -> "Names":
        """Names for an unobfuscated jar (26.x): every name is itself."""
        return cls()

    @property
    def obfuscated(self) -> bool:
        return bool(self.classes)

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> "Names":
        """Read a ProGuard mappings file (``server.txt``); :class:`MappingsError` if malformed."""
        path = Path(path).expanduser()
        problem = file_problem(path, MAPPINGS_FILE)
        if problem:
            raise MappingsError(problem)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise MappingsError(f"{path}: not UTF-8 text, so not Mojang's mappings ({e.reason} at byte {e.start})") from None
        except OSError as e:
            raise MappingsError(f"{path}: cannot read mappings ({e.strerror or e})") from None
        names = cls.parse(text, str(path))
        if not names.classes:
            raise MappingsError(f"{path}: no class lines ('a.b.C -> x:'), so not Mojang's mappings")
        return names

    @classmethod
    def parse(cls, text: str, source: str = "<mappings>") -> "Names":
        """Parse ProGuard mappings text."""
        classes: dict[str, ClassNames] = {}
        current: ClassNames | None = None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                m = _CLASS.match(line)
                if not m:
                    raise MappingsError(f"{source}:{number}: not a class line: {line!r}")
                current = classes.setdefault(m.group(1), ClassNames(m.group(2)))
                continue
            if current is None:
                raise MappingsError(f"{source}:{number}: member line before any class line")
            m = _METHOD.match(line)
            if m:
                params = tuple(p for p in m.group(3).split(",") if p)
                current.methods.setdefault((m.group(2), params), m.group(4))
                continue
            m = _FIELD.match(line)
            if not m:
                raise MappingsError(f"{source}:{number}: not a field or method line: {line!r}")
            current.fields.setdefault(m.group(2), m.group(3))
        return cls(classes, source)

    def cls(self, name: str) -> str:
        """The jar's name of class ``name`` (binary name, ``$`` for nested classes)."""
        entry = self.classes.get(name)
        return entry.obf if entry else name

    def named_class(self, obf: str) -> str:
        """Mojang's name of the jar's class ``obf`` (itself when not in the mappings)."""
        return self._named.get(obf, obf)

    def type_name(self, java_type: str) -> str:
        """A Java type (``int``, ``long[]``, ``net.minecraft.core.IdMap``) with classes renamed."""
        base = java_type.rstrip("[]")
        return self.cls(base) + java_type[len(base):]

    def method(self, cls: str, name: str, params: tuple[str, ...]) -> str | None:
        """The jar's name of method ``name(params)`` declared in ``cls``, or None when the
        mappings list no such method for that class. Without mappings, ``name`` itself."""
        if not self.classes:
            return name
        entry = self.classes.get(cls)
        if entry is None:
            return name if cls not in self.classes and not cls.startswith("net.minecraft.") else None
        return entry.methods.get((name, tuple(params)))

    def field(self, cls: str, name: str) -> str | None:
        """The jar's name of field ``name`` declared in ``cls`` (None when not listed)."""
        if not self.classes:
            return name
        entry = self.classes.get(cls)
        if entry is None:
            return name if not cls.startswith("net.minecraft.") else None
        return entry.fields.get(name)
