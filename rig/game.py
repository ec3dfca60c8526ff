"""The name-resolving layer: call the game's classes by Mojang's names, whatever the jar calls them.

Probes never touch a game class directly. They ask a :class:`Game` for a constructor, method
or field by its Mojang name and erased parameter types (as GAME_API.md writes them); the
game resolves the name through :class:`rig.mappings.Names` (itself for 26.x, Mojang's
mappings for 1.20.1/1.21.1) and calls it by Java reflection (``Class.forName`` with the
jar's class loader, ``getDeclaredMethod``, ``setAccessible``), so one probe runs on plain
and obfuscated jars alike, private members included.

A Java exception thrown by the game becomes :class:`Thrown` (holding the ``Throwable``),
which :meth:`Game.error_answer` turns into the recorded format's error answer. Needs a
started JVM (:func:`rig.jvm.start`).
"""

from __future__ import annotations

from typing import Callable

import jpype
from jpype import JArray, JClass, JProxy

from rig.mappings import Names

_PRIMITIVES = ("boolean", "byte", "char", "short", "int", "long", "float", "double")
_BOXES = {"boolean": "java.lang.Boolean", "byte": "java.lang.Byte", "char": "java.lang.Character",
          "short": "java.lang.Short", "int": "java.lang.Integer", "long": "java.lang.Long",
          "float": "java.lang.Float", "double": "java.lang.Double"}


class Thrown(Exception):
    """The game threw ``throwable`` (a ``java.lang.Throwable``)."""

    def __init__(self, throwable):
        self.throwable = throwable
        super().__init__(f"{throwable.getClass().getName()}: {throwable.getMessage()}")


class MissingMember(Exception):
    """The jar has no such class, method or field (an operation the version does not have).

    ``what``: the member in short Mojang names, as an absent answer names it
    (``BitStorage.fill(int)``, ``PalettedContainer.copy()``)."""

    def __init__(self, message: str, what: str | None = None):
        super().__init__(message)
        self.what = what or message


def short_member(cls: str, name: str | None, params: tuple[str, ...] = ()) -> str:
    """``BitStorage.fill(int)``: a member in Mojang names without packages (``name`` None: a
    constructor, ``PalettedContainer(IdMap, Object, PalettedContainer.Strategy)``)."""
    def short(t: str) -> str:
        return t.rsplit(".", 1)[-1].replace("$", ".")
    owner = short(cls)
    head = owner if name is None else f"{owner}.{name}"
    return f"{head}({', '.join(short(p) for p in params)})"


class MissingClass(MissingMember):
    """The jar has no such class: not a missing operation but a jar the probes cannot use."""


def java_exception(e: BaseException):
    """The ``java.lang.Throwable`` behind a Python exception raised by a Java call, else None."""
    if isinstance(e, Thrown):
        return e.throwable
    if isinstance(e, jpype.JException):
        return e
    return None


