"""Our Python implementation as an implementation: runs a case's operations on :mod:`harness.formats`.

One module per area (``storage``, ``palette``, ``nbt``, ``snbt``), mirroring the rig's probes
one for one. Each has ``run(setup: dict, ops: list, version: GameVersion) -> list``: the
answers in the recorded format (see ``rig/PROTOCOL.md``), an operation that the game would
refuse giving its error answer, and the run going on with the next operation.
"""

from __future__ import annotations

import importlib

from harness.formats import versions

from harness.engine.casefile import AREAS  # noqa: E402  (one list of areas)

# The Java major version answers follow when a case does not say (its optional "jvm" field):
# every bundled reference was recorded on OpenJDK 17 (reference/*/PROVENANCE.json).
DEFAULT_JVM = 17


def answer_case(case: dict) -> list:
    """The answers of our implementation to ``case`` (a dict in the recorded format).

    ``case["jvm"]`` (optional) is the Java major version the expected answers were recorded
    on; some answers depend on it (float text). Raises ``ValueError`` for an unknown area and :class:`versions.UnknownVersionError`
    for a version the table does not know.
    """
    area = case["area"]
    if area not in AREAS:
        raise ValueError(f"unknown area {area!r} in case {case.get('id')!r}; areas are {', '.join(AREAS)}")
    module = importlib.import_module(f"harness.implementations.python.{area}")
    return module.run(case.get("setup") or {}, case["ops"], versions.get(case["version"]),
                      jvm=int(case.get("jvm") or DEFAULT_JVM))
