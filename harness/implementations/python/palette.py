"""The palette area: runs a case's operations on our ``PalettedContainer``.

Setup ``{"strategy": "block_states" | "biomes", "registry": N, "value": v}``; operations
(``reference/RECORDED_FORMAT.md``, area palette): ``set``/``get``/``get_and_set`` by position
and their ``_at`` forms by index, ``bits``, ``counts`` (``[[id, count], ...]``), ``write``
(hex), ``pack`` (``{"palette": [...], "data": [...] | None}``), ``unpack`` (replaces the
container; on an error the current one stays), ``copy`` and ``recreate`` (replace it).
A refused operation answers its error and the run goes on.
"""

from __future__ import annotations

from harness.engine.vocabulary import MalformedCase, require
from harness.formats.palette import PalettedContainer, Strategy
from harness.formats.versions import GameVersion
from harness.implementations.python import answer_each


def run(setup: dict, ops: list, version: GameVersion, jvm: int = 17) -> list:
    """The answers to ``ops`` on a container made from ``setup``; :class:`MalformedCase` for
    a case outside the vocabulary. ``jvm`` (the Java the answers come from) changes nothing
    in this area."""
    require("palette", setup, ops)
    strategy = Strategy(setup["strategy"], setup["registry"])
    container = PalettedContainer(strategy, setup["value"])

    def answer(op):
        nonlocal container
        name, args = op[0], op[1:]
        if name == "unpack":  # these three replace the container (a failed one keeps it)
            container = PalettedContainer.unpack(strategy, args[0], args[1])
        elif name == "copy":
            container = container.copy(version.palette)
        elif name == "recreate":
            container = container.recreate()
        else:
            return _ask(container, name, args, version)
        return None

    return answer_each(ops, answer)


def _ask(container: PalettedContainer, name: str, args: list, version: GameVersion):
    if name in ("set", "set_at", "get", "get_at", "get_and_set", "get_and_set_at"):
        return getattr(container, name)(*args)
    if name == "bits":
        return container.bits()
    if name == "counts":
        return [[value, count] for value, count in container.counts()]
    if name == "write":
        return container.write(version.palette).hex()
    if name == "pack":
        packed = container.pack()
        return {"palette": packed.palette, "data": packed.data}
    raise MalformedCase(f"unknown palette operation {name!r}")  # require() knows every operation
