"""``python -m rig.bench --jar server.jar [--mappings server.txt]``: the game's own PalettedContainer speed.

The child process behind ``bench/palette.py --jar`` (JPype starts one JVM per process). It
reads one JSON object on stdin, ``{"strategy": "block_states", "registry": N, "values":
[4,096 ids, index i = (y << 4 | z) << 4 | x], "seconds": s, "warmup": n}``, checks the jar as
the worker does (:func:`rig.worker.prepare_game`: :func:`rig.runner.prepare`, then the JVM),
fills the game's ``PalettedContainer`` (GAME_API.md: 26.x and 1.20.1/1.21.1 shapes, as
:mod:`rig.probes.palette` calls them) with those values over a registry of N objects, and
times ``pack``, ``unpack`` and ``write`` of that section. It answers one JSON line::

    {"java": "25.0.1", "how": "...", "caveat": null,
     "rates": {"pack": sections/s, "unpack": ..., "write": ...},
     "packed": {"palette": [ids], "data": [longs]}}

``packed`` is the game's own ``pack`` of the section, so the caller can check that both sides
timed the same section. With ``"sections": [[4,096 ids], ...]`` in place of ``"values"``, each
section is timed in turn in the same JVM and the answer holds ``"sections": [{"rates": ...,
"packed": ...}, ...]`` in their order, in place of ``rates`` and ``packed``.

How it times: the loops run inside the JVM, in a small harness compiled at run time from
``rig/java/PaletteBench.java`` with a ``javac`` (the runtime's own, else the one on PATH,
``--release 17``), so no JPype call is counted; each operation is warmed up first (``warmup``
iterations, at most :data:`WARMUP_CAP` seconds) for the JIT. The game's methods reach the
harness as reflective objects resolved by Mojang's names, and the registry is a Java proxy of
the game's ``IdMap``. Without a ``javac`` (or when it fails) the loops run in Python through JPype, and
``caveat`` says that the game's figures then include JPype's call overhead (a few µs per call)
and a registry implemented in Python: the game looks slower than it is.

Exit status 2 when the jar, mappings or runtime are refused or the JVM does not start (the
reason, one line, on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from rig import jvm
from rig.game import MissingMember
from rig.mappings import MappingsError
from rig.probes import palette as probe
from rig.server_jar import ServerJarError

HARNESS_SOURCE = Path(__file__).resolve().parent / "java" / "PaletteBench.java"
HARNESS_CLASS = "rig.bench.PaletteBench"
WARMUP_CAP = 2.0  # seconds of warm-up at most per operation
PYTHON_TIMING_CAVEAT = ("{why}: the game was timed by calls from Python through JPype, so its figures "
                        "include JPype's call overhead (a few µs a call) and a registry implemented in Python; "
                        "the game looks slower than it is (install a JDK for honest figures)")


class BenchError(Exception):
    """The harness cannot be compiled or the section cannot be built."""


def find_javac(runtime: jvm.JavaRuntime, javac: str | None = None) -> str | None:
    """The ``javac`` to compile the harness with: ``javac`` if given (``""``: none), else the
    runtime's own ``bin/javac``, else the first on PATH; None when there is none."""
    if javac is not None:
        return javac or None
    own = runtime.home / "bin" / ("javac.exe" if os.name == "nt" else "javac")
    return str(own) if own.is_file() else shutil.which("javac")


def compile_harness(javac: str, out: Path) -> Path:
    """Compile :data:`HARNESS_SOURCE` into ``out`` for Java 17 (any newer runtime runs it); javac's
    own JVM runs with the quick JIT only and one GC thread (half the CPU time, the same class file)."""
    done = subprocess.run([javac, *jvm.JAVAC_OPTIONS, "-d", str(out), str(HARNESS_SOURCE)],
                          capture_output=True, text=True, errors="replace", timeout=120)
    if done.returncode != 0:
        said = next((line for line in done.stderr.splitlines() if line.strip()), f"exit status {done.returncode}")
        raise BenchError(f"{javac} cannot compile {HARNESS_SOURCE.name}: {said}")
    return out


def load_harness(classes: Path):
    """The harness class from ``classes``, loaded beside the game (parent: the system loader)."""
    from jpype import JArray, JClass

    url = JClass("java.io.File")(str(classes)).toURI().toURL()
    system = JClass("java.lang.ClassLoader").getSystemClassLoader()
    loader = JClass("java.net.URLClassLoader")(JArray(JClass("java.net.URL"))([url]), system)
    return JClass(JClass("java.lang.Class").forName(HARNESS_CLASS, True, loader))


def _member(game, cls, name, params=()):
    """The reflective method, or None when the jar has no such method."""
    try:
        return game.method(cls, name, params)
    except MissingMember:
        return None


