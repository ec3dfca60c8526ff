"""Binary NBT read and write throughput: ours beside nbtlib and amulet-nbt, as ratios.

Usage::

    python3 bench/nbt.py            # quick (warm: a few seconds; cold: 7 fresh processes per file and library)
    python3 bench/nbt.py --full     # longer timing per measurement, steadier figures
    python3 bench/nbt.py --no-cold  # warm columns only (a few seconds)
    python3 bench/nbt.py --files tests/data/real/java-chunks/*

Input: the real files under ``tests/data/real/`` (``java-nbt``, ``java-chunks``, ``bedrock``),
decompressed first (compression is not what is measured). Each file is read with the
encoding :func:`harness.formats.nbt.detect.open_nbt` finds (Java big-endian named, or
Bedrock little-endian named), by all three libraries in this process:

- ours: ``nbt_io.read_named`` / ``nbt_io.write_named`` with that encoding;
- nbtlib: ``nbtlib.File.parse`` / ``File.write`` with the byte order;
- amulet-nbt: ``amulet_nbt.load(..., compressed=False)`` / ``NamedTag.save_to(...)``.

Throughput is decompressed MB (10^6 bytes) per second, in two columns per operation:

- **warm**: the best of several runs in this process, after a first read of the same file
  (every cache filled);
- **cold**: the first read of a file in a fresh process (``python3 bench/nbt.py --cold-worker``,
  started for that one measurement: it imports the one library it measures and nothing of the
  other, reads the decompressed file's bytes, then times its first read and the first write of
  what it read), so no cache of the library is filled and nothing of it has run yet. It times
  the thread's CPU time (``time.thread_time``), not the wall clock: a first call is a few
  hundred microseconds, and on a busy machine one preemption adds milliseconds to it. The
  figure is the **median** of ``--cold-runs`` such processes (7; 11 with ``--full``) for ours
  and for amulet-nbt, their processes interleaved (ours first in one round, amulet-nbt first
  in the next), so a change in the machine's load (which still moves CPU time, through the
  caches) falls on both; a few far-off processes do not move a median, where the best of
  three was moved by one lucky process of either side. ``--no-cold`` leaves them out.

The table shows ours in MB/s and the ratios ours / nbtlib and ours / amulet-nbt (above 1:
ours is faster), warm, then ours in MB/s and ours / amulet-nbt cold: MB/s from the median
(a total row sums the files' medians), the ratio the median of the rounds' ratios (round i of
ours beside round i of amulet-nbt, started one after the other: a change in the machine's load
falls on both sides of one ratio; a total row's round sums its files). A last line gives the number of cold processes and the
time they took. Files one of the libraries
cannot read are shown with "-" in its columns and left out of the totals. Ours is the compiled
fast path when it is built (``harness.formats.nbt.fast_binary``); ``MC_HARNESS_PURE_NBT=1``
measures the pure-Python path. This is a benchmark, not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

KINDS = ("java-nbt", "java-chunks", "bedrock")
LIBS = ("ours", "nbtlib", "amulet")
COLD_LIBS = ("ours", "amulet")
OPS = ("read", "write")


def operation(lib: str, data: bytes, little_endian: bool, encoding: str, version):
    """``(read(), write(value))`` of one library on ``data`` (only that library is imported);
    ``encoding`` and ``version`` are ours (``"java"`` or ``"bedrock"``; a GameVersion)."""
    order = "little" if little_endian else "big"
    if lib == "ours":
        from harness.formats.nbt import nbt_io

        return (lambda: nbt_io.read_named(data, version, encoding=encoding),
                lambda named: nbt_io.write_named(named[0], named[1], encoding=encoding))
    if lib == "nbtlib":
        import io

        import nbtlib

        def nbtlib_write(f):
            out = io.BytesIO()
            f.write(out, byteorder=order)
            return out.getvalue()

        return lambda: nbtlib.File.parse(io.BytesIO(data), byteorder=order), nbtlib_write
    import amulet_nbt

    if little_endian:
        amulet_kw = dict(string_decoder=amulet_nbt.utf8_decoder)
        amulet_save_kw = dict(string_encoder=amulet_nbt.utf8_encoder)
    else:
        amulet_kw, amulet_save_kw = {}, {}
    return (lambda: amulet_nbt.load(data, compressed=False, little_endian=little_endian, **amulet_kw),
            lambda t: t.save_to(compressed=False, little_endian=little_endian, **amulet_save_kw))


def cold_worker(argv: list[str]) -> int:
    """``--cold-worker LIB PATH LITTLE ENCODING VERSION``: in this fresh process, the first read
    of one file (``PATH``: its decompressed bytes; ``LITTLE``: ``1`` for little-endian) by one
    library, and the first write of what it read. Imports only that library (ours: also the
    version table, resolved before the clock starts). Prints the two times in seconds of this
    thread's CPU time, or ``- -`` when the library cannot take the file."""
    lib, path, little, encoding, version_id = argv
    data = Path(path).read_bytes()
    if lib == "ours":
        from harness.formats import versions

        version = versions.get(version_id)
    else:
        version = None
    read, write = operation(lib, data, little == "1", encoding, version)
    clock = time.thread_time  # this thread's CPU time: not the time other processes held the CPU
    try:
        t0 = clock()
        value = read()
        t1 = clock()
        write(value)
        t2 = clock()
    except Exception:  # a library that cannot take this file: shown as "-"
        print("- -")
    else:
        print(t1 - t0, t2 - t1)
    return 0