class Game:
    """The game's classes in the running JVM, reached by Mojang's names through ``names``."""

    def __init__(self, names: Names | None = None, loader=None):
        self.names = names or Names.identity()
        self.loader = loader or JClass("java.lang.ClassLoader").getSystemClassLoader()
        self._Class = JClass("java.lang.Class")
        self._classes: dict[str, object] = {}
        self._members: dict[tuple, object] = {}
        self._object_array = JArray(JClass("java.lang.Object"))

    # --- classes ------------------------------------------------------------------------
    def cls(self, name: str):
        """The ``java.lang.Class`` of Mojang class ``name`` (or a primitive / array type)."""
        found = self._classes.get(name)
        if found is None:
            if name in _PRIMITIVES:
                found = JClass(_BOXES[name]).TYPE
            elif name.endswith("[]"):
                found = self.cls(name[:-2]).arrayType()
            else:
                jar_name = self.names.cls(name)
                try:
                    found = self._Class.forName(jar_name, True, self.loader)
                except jpype.JException as e:
                    renamed = f" (in the jar: {jar_name})" if jar_name != name else ""
                    raise MissingClass(f"class {name}{renamed} cannot be loaded: {e}") from None
            self._classes[name] = found
        return found

    def jclass(self, name: str):
        """The JPype class wrapper of Mojang class ``name`` (for arrays and ``isinstance``)."""
        return JClass(self.cls(name))

    def has_class(self, name: str) -> bool:
        try:
            self.cls(name)
        except MissingMember:
            return False
        return True

    def named(self, java_class) -> str:
        """Mojang's binary name of a ``java.lang.Class`` (``...PalettedContainer$Strategy``)."""
        return self.names.named_class(str(java_class.getName()))

    # --- members ------------------------------------------------------------------------
    def _ancestors(self, start):
        seen, queue = set(), [start]
        while queue:
            c = queue.pop(0)
            if c is None or str(c.getName()) in seen:
                continue
            seen.add(str(c.getName()))
            yield c
            queue.append(c.getSuperclass())
            queue.extend(c.getInterfaces())

    def method(self, cls: str, name: str, params: tuple[str, ...] = ()):
        """The ``java.lang.reflect.Method`` ``cls.name(params)``, looked up in ``cls`` and then
        its superclasses and interfaces (each by its own mappings); :class:`MissingMember`."""
        key = ("m", cls, name, tuple(params))
        found = self._members.get(key)
        if found is None:
            types = [self.cls(p) for p in params]
            for c in self._ancestors(self.cls(cls)):
                jar_name = self.names.method(self.named(c), name, tuple(params))
                if jar_name is None:
                    continue
                try:
                    found = c.getDeclaredMethod(jar_name, types)
                    break
                except jpype.JException:
                    continue
            if found is None:
                raise MissingMember(f"method {cls}.{name}({', '.join(params)}) not found in the jar",
                                    short_member(cls, name, params))
            found.setAccessible(True)
            self._members[key] = found
        return found

    def has_method(self, cls: str, name: str, params: tuple[str, ...] = ()) -> bool:
        try:
            self.method(cls, name, params)
        except MissingMember:
            return False
        return True

    def _box(self, params, args):
        boxed = []
        for p, a in zip(params, args):
            if p in _BOXES and not isinstance(a, jpype.JObject):
                a = JClass(_BOXES[p]).valueOf(getattr(jpype, "J" + p.capitalize())(a))
            elif p == "java.lang.String" and isinstance(a, str):
                a = java_string(a)
            elif p.endswith("[]") and p[:-2] in _PRIMITIVES and isinstance(a, (list, tuple)):
                a = JArray(getattr(jpype, "J" + p[:-2].capitalize()))(a)
            boxed.append(a)
        return self._object_array(boxed)

    def _invoke(self, fn: Callable, params, args):
        try:
            return fn(self._box(params, args))
        except jpype.JException as e:
            if str(e.getClass().getName()) == "java.lang.reflect.InvocationTargetException":
                raise Thrown(e.getCause()) from None
            raise Thrown(e) from None

    def call(self, obj, cls: str, name: str, params: tuple[str, ...] = (), *args):
        """``obj.name(args)`` with ``name(params)`` declared by ``cls`` or an ancestor."""
        m = self.method(cls, name, params)
        return self._invoke(lambda a: m.invoke(obj, a), params, args)

    def static(self, cls: str, name: str, params: tuple[str, ...] = (), *args):
        """The static ``cls.name(args)``."""
        return self.call(None, cls, name, params, *args)

    def new(self, cls: str, params: tuple[str, ...] = (), *args):
        """``new cls(args)`` through the constructor with ``params``."""
        key = ("c", cls, tuple(params))
        ctor = self._members.get(key)
        if ctor is None:
            try:
                ctor = self.cls(cls).getDeclaredConstructor([self.cls(p) for p in params])
            except jpype.JException:
                raise MissingMember(f"constructor {cls}({', '.join(params)}) not found in the jar",
                                    short_member(cls, None, params)) from None
            ctor.setAccessible(True)
            self._members[key] = ctor
        return self._invoke(ctor.newInstance, params, args)

    def field(self, obj, cls: str, name: str):
        """The value of field ``name`` of ``cls`` (static when ``obj`` is None)."""
        key = ("f", cls, name)
        f = self._members.get(key)
        if f is None:
            jar_name = self.names.field(cls, name)
            try:
                f = self.cls(cls).getDeclaredField(jar_name)
            except jpype.JException:
                raise MissingMember(f"field {cls}.{name} (in the jar: {jar_name}) not found",
                                    short_member(cls, name).removesuffix("()")) from None
            f.setAccessible(True)
            self._members[key] = f
        return f.get(obj)

    # --- implementing the game's interfaces ---------------------------------------------
    def proxy(self, interface: str, methods: dict[tuple[str, tuple[str, ...]], Callable]):
        """An object implementing the game's ``interface`` by Python functions.

        ``methods`` maps (Mojang name, parameter types) to a function of the arguments.
        Methods whose jar names coincide (obfuscated overloads) are told apart by arity and
        by whether each primitive parameter received a Python int.
        """
        by_jar: dict[str, list] = {}
        for (name, params), fn in methods.items():
            jar_name = self.names.method(interface, name, params) or name
            by_jar.setdefault(jar_name, []).append((params, fn))

        def dispatcher(candidates):
            def call(*args):
                for params, fn in candidates:
                    if len(params) == len(args) and all(
                            (p in _PRIMITIVES) == isinstance(a, int) for p, a in zip(params, args)):
                        return fn(*args)
                raise TypeError(f"no implementation for {interface} method called with {len(args)} arguments")
            return call

        return JProxy(JClass(self.cls(interface)), dict={k: dispatcher(v) for k, v in by_jar.items()})

    # --- answers ------------------------------------------------------------------------
    def simple_name(self, java_class) -> str:
        """``SimpleBitStorage.InitializationException``: Mojang's name without its package,
        nested classes joined with a dot."""
        return self.named(java_class).rsplit(".", 1)[-1].replace("$", ".")

    def error_answer(self, throwable) -> dict:
        """The recorded format's error answer for a ``Throwable``: ``{error, message[, cause,
        cause_message]}``, the cause present when the exception wraps another."""
        answer = {"error": self.simple_name(throwable.getClass()), "message": _text(throwable.getMessage())}
        cause = throwable.getCause()
        if cause is not None and not cause.equals(throwable):
            answer["cause"] = self.simple_name(cause.getClass())
            answer["cause_message"] = _text(cause.getMessage())
        return answer


def java_str(java_string) -> str | None:
    """A ``java.lang.String`` as a Python ``str``, exactly, always through its UTF-16 code
    units: a valid pair is its code point, every other surrogate stays one (lone or in the
    wrong order). JPype's ``str()`` is not used: it refuses a lone surrogate, and for a low
    surrogate before a high one it silently returns one wrong code point."""
    if java_string is None:
        return None
    import numpy as np

    units = np.asarray(java_string.toCharArray(), dtype="<u2")
    return units.tobytes().decode("utf-16-le", errors="surrogatepass")


def java_string(text: str):
    """A Python ``str`` as a ``java.lang.String`` built from its UTF-16 code units
    (``new String(char[])``), so a lone or reversed surrogate arrives as that code unit
    (JPype's own conversion refuses them with ``UnicodeEncodeError``)."""
    import numpy as np
    from jpype import JChar

    units = np.frombuffer(text.encode("utf-16-le", errors="surrogatepass"), dtype="<u2").astype(np.uint16)
    return JClass("java.lang.String")(JArray(JChar)(units))


_text = java_str