class Section:
    """The game's container holding the section, and the reflective pieces to time it."""

    def __init__(self, game, kind: str, size: int, harness=None):
        from jpype import JArray, JClass

        self.game = game
        self.harness = harness
        if harness is not None:  # a registry in Java: the game's calls to it stay in the JVM
            id_map = probe.ID_MAP
            self.java_registry = harness.Registry(
                size, _member(game, id_map, "getId", (probe.OBJ,)), _member(game, id_map, "byId", ("int",)),
                _member(game, id_map, "size"), _member(game, id_map, "iterator"))
            reg = SimpleNamespace(id_map=self.java_registry.idMap(game.cls(id_map)))
            self.values = self.java_registry.values
        else:
            reg = probe.registry(game, size)
            self.values = reg.values
        self.modern = game.has_class(probe.STRATEGY)
        self.api = (probe.ModernApi if self.modern else probe.LegacyApi)(game, reg, kind)
        # (parameter types, leading arguments) of pack and of the static unpack, per API shape
        if self.modern:
            self.pack_sig = ((probe.STRATEGY,), (self.api.strategy,))
            self.unpack_sig = ((probe.STRATEGY, probe.PACKED), (self.api.strategy,))
        else:
            self.pack_sig = ((probe.ID_MAP, probe.NESTED_STRATEGY), (self.api.id_map, self.api.strategy))
            self.unpack_sig = ((probe.ID_MAP, probe.NESTED_STRATEGY, probe.PACKED), (self.api.id_map, self.api.strategy))
        self._objects = JArray(JClass(probe.OBJ))

    def fill(self, ids: list[int], axis: int):
        """A new container holding ``values[ids[i]]`` at each index i."""
        from jpype import JArray, JInt

        container = self.api.new(self.values[ids[0]])
        set_ = self.game.method(probe.CONTAINER, "set", probe.XYZ + (probe.OBJ,))
        if self.harness is not None:
            self.harness.fill(set_, container, self.values, JArray(JInt)(ids), axis)
        else:
            mask = (1 << axis) - 1
            for i, v in enumerate(ids):
                self.game.call(container, probe.CONTAINER, "set", probe.XYZ + (probe.OBJ,),
                               i & mask, i >> (2 * axis), (i >> axis) & mask, self.values[v])
        return container

    def packed(self, container) -> tuple[list, list | None]:
        """The game's ``pack`` of ``container``: (palette entries as Java objects, longs or None)."""
        packed = self.api.pack(container)
        entries = list(self.game.call(packed, probe.PACKED, "paletteEntries"))
        storage = self.game.call(packed, probe.PACKED, "storage")
        return entries, ([int(x) for x in storage.get().toArray()] if storage.isPresent() else None)

    def entry_list(self, entries: list):
        """A ``java.util.List`` of the palette entries (Java objects)."""
        from jpype import JClass

        return JClass("java.util.Arrays").asList(self._objects(entries))


def _packed_data(game, entries, data: list[int] | None):
    """A fresh ``PackedData(entries, Optional.of(LongStream.of(data)))`` (``Optional.empty()`` for None)."""
    from jpype import JArray, JClass, JLong

    optional = JClass("java.util.Optional")
    storage = optional.empty() if data is None else optional.of(JClass("java.util.stream.LongStream").of(JArray(JLong)(data)))
    return game.new(probe.PACKED, ("java.util.List", "java.util.Optional"), entries, storage)


def time_in_java(section: Section, container, seconds: float, warmup: int) -> dict[str, float]:
    """Sections/s of pack, unpack and write, each loop run by the harness inside the JVM."""
    from jpype import JArray, JLong

    game, h = section.game, section.harness
    nanos, cap = int(seconds * 1e9), int(WARMUP_CAP * 1e9)
    entries, data = section.packed(container)
    entry_list = section.entry_list(entries)
    pack_types, pack_args = section.pack_sig
    unpack_types, unpack_lead = section.unpack_sig
    friendly = game.cls(probe.FRIENDLY).getDeclaredConstructor([game.cls("io.netty.buffer.ByteBuf")])
    results = {
        "pack": h.pack(game.method(probe.CONTAINER, "pack", pack_types), container,
                       section._objects(list(pack_args)), warmup, cap, nanos),
        "unpack": h.unpack(game.method(probe.CONTAINER, "unpack", unpack_types), section._objects(list(unpack_lead)),
                           game.cls(probe.PACKED).getDeclaredConstructor(
                               [game.cls("java.util.List"), game.cls("java.util.Optional")]),
                           entry_list, None if data is None else JArray(JLong)(data), warmup, cap, nanos),
        "write": h.write(game.method(probe.CONTAINER, "write", (probe.FRIENDLY,)), container,
                         _member(game, "io.netty.buffer.ByteBuf", "clear"),
                         game.method("io.netty.buffer.Unpooled", "buffer"), friendly, warmup, cap, nanos),
    }
    return {op: int(r[0]) / (int(r[1]) / 1e9) for op, r in results.items()}