if __name__ == "__main__" and sys.argv[1:2] == ["--cold-worker"]:  # before the bench's own imports
    sys.exit(cold_worker(sys.argv[2:]))

import argparse  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from harness.cli import options  # noqa: E402
from harness.formats import versions  # noqa: E402
from harness.formats.errors import GameError  # noqa: E402
from harness.formats.nbt import compression  # noqa: E402


@dataclass
class Sample:
    path: Path
    kind: str
    data: bytes  # decompressed
    little_endian: bool
    encoding: str  # ours: "java" or "bedrock"
    header: bytes = b""  # Bedrock level.dat's 8 bytes, stripped before the NBT
    seconds: dict = field(default_factory=dict)  # (lib, "read"|"write") -> best seconds, warm
    cold_rounds: dict = field(default_factory=dict)  # (lib, "read"|"write") -> each round's seconds, in order

    @property
    def cold(self) -> dict:
        """(lib, "read"|"write") -> the median seconds of a first read/write: of :attr:`cold_rounds`."""
        return {key: statistics.median(values) for key, values in self.cold_rounds.items()}


def load_samples(paths: list[Path]) -> tuple[list[Sample], list[str]]:
    """The files ours reads as named NBT, and notes on those left out."""
    from harness.formats.nbt.detect import open_nbt

    samples, notes = [], []
    for path in paths:
        raw = path.read_bytes()
        try:
            doc = open_nbt(raw)
            data = compression.decompress(raw)
        except GameError as e:
            notes.append(f"{path.relative_to(REPO)}: not read ({e.kind}), left out")
            continue
        header = b""
        if doc.encoding == "bedrock-level-dat":
            header, data = data[:8], data[8:]
        elif doc.encoding not in ("java", "bedrock"):
            notes.append(f"{path.relative_to(REPO)}: encoding {doc.encoding}, left out")
            continue
        little = doc.encoding != "java"
        samples.append(Sample(path, path.parent.name, data, little, "java" if not little else "bedrock", header))
    return samples, notes


def best_time(fn, min_seconds: float, min_runs: int = 3) -> float:
    """The best single-run time of ``fn`` over at least ``min_runs`` runs and ``min_seconds``."""
    best = float("inf")
    runs = 0
    start = time.perf_counter()
    while runs < min_runs or time.perf_counter() - start < min_seconds:
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
        runs += 1
    return best


def operations(sample: Sample, version):
    """``{lib: (read(), write(value))}`` for the three libraries on one sample."""
    return {lib: operation(lib, sample.data, sample.little_endian, sample.encoding, version) for lib in LIBS}


def measure_cold(samples: list[Sample], version_id: str, runs: int) -> tuple[int, float]:
    """Fill ``Sample.cold_rounds``: each (sample, library) measured in ``runs`` fresh processes
    (:attr:`Sample.cold`, their median); ours' and amulet-nbt's processes alternate (ours
    first in even rounds, amulet-nbt first in odd ones). A library that fails on a file in any
    process has no cold figure for it. Returns (processes started, seconds they took)."""
    start, started = time.perf_counter(), 0
    with tempfile.TemporaryDirectory() as tmp:
        for index, sample in enumerate(samples):
            path = Path(tmp) / f"{index}.nbt"
            path.write_bytes(sample.data)
            times: dict[tuple[str, str], list[float]] = {(lib, op): [] for lib in COLD_LIBS for op in OPS}
            for run in range(runs):
                for lib in COLD_LIBS if run % 2 == 0 else COLD_LIBS[::-1]:
                    done = subprocess.run([sys.executable, __file__, "--cold-worker", lib, str(path),
                                           "1" if sample.little_endian else "0", sample.encoding, version_id],
                                          check=True, text=True, capture_output=True)
                    started += 1
                    for op, seconds in zip(OPS, done.stdout.split()):
                        if seconds != "-":
                            times[lib, op].append(float(seconds))
            for key, values in times.items():
                if len(values) == runs:
                    sample.cold_rounds[key] = values
    return started, time.perf_counter() - start


def measure(samples: list[Sample], version, min_seconds: float) -> None:
    for sample in samples:
        for lib, (read, write) in operations(sample, version).items():
            try:
                value = read()
                write(value)
            except Exception:  # a library that cannot take this file: shown as "-"
                continue
            sample.seconds[(lib, "read")] = best_time(read, min_seconds)
            sample.seconds[(lib, "write")] = best_time(lambda: write(value), min_seconds)


