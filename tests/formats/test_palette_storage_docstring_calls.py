"""A method's docstring that opens with a call shows the Python call, not the game's.

Where a docstring of ``harness.formats.palette`` or ``harness.formats.storage`` starts with
a call in double backquotes (``container.pack()``), that call is the method documented, with
its own parameters in order (the game's signature may follow, said to be the game's).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

import harness.formats.palette
import harness.formats.storage

OPENING_CALL = re.compile(r"``([\w.]+)\(([^()`]*)\)``")


def _modules():
    for package in (harness.formats.palette, harness.formats.storage):
        yield package
        for info in pkgutil.iter_modules(package.__path__):
            yield importlib.import_module(f"{package.__name__}.{info.name}")


def _documented_methods():
    for module in _modules():
        for cname, cls in vars(module).items():
            if cname.startswith("_") or not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for name, member in vars(cls).items():
                function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if name.startswith("_") or not inspect.isfunction(function) or not function.__doc__:
                    continue
                yield f"{module.__name__}.{cname}.{name}", name, function


CASES = [(where, name, f) for where, name, f in _documented_methods()
         if OPENING_CALL.match(inspect.cleandoc(f.__doc__))]


def test_the_calls_looked_at_include_pack_and_unpack():
    names = {where.rsplit(".", 2)[-2] + "." + name for where, name, _ in CASES}
    assert {"PalettedContainer.pack", "PalettedContainer.unpack", "PalettedContainer.write"} <= names


@pytest.mark.parametrize("where, name, function", CASES, ids=[c[0] for c in CASES])
def test_an_opening_call_is_the_python_call(where, name, function):
    called, arguments = OPENING_CALL.match(inspect.cleandoc(function.__doc__)).groups()
    parameters = [p for p in inspect.signature(function).parameters if p not in ("self", "cls")]
    given = [a.strip() for a in arguments.split(",") if a.strip()]
    assert (called.rsplit(".", 1)[-1], given) == (name, parameters)