def time_in_python(section: Section, container, seconds: float, warmup: int) -> dict[str, float]:
    """Sections/s of pack, unpack and write called from Python through JPype (the fallback)."""
    game = section.game
    entries, data = section.packed(container)
    entry_list = section.entry_list(entries)
    unpooled = probe.netty(game, "Unpooled")

    def write():
        game.call(container, probe.CONTAINER, "write", (probe.FRIENDLY,),
                  game.new(probe.FRIENDLY, ("io.netty.buffer.ByteBuf",), unpooled.buffer()))

    steps = {"pack": lambda: section.api.pack(container),
             "unpack": lambda: section.api.unpack(_packed_data(game, entry_list, data)),
             "write": write}
    out = {}
    for op, step in steps.items():
        warm_until = time.perf_counter() + WARMUP_CAP
        for _ in range(warmup):
            step()
            if time.perf_counter() >= warm_until:
                break
        n, start = 0, time.perf_counter()
        while True:
            step()
            n += 1
            now = time.perf_counter()
            if now - start >= seconds:
                break
        out[op] = n / (now - start)
    return out


def measure(game, runtime: jvm.JavaRuntime, request: dict, classes: Path | None, why: str = "no javac") -> dict:
    """The answer line for ``request`` (see the module docstring), the JVM already started;
    ``classes``: the compiled harness, or None (timed from Python, ``why`` in the caveat)."""
    kind = request.get("strategy", "block_states")
    if kind not in probe.AXIS_BITS:
        raise BenchError(f"strategy {kind!r}: block_states or biomes")
    harness = load_harness(classes) if classes else None
    section = Section(game, kind, int(request["registry"]), harness)
    timing = time_in_java if harness is not None else time_in_python

    def timed(values: list) -> dict:
        container = section.fill([int(v) for v in values], probe.AXIS_BITS[kind])
        entries, data = section.packed(container)
        unpacked = section.api.unpack(_packed_data(game, section.entry_list(entries), data))
        if not unpacked.result().isPresent():  # the loops would time a refusal
            raise BenchError(f"the game refuses to unpack its own packed section: {unpacked.error().get().message()}")
        rates = timing(section, container, float(request["seconds"]), int(request.get("warmup", 5000)))
        return {"rates": rates, "packed": {"palette": [int(e.get()) for e in entries], "data": data}}

    answer = {
        "java": runtime.version,
        "how": ("loops inside the JVM (a harness compiled from rig/java/PaletteBench.java)" if harness is not None
                else "calls from Python through JPype"),
        "caveat": None if harness is not None else PYTHON_TIMING_CAVEAT.format(why=why),
    }
    if "sections" in request:
        answer["sections"] = [timed(values) for values in request["sections"]]
    else:
        answer.update(timed(request["values"]))
    return answer


def parse_args(argv=None):
    """The worker's options (:func:`rig.worker.parse_args`: ``--jar``, ``--mappings``, ``--java-home``,
    ``--cache``, ``--jvm-option``) and ``--javac``: the javac for the timing harness (``''``: none,
    so the game is timed from Python, with a caveat)."""
    from rig.worker import parse_args as worker_args

    own = argparse.ArgumentParser(add_help=False)
    own.add_argument("--javac")
    ours, rest = own.parse_known_args(argv)
    args = worker_args(rest)
    args.javac = ours.javac
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    answer = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the answer line only
    os.dup2(2, 1)  # the JVM's and anything else's output goes to stderr
    sys.stdout = sys.stderr
    request = json.loads(sys.stdin.read())
    from rig.worker import prepare_game

    try:
        runtime = jvm.find_runtime(args.java_home)
        game = prepare_game(args.jar, args.mappings, args.java_home, args.cache, args.jvm_option)  # refusals first
        with tempfile.TemporaryDirectory(prefix="rig-bench-") as tmp:
            javac, classes, why = find_javac(runtime, args.javac), None, "no javac"
            if javac:
                try:
                    classes = compile_harness(javac, Path(tmp))
                except (BenchError, OSError, subprocess.TimeoutExpired) as e:
                    why = str(e)
                    print(f"rig.bench: {why}; timing the game from Python instead", file=sys.stderr)
            result = measure(game, runtime, request, classes, why)
    except (ServerJarError, MappingsError, jvm.JvmError, BenchError) as e:
        print(f"rig.bench: {e}", file=sys.stderr)
        return 2
    answer.write(json.dumps(result) + "\n")
    answer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
