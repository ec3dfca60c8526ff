"""``harness fuzz``: differential fuzzing, the game (or another program) as the judge.

The behaviour and exit statuses are :data:`DESCRIPTION` (the ``--help`` text); the engine
is :mod:`harness.engine.fuzz`, the guide docs/fuzzing.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

from harness.cli import options
from harness.engine.compare import POLICIES

DESCRIPTION = """\
Search for cases where an implementation and a judge disagree.

Random operation lists are drawn from the operation vocabulary (Hypothesis
strategies per area, edge values weighted), run by the judge (the game from a
server jar through the rig with --jar, or any program speaking the line protocol
with --against) and by the implementation under test (ours unless --impl), and
compared. Each new disagreement (a new area and first differing operation, or a
crash) is shrunk with the judge answering every candidate, and written as
<out>/<area>/fuzz-<hash>.yaml with the seed; it also goes into the example
database, and a later campaign tries those cases first. The same seed draws the
same cases; --cases N (per area) or --seconds T (in all) bounds the campaign.

--workers N runs N warm judge processes (one JVM each, started once, restarted
after a crash) and N implementation processes; --cluster runs them as Dask
actors (pip install '.[cluster]'): 'local' starts a cluster in this process,
an address (tcp://host:8786) uses a running one whose workers have the resource
mc-<version>.

exit status:
  0  no disagreement found
  1  disagreements found (each written as a case file)
  2  refused before any case ran (an option, the jar, the mappings, the Java
     runtime, an unknown version), or stopped: the judge or the implementation
     cannot run (cannot start, or never answers), the cluster cannot be reached
"""


def register(subparsers) -> None:
    from argparse import RawDescriptionHelpFormatter

    from harness.engine.vocabulary import AREAS

    p = subparsers.add_parser("fuzz", help="search for disagreements with the game, shrink and keep each as a case",
                              description=DESCRIPTION, formatter_class=RawDescriptionHelpFormatter)
    p.add_argument("--area", action="append", choices=AREAS, metavar="AREA",
                   help=f"an area to fuzz (repeatable; default: every area with strategies: {', '.join(AREAS)})")
    p.add_argument("--version", metavar="V", help="the release (default: the jar's; with --against the newest)")
    judge = p.add_mutually_exclusive_group(required=True)
    judge.add_argument("--jar", metavar="server.jar", help="the game as the judge, from this server jar")
    judge.add_argument("--against", metavar="CMD", type=options.command,
                       help="a program speaking the line protocol as the judge")
    p.add_argument("--mappings", metavar="server.txt", help="Mojang's mappings, for an obfuscated jar")
    p.add_argument("--java-home", metavar="DIR", help="the Java runtime for the game (as for harness record)")
    p.add_argument("--cache", metavar="DIR", help="where a bundler jar is extracted (as for harness record)")
    p.add_argument("--jvm-option", action="append", default=[], metavar="OPT", help="a JVM option (repeatable)")
    p.add_argument("--impl", metavar="CMD", type=options.command,
                   help="the implementation under test, a line-protocol program (default: ours, in Python)")
    p.add_argument("--seed", type=int, default=0, help="the seed of the cases drawn (default 0)")
    bound = p.add_mutually_exclusive_group()
    bound.add_argument("--cases", type=options.positive_int, metavar="N", help="cases per area (default 1000)")
    bound.add_argument("--seconds", type=options.positive_seconds, metavar="T", help="run for about T seconds in all")
    p.add_argument("--workers", type=options.positive_int, default=1, metavar="N",
                   help="judge and implementation process pairs (default 1)")
    p.add_argument("--draw-processes", type=int, default=1, metavar="N",
                   help="child processes drawing cases ahead of the workers (default 1; 0: a thread)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run the workers as Dask actors: 'local' (in this process) or a scheduler address")
    p.add_argument("--cluster-cpus", type=options.positive_int, default=2, metavar="N",
                   help="worker threads of --cluster local (default 2)")
    p.add_argument("--out", default="cases", metavar="DIR", help="where <area>/fuzz-<hash>.yaml go (default: cases)")
    p.add_argument("--database", default=".hypothesis/fuzz", metavar="DIR",
                   help="the Hypothesis example database (default .hypothesis/fuzz)")
    p.add_argument("--no-database", action="store_true", help="neither replay nor save disagreements")
    p.add_argument("--errors", choices=POLICIES, default="message", help="error answer policy (as for check)")
    p.add_argument("--timeout", type=options.positive_seconds, default=60.0, metavar="SECONDS",
                   help="seconds per case on either side, a JVM's start included (default 60)")
    p.add_argument("--shrink-budget", type=options.positive_int, default=500, metavar="N",
                   help="most candidates tried when shrinking one disagreement (default 500)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _judge(args):
    """(judge side, version, jvm) or a one-line refusal (str)."""
    from harness.engine.fuzz.worker import PYTHON, Side, command_side
    from harness.engine.reference import jvm_major
    from harness.formats import versions

    if args.against:
        version = args.version or versions.LATEST
        try:
            versions.get(version)
        except versions.UnknownVersionError as e:
            return str(e)
        return command_side(args.against, args.timeout), version, None
    from rig.jvm import JvmError
    from rig.mappings import MappingsError
    from rig.runner import REPO, STOP_AFTER, prepare
    from rig.server_jar import ServerJarError

    try:
        game = prepare(args.jar, args.mappings, args.java_home, args.cache, args.timeout, args.jvm_option)
    except (ServerJarError, MappingsError, JvmError, OSError) as e:
        return str(e)
    version = game.jar.info.id
    if args.version and args.version != version:
        return f"--version {args.version}, but {Path(args.jar).name} is Minecraft {version}"
    side = Side(tuple(game.worker_argv(PYTHON)), f"the game {version}", args.timeout, {"PYTHONPATH": str(REPO)},
                STOP_AFTER)
    return side, version, jvm_major({"jvm": {"version": game.runtime.version}})


def run(args) -> int:
    from harness.cli import make_console
    from harness.engine.fuzz.campaign import Campaign, CampaignAborted, run_campaign
    from harness.engine.fuzz.strategies import STRATEGIES
    from harness.engine.fuzz.worker import command_side, our_side

    areas = args.area or list(STRATEGIES)
    missing = [a for a in areas if a not in STRATEGIES]
    if missing:
        print(f"harness fuzz: no strategies for the area {missing[0]} yet", file=sys.stderr)
        return 2
    got = _judge(args)
    if isinstance(got, str):
        print(f"harness fuzz: {got}", file=sys.stderr)
        return 2
    judge, version, jvm = got
    impl = command_side(args.impl, args.timeout) if args.impl else our_side(args.timeout)
    database = None
    if not args.no_database:
        from hypothesis.database import DirectoryBasedExampleDatabase

        database = DirectoryBasedExampleDatabase(args.database)
    campaign = Campaign(areas, version, args.seed, None if args.seconds else (args.cases or 1000), args.seconds,
                        Path(args.out), database, args.errors, args.shrink_budget, judge.name, impl.name,
                        max(0, args.draw_processes))
    try:
        engine = _engine(args, judge, impl, version, jvm)
    except Exception as e:  # ClusterUnavailable, or Dask's own refusal of an address
        print(f"harness fuzz: {e}", file=sys.stderr)
        return 2
    console = make_console(stderr=True)
    print(f"fuzzing {', '.join(areas)} for {version}: {impl.name} against {judge.name}, seed {args.seed}, "
          f"{engine.workers} worker{'s' * (engine.workers != 1)} ({engine.name})", file=sys.stderr)
    progress = None if args.no_progress else _Progress(console, campaign)
    try:
        result = run_campaign(campaign, engine, progress.update if progress else None)
    except CampaignAborted as e:
        print(f"harness fuzz: stopped: {e}", file=sys.stderr)
        return 2
    finally:
        if progress:
            progress.stop()
        engine.close()
    _summary(make_console(), result, engine)
    return 1 if result.found else 0


def _engine(args, judge, impl, version, jvm):
    if args.cluster:
        from harness.engine.fuzz.cluster import DaskEngine

        address = None if args.cluster == "local" else args.cluster
        return DaskEngine(judge, impl, version, args.workers, jvm, args.errors, address, args.cluster_cpus)
    from harness.engine.fuzz.local import LocalEngine

    return LocalEngine(judge, impl, args.workers, jvm, args.errors)


class _Progress:
    """A rich progress bar on stderr: cases (or seconds) done, cases/s, disagreements."""

    def __init__(self, console, campaign):
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.by_time = campaign.seconds is not None
        total = campaign.seconds if self.by_time else campaign.cases * len(campaign.areas)
        self.bar = Progress(TextColumn("fuzz"), BarColumn(), TextColumn("{task.fields[cases]} cases"),
                            TextColumn("{task.fields[rate]:.1f} cases/s"),
                            TextColumn("{task.fields[found]} disagreements"), TimeElapsedColumn(),
                            console=console, transient=True)
        self.task = self.bar.add_task("fuzz", total=total, cases=0, rate=0.0, found=0)
        self.bar.start()

    def update(self, result) -> None:
        done = result.seconds if self.by_time else result.cases
        self.bar.update(self.task, completed=done, cases=result.cases, rate=result.rate, found=len(result.found))

    def stop(self) -> None:
        self.bar.stop()


def _summary(console, result, engine) -> None:
    from rich.table import Table

    table = Table(title=f"harness fuzz: {result.cases} cases in {result.seconds:.1f} s "
                        f"({result.rate:.1f} cases/s, {engine.workers} worker{'s' * (engine.workers != 1)}, {engine.name})")
    for column in ("area", "cases", "agree", "disagree", "no answer", "declined", "distinct", "replayed"):
        table.add_column(column, justify="left" if column == "area" else "right")
    for area, t in result.tallies.items():
        distinct = sum(1 for f in result.found if f.area == area)
        table.add_row(area, str(t.cases), str(t.agree), str(t.disagree), str(t.unanswered), str(t.declined),
                      str(distinct), str(t.replayed))
    console.print(table)
    for f in result.found:
        where = f.path if f.path else f.shrunk["id"]
        repeats = f" (+{f.repeats} more like it)" if f.repeats else ""
        console.print(f"{f.area}: {f.why}; {f.shrink_note}: {where}{repeats}", markup=False)
    if result.stopped:
        console.print(f"stopped: {result.stopped}", markup=False)
    console.print(f"{len(result.found)} distinct disagreements in {result.cases} cases", markup=False)