def mbps(nbytes: int, seconds: float) -> float:
    return nbytes / seconds / 1e6


def cold_ratio(rows: list[Sample], op: str) -> float:
    """Ours ÷ amulet-nbt cold (speed: amulet's seconds over ours) as the median of the rounds'
    ratios: round i's process of ours beside round i's of amulet-nbt, started one after the
    other, so what the machine's other work does to a round falls on both sides of its ratio.
    Over several files a round's ratio is of its seconds summed over them."""
    rounds = zip(*(zip(s.cold_rounds["ours", op], s.cold_rounds["amulet", op]) for s in rows))
    return statistics.median(sum(a for _, a in r) / sum(o for o, _ in r) for r in rounds)


def render(samples: list[Sample], notes: list[str], min_seconds: float, cold_runs: int | None) -> None:
    from rich.console import Console
    from rich.table import Table

    try:
        from harness.formats.nbt.fast_binary import compiled
    except ImportError:  # a checkout from before the compiled path
        compiled = None
    path = "compiled fast path" if compiled is not None else "pure Python"
    cold = f"; cold: a first read/write in a fresh process, CPU time, median of {cold_runs}" if cold_runs else ""
    table = Table(title=f"Binary NBT throughput ({path}): ours in decompressed MB/s, and ours ÷ theirs "
                        f"(above 1: ours faster); warm: best run, >= {min_seconds}s each{cold}")
    table.add_column("file", no_wrap=True)
    table.add_column("bytes", justify="right")
    for op in OPS:
        table.add_column(f"{op} MB/s", justify="right")
        table.add_column("÷ nbtlib", justify="right")
        table.add_column("÷ amulet", justify="right")
        if cold_runs:  # --no-cold: no cold columns at all
            table.add_column(f"cold {op} MB/s", justify="right")
            table.add_column("cold ÷ amulet", justify="right")

    def cells(rows: list[Sample]) -> list[str]:
        out = []
        for op in OPS:
            full = [s for s in rows if all((lib, op) in s.seconds for lib in LIBS)]
            nbytes = sum(len(s.data) for s in full)
            if not full:
                out += ["-", "-", "-"]
            else:
                rate = {lib: mbps(nbytes, sum(s.seconds[(lib, op)] for s in full)) for lib in LIBS}
                out += [f"{rate['ours']:.1f}", f"{rate['ours'] / rate['nbtlib']:.2f}",
                        f"{rate['ours'] / rate['amulet']:.2f}"]
            if not cold_runs:
                continue
            cold = [s for s in rows if all((lib, op) in s.cold_rounds for lib in COLD_LIBS)]
            if not cold:
                out += ["-", "-"]
                continue
            nbytes = sum(len(s.data) for s in cold)
            out += [f"{mbps(nbytes, sum(s.cold[('ours', op)] for s in cold)):.1f}", f"{cold_ratio(cold, op):.2f}"]
        return out

    for kind in KINDS:
        rows = [s for s in samples if s.kind == kind]
        for s in rows:
            table.add_row(f"{kind}/{s.path.name}", f"{len(s.data):,}", *cells([s]))
        if rows:
            table.add_row(f"[bold]{kind} total[/bold]", f"{sum(len(s.data) for s in rows):,}",
                          *cells(rows), end_section=True)
    table.add_row("[bold]all files[/bold]", f"{sum(len(s.data) for s in samples):,}", *cells(samples))
    console = Console()
    if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
        console = Console(width=190)
    console.print(table)
    for note in notes:
        console.print(f"[dim]{note}[/dim]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="time each measurement for 0.5 s instead of 0.02 s")
    parser.add_argument("--version", default=versions.LATEST, help="game version whose rules ours follows")
    parser.add_argument("--files", nargs="*", type=Path, help="files to measure (default: the real files)")
    parser.add_argument("--cold-runs", type=options.positive_int,
                        help="fresh processes per library and file for the cold median (7; 11 with --full)")
    parser.add_argument("--no-cold", action="store_true", help="leave the cold columns out")
    args = parser.parse_args(argv)
    paths = args.files or sorted(p for kind in KINDS for p in (REPO / "tests" / "data" / "real" / kind).iterdir())
    paths = [p.resolve() for p in paths]
    min_seconds = 0.5 if args.full else 0.02
    try:
        version = versions.get(args.version)  # an unknown release refused here, before any process starts
    except versions.UnknownVersionError as e:
        parser.error(str(e))
    samples, notes = load_samples(paths)
    cold_runs = None if args.no_cold else args.cold_runs or (11 if args.full else 7)
    if cold_runs:
        started, seconds = measure_cold(samples, version.id, cold_runs)
        notes.append(f"cold: {started} fresh processes ({cold_runs} per library and file, ours and amulet-nbt "
                     f"alternating), {seconds:.0f} s; cold MB/s from the median of their CPU times, cold ÷ amulet the median "
                     f"of the rounds' ratios")
    measure(samples, version, min_seconds)
    render(samples, notes, min_seconds, cold_runs)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
