"""Binary NBT read and write throughput: ours beside nbtlib and amulet-nbt, as ratios.

Usage::

    python3 bench/nbt.py            # quick (warm: a few seconds; cold: a fresh process per file, library and run)
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
  started for that one measurement: it imports the one library, reads the decompressed file's
  bytes, then times its first read and the first write of what it read), so no cache of the
  library is filled; the best of ``--cold-runs`` such processes (3; 5 with ``--full``), for
  ours and amulet-nbt. ``--no-cold`` leaves them out.

The table shows ours in MB/s and the ratios ours / nbtlib and ours / amulet-nbt (above 1:
ours is faster), warm, then ours in MB/s and ours / amulet-nbt cold. Files one of the libraries
cannot read are shown with "-" in its columns and left out of the totals. Ours is the compiled
fast path when it is built (``harness.formats.nbt.fast_binary``); ``MC_HARNESS_PURE_NBT=1``
measures the pure-Python path. This is a benchmark, not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from harness.formats import versions  # noqa: E402
from harness.formats.errors import GameError  # noqa: E402
from harness.formats.nbt import compression  # noqa: E402

KINDS = ("java-nbt", "java-chunks", "bedrock")
LIBS = ("ours", "nbtlib", "amulet")


@dataclass
class Sample:
    path: Path
    kind: str
    data: bytes  # decompressed
    little_endian: bool
    encoding: str  # ours: "java" or "bedrock"
    header: bytes = b""  # Bedrock level.dat's 8 bytes, stripped before the NBT
    seconds: dict = field(default_factory=dict)  # (lib, "read"|"write") -> best seconds, warm
    cold: dict = field(default_factory=dict)  # (lib, "read"|"write") -> best seconds of a first read/write


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


def operation(sample: Sample, version, lib: str):
    """``(read(), write(value))`` of one library on one sample (only that library is imported)."""
    data = sample.data
    order = "little" if sample.little_endian else "big"
    if lib == "ours":
        from harness.formats.nbt import nbt_io

        return (lambda: nbt_io.read_named(data, version, encoding=sample.encoding),
                lambda named: nbt_io.write_named(named[0], named[1], encoding=sample.encoding))
    if lib == "nbtlib":
        import nbtlib

        def nbtlib_write(f):
            out = io.BytesIO()
            f.write(out, byteorder=order)
            return out.getvalue()

        return lambda: nbtlib.File.parse(io.BytesIO(data), byteorder=order), nbtlib_write
    import amulet_nbt

    if sample.little_endian:
        amulet_kw = dict(string_decoder=amulet_nbt.utf8_decoder)
        amulet_save_kw = dict(string_encoder=amulet_nbt.utf8_encoder)
    else:
        amulet_kw, amulet_save_kw = {}, {}
    return (lambda: amulet_nbt.load(data, compressed=False, little_endian=sample.little_endian, **amulet_kw),
            lambda t: t.save_to(compressed=False, little_endian=sample.little_endian, **amulet_save_kw))


def operations(sample: Sample, version):
    """``{lib: (read(), write(value))}`` for the three libraries on one sample."""
    return {lib: operation(sample, version, lib) for lib in LIBS}


COLD_LIBS = ("ours", "amulet")


def cold_worker() -> int:
    """``--cold-worker``: in this fresh process, the first read of one file by one library and
    the first write of what it read. Request on stdin as JSON ``{path, little, encoding, lib,
    version}`` (``path``: the decompressed bytes); prints ``[read seconds, write seconds]``
    (``null``: the library failed)."""
    request = json.load(sys.stdin)
    sample = Sample(Path(request["path"]), "", Path(request["path"]).read_bytes(), request["little"],
                    request["encoding"])
    read, write = operation(sample, versions.get(request["version"]), request["lib"])
    answer = [None, None]
    try:
        t0 = time.perf_counter()
        value = read()
        answer[0] = time.perf_counter() - t0
        t0 = time.perf_counter()
        write(value)
        answer[1] = time.perf_counter() - t0
    except Exception:  # a library that cannot take this file: shown as "-"
        pass
    json.dump(answer, sys.stdout)
    return 0


def measure_cold(samples: list[Sample], version_id: str, runs: int) -> None:
    """Fill ``Sample.cold``: each (sample, library) measured in ``runs`` fresh processes, the best kept."""
    with tempfile.TemporaryDirectory() as tmp:
        for index, sample in enumerate(samples):
            path = Path(tmp) / f"{index}.nbt"
            path.write_bytes(sample.data)
            request = dict(path=str(path), little=sample.little_endian, encoding=sample.encoding, version=version_id)
            for lib in COLD_LIBS:
                for _ in range(runs):
                    done = subprocess.run([sys.executable, __file__, "--cold-worker"], check=True, text=True,
                                          input=json.dumps(dict(request, lib=lib)), capture_output=True)
                    for op, seconds in zip(("read", "write"), json.loads(done.stdout)):
                        if seconds is not None:
                            sample.cold[lib, op] = min(sample.cold.get((lib, op), float("inf")), seconds)


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


def render(samples: list[Sample], notes: list[str], min_seconds: float) -> None:
    from rich.console import Console
    from rich.table import Table

    try:
        from harness.formats.nbt.fast_binary import compiled
    except ImportError:  # a checkout from before the compiled path
        compiled = None
    path = "compiled fast path" if compiled is not None else "pure Python"
    table = Table(title=f"Binary NBT throughput ({path}): ours in decompressed MB/s, and ours ÷ theirs "
                        f"(above 1: ours faster); warm: best run, >= {min_seconds}s each; cold: a first "
                        f"read/write in a fresh process")
    table.add_column("file", no_wrap=True)
    table.add_column("bytes", justify="right")
    for op in ("read", "write"):
        table.add_column(f"{op} MB/s", justify="right")
        table.add_column("÷ nbtlib", justify="right")
        table.add_column("÷ amulet", justify="right")
        table.add_column(f"cold {op} MB/s", justify="right")
        table.add_column("cold ÷ amulet", justify="right")

    def cells(rows: list[Sample]) -> list[str]:
        out = []
        for op in ("read", "write"):
            full = [s for s in rows if all((lib, op) in s.seconds for lib in LIBS)]
            nbytes = sum(len(s.data) for s in full)
            if not full:
                out += ["-", "-", "-"]
            else:
                rate = {lib: mbps(nbytes, sum(s.seconds[(lib, op)] for s in full)) for lib in LIBS}
                out += [f"{rate['ours']:.1f}", f"{rate['ours'] / rate['nbtlib']:.2f}",
                        f"{rate['ours'] / rate['amulet']:.2f}"]
            cold = [s for s in rows if all((lib, op) in s.cold for lib in COLD_LIBS)]
            if not cold:
                out += ["-", "-"]
                continue
            nbytes = sum(len(s.data) for s in cold)
            rate = {lib: mbps(nbytes, sum(s.cold[(lib, op)] for s in cold)) for lib in COLD_LIBS}
            out += [f"{rate['ours']:.1f}", f"{rate['ours'] / rate['amulet']:.2f}"]
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
    parser.add_argument("--cold-runs", type=int, help="fresh processes per cold measurement (3; 5 with --full)")
    parser.add_argument("--no-cold", action="store_true", help="leave the cold columns out")
    parser.add_argument("--cold-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cold_worker:
        return cold_worker()
    paths = args.files or sorted(p for kind in KINDS for p in (REPO / "tests" / "data" / "real" / kind).iterdir())
    paths = [p.resolve() for p in paths]
    min_seconds = 0.5 if args.full else 0.02
    samples, notes = load_samples(paths)
    if not args.no_cold:
        measure_cold(samples, args.version, args.cold_runs or (5 if args.full else 3))
    measure(samples, versions.get(args.version), min_seconds)
    render(samples, notes, min_seconds)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
