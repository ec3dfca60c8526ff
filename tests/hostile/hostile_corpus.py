"""The hostile-input corpus: each entry builds one bad input (at test time, small on disk)
and says how the tool must end on it: its exit status and one line matching a pattern (and
lines matching the entry's ``also`` patterns: more that the same run shows, checked without a run of their own).

``tests/hostile/test_corpus.py`` runs every entry in a process of its own, forked from a warm
one (:class:`ForkServer`), and checks status, line and peak memory; ``python3 bench/hostile.py``
runs each in a fresh interpreter (:func:`run`) at full size with a time and max-RSS column. To extend: add an :class:`Entry` to :data:`ENTRIES` (``build(folder)``
writes what it needs under ``folder`` and returns the command's arguments after
``python3``); the command runs with the checkout as its working folder. An entry whose cost
grows with its input builds it small here and at full size when :data:`FULL_SIZE` (the
environment variable ``HOSTILE_FULL_SIZE=1``, set by ``bench/hostile.py``), and names its
own bounds (``seconds``, ``max_rss`` from the built input).
"""

from __future__ import annotations

import gzip
import os
import struct
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent.parent
_TESTS = str(REPO / "tests")  # helpers_cli's folder: on the path of a pytest run; bench/hostile.py puts only ours there
if _TESTS not in sys.path:
    sys.path.append(_TESTS)
from helpers_cli import command_status, fork, wait  # noqa: E402
SECONDS = 10.0  # every entry must end within this
MAX_RSS = 1 << 30  # and stay under this peak resident size
FULL_SIZE = os.environ.get("HOSTILE_FULL_SIZE") == "1"  # entries that scale build their full-size input
KEPT_OUTPUT = 1 << 20  # of a longer stdout, this much of its start and of its end is kept


# the kind of hostile input each item of issue #11 (the hostile-input report the corpus answers) is about
GROUPS = {
    1: "device files",
    2: "decompression bombs",
    3: "YAML alias expansion",
    4: "huge SNBT",
    5: "long SNBT numbers",
    6: "a child holding the pipes",
    7: "absurd option values",
    8: "huge integers",
    9: "huge case ids",
    10: "YAML 1.1 integers",
    11: "deep nesting",
    12: "endless or huge streams",
    13: "huge arrays shown",
}


@dataclass
class Entry:
    name: str
    item: int  # the item of issue #11; its kind of input is GROUPS[item] (Entry.group)
    build: Callable[[Path], list[str]]
    status: int
    line: str  # a regular expression one line of stderr (or stdout) must match
    seconds: float = SECONDS  # it must end within this
    max_rss: Callable[[Path], int] | None = None  # its peak resident size bound, from the built folder; MAX_RSS if None
    also: tuple[str, ...] = ()  # more regular expressions, each of which some line must match as well

    @property
    def group(self) -> str:
        """The kind of hostile input the entry is (:data:`GROUPS` of its item)."""
        return GROUPS[self.item]


def _harness(*args: str) -> list[str]:
    return ["-m", "harness", *args]


def _dev_zero(folder: Path) -> list[str]:
    return _harness("check", "--recorded", "/dev/zero", "--no-progress")


def _urandom(folder: Path) -> list[str]:
    return _harness("check", "--recorded", "/dev/urandom", "--no-progress")


def _load_generated(cases: Path) -> list[str]:
    """Load the case files under ``cases`` as ``harness check --cases`` loads ``cases/``."""
    code = f"""
        import sys
        from harness.engine.casefile import CaseFileError
        from harness.engine.sources import generated_cases
        try:
            generated_cases({str(cases)!r})
        except CaseFileError as e:
            print("harness check:", e, file=sys.stderr); sys.exit(2)
    """
    return ["-c", textwrap.dedent(code)]


def _yaml_symlink(folder: Path) -> list[str]:
    (folder / "cases" / "storage").mkdir(parents=True)
    (folder / "cases" / "storage" / "zero.yaml").symlink_to("/dev/zero")
    return _load_generated(folder / "cases")


def _billion_laughs(folder: Path) -> list[str]:
    lines = ["area: storage", "a0: &a0 [new]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    lines += ["cases:", "- id: storage/g/laughs", "  setup: {bits: 4, size: 4}", "  ops: *a9"]
    path = folder / "cases" / "storage" / "laughs.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return _load_generated(folder / "cases")


def _setsid_program(folder: Path) -> list[str]:
    # a shell program (no interpreter to start: it is running within a millisecond or two, some
    # tens on a machine as busy as this project's two cores get): setsid(1) puts a child in a
    # session of its own, holding stdout open, before the shell reads the case and never answers.
    # The timeout is waited out (the program never answers), and is what the entry tests; at 1 s
    # it stays far above the time the child takes to leave the group
    program = "setsid sleep 15 & read case; sleep 60"
    return _harness("check", "--impl", f"sh -c '{program}'", "--case", "storage/p/errors", "--version", "26.3",
                    "--timeout", "1", "--no-progress", "--quiet")


def _huge_timeout(folder: Path) -> list[str]:
    return _harness("check", "--timeout", "1e10", "--case", "storage/p/errors", "--version", "26.3")


def _long_integer_recorded(folder: Path) -> list[str]:
    path = folder / "long.jsonl"
    path.write_text('{"id": "storage/p/x", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": '
                    + "9" * 5000 + '}, "ops": [["new"]], "answers": [null]}\n', encoding="utf-8")
    return _harness("check", "--recorded", str(path), "--no-progress")


def _gzip_bomb(folder: Path) -> list[str]:
    # a Java NBT file: root compound "" holding a list of 20 million empty compounds
    comp = gzip.compress(_bomb_body(), 9)
    path = folder / "bomb.nbt"
    path.write_bytes(comp)
    return _harness("nbt", "show", str(path))


def _bomb_body(n: int = 20_000_000) -> bytes:
    """A Java NBT document: root compound "" holding ``l``, a list of ``n`` empty compounds."""
    return b"\x0a\x00\x00" + b"\x09\x00\x01l\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"


def _region_file(folder: Path, stream: bytes, chunks: int) -> Path:
    """``folder/r.0.0.mca``: its first ``chunks`` chunks (x + 32 z order) each the zlib ``stream``."""
    payload = struct.pack(">iB", len(stream) + 1, 2) + stream
    sectors = -(-len(payload) // 4096)
    payload += b"\x00" * (sectors * 4096 - len(payload))
    table = bytearray(8192)
    for i in range(chunks):
        struct.pack_into(">I", table, 4 * i, ((2 + i * sectors) << 8) | sectors)
    path = folder / "r.0.0.mca"
    with open(path, "wb") as f:
        f.write(bytes(table))
        for _ in range(chunks):
            f.write(payload)
    return path


@lru_cache(maxsize=1)
def _zlib_bomb() -> bytes:
    """The zlib stream of :func:`_bomb_body` (19 KB; made once, for both region files of bombs)."""
    import zlib

    return zlib.compress(_bomb_body(), 9)


def _region_bombs(folder: Path, chunks: int) -> list[str]:
    """``nbt show`` of a region file of ``chunks`` chunks, each the zlib stream of
    :func:`_bomb_body` (19 KB, a list of 20 million empty compounds)."""
    return _harness("nbt", "show", str(_region_file(folder, _zlib_bomb(), chunks)))


REGION_CHUNKS = 1024 if FULL_SIZE else 64  # chunks of the region file of bombs
MAX_REGION_TAGS, MAX_TAGS = 16_000_000, 1_000_000  # harness.formats.budget's defaults (test_corpus.py checks)
MAX_DECOMPRESSED_BYTES = 256 << 20  # budget's too: the most one read may inflate, or read of a plain file
REGION_READS = MAX_REGION_TAGS // MAX_TAGS  # bombs read (each refused at MAX_TAGS) before the file's budget is spent
DAMAGED_CHUNKS = 120 if FULL_SIZE else REGION_READS + 8  # chunks of the region file of damaged streams


def _region_damaged(folder: Path) -> list[str]:
    """``nbt show`` of a region file of :data:`DAMAGED_CHUNKS` chunks, each a 1 MB stored
    (level 0) zlib stream whose Adler-32 check is wrong: a stream is inflated again to find
    the byte where zlib fails, and each failed read is charged its 1 MB to the file's budget
    (a tag a byte at most), so :data:`REGION_READS` are read."""
    import zlib

    stream = bytearray(zlib.compress(b"\x01" * 1_000_000, 0))
    stream[-1] ^= 1
    return _harness("nbt", "show", str(_region_file(folder, bytes(stream), DAMAGED_CHUNKS)))


def _recorded(folder: Path, name: str, case: dict) -> Path:
    import json

    path = folder / name
    path.write_text(json.dumps(case) + "\n", encoding="utf-8")
    return path


def _storage_values(folder: Path) -> list[str]:
    path = _recorded(folder, "values.jsonl", {"id": "storage/p/huge", "area": "storage", "version": "26.3",
                                              "setup": {"bits": 1, "size": 200_000_000},
                                              "ops": [["new"], ["values"]], "answers": [None, []]})
    return _harness("check", "--recorded", str(path), "--no-progress", "--quiet")


CASE_BOMB = 20_000_000 if FULL_SIZE else 2_000_000  # empty compounds in the case's hex input (each 2 tags)


def _bomb_case(folder: Path) -> list[str]:
    path = _recorded(folder, "bomb.jsonl", {"id": "nbt/p/bomb", "area": "nbt", "version": "26.3",
                                            "setup": {"form": "file", "input": _bomb_body(CASE_BOMB).hex()},
                                            "ops": [["to_string"]], "answers": ["{l:[]}"]})
    return _harness("check", "--recorded", str(path), "--no-progress", "--quiet")


def _impl_long_integer(folder: Path) -> list[str]:
    prog = folder / "impl.py"
    prog.write_text(textwrap.dedent("""
        import json, sys
        for line in sys.stdin:
            case = json.loads(line)
            print('{"id": %s, "answers": [%s]}' % (json.dumps(case["id"]), "9" * 5000), flush=True)
    """), encoding="utf-8")
    return _harness("check", "--impl", f"{sys.executable} {prog}", "--case", "storage/p/errors", "--version", "26.3",
                    "--no-progress", "--quiet")


SLOW_ID_CHARS = 50_000_000 if FULL_SIZE else 5_000_000  # of the slow case's id, past "storage/p/"
SLOW_SIZE = 4_000_000  # entries each of the slow case's values answers lists (budget.MAX_STORAGE_ENTRIES is 4 Mi)
SLOW_LISTINGS = 4  # values answers of the slow case: one of 4 million took 50 ms in a CI run, at the "slow" line's threshold


def _huge_id_slow(folder: Path) -> list[str]:
    path = _recorded(folder, "slow.jsonl", {"id": "storage/p/" + "x" * SLOW_ID_CHARS, "area": "storage",
                                            "version": "26.3", "setup": {"bits": 5, "size": SLOW_SIZE},
                                            "ops": [["new"], ["fill", 3]] + [["values"]] * SLOW_LISTINGS,
                                            "answers": [None, None] + [[]] * SLOW_LISTINGS})
    return _harness("check", "--recorded", str(path), "--no-progress")


def _deep_convert(folder: Path) -> list[str]:
    src = folder / "deep.snbt"
    src.write_text("{a:" * 1000 + "1" + "}" * 1000, encoding="utf-8")
    return _harness("nbt", "convert", str(src), str(folder / "deep.nbt"), "--to", "java", "--strict")


def _octal_yaml(folder: Path) -> list[str]:
    path = folder / "cases" / "storage" / "octal.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("area: storage\ncases:\n- id: storage/g/o\n  setup: {bits: 4, size: 064}\n  ops: [[new]]\n")
    return _load_generated(folder / "cases")


def _snbt_long_list(folder: Path) -> list[str]:
    path = folder / "list.snbt"
    path.write_text("[" + ",".join(["1"] * 2_000_000) + "]", encoding="utf-8")
    return _harness("nbt", "show", str(path))


def _snbt_long_hex(folder: Path) -> list[str]:
    path = folder / "hex.snbt"
    path.write_text("{a:0x" + "f" * 3600 + "}", encoding="utf-8")
    return _harness("nbt", "show", str(path))


RANDOM_BLOCK = 1 << 20  # the huge arrays' random bytes: one MiB of os.urandom, repeated (the same mix of bytes, cheaper to make)
FULL_ARRAY_BYTES = 250_000_000  # the random byte array at full size: just under MAX_DECOMPRESSED_BYTES
ARRAY_BYTES = FULL_ARRAY_BYTES if FULL_SIZE else 16_000_000


def _huge_byte_array(folder: Path, *options: str) -> list[str]:
    """A Java NBT file (no compression): root compound "" holding ``b``, one byte array of
    :data:`ARRAY_BYTES` random bytes; its SNBT text is 3-5 characters a byte."""
    path = folder / "array.nbt"
    block = os.urandom(RANDOM_BLOCK)
    with open(path, "wb") as f:
        f.write(b"\x0a\x00\x00" + b"\x07\x00\x01b" + struct.pack(">i", ARRAY_BYTES))
        for start in range(0, ARRAY_BYTES, RANDOM_BLOCK):
            f.write(block[:ARRAY_BYTES - start])
        f.write(b"\x00")
    return _harness("nbt", "show", str(path), *options)


def _four_times_input(folder: Path) -> int:
    """The bound on a command's peak memory: 4 times its input's size plus 200 MB (the input:
    the ``.nbt`` files of the folder)."""
    return 4 * sum(path.stat().st_size for path in folder.glob("*.nbt")) + 200_000_000


def _convert_huge_array(folder: Path) -> list[str]:
    """``nbt convert --to snbt`` of :func:`_huge_byte_array`'s file: 3-5 characters a byte written."""
    _huge_byte_array(folder)
    return _harness("nbt", "convert", str(folder / "array.nbt"), str(folder / "array.snbt"), "--to", "snbt")


DIFF_BYTES = 200_000_000 if FULL_SIZE else 8_000_000  # each of the two arrays diff compares


def _diff_huge_arrays(folder: Path) -> list[str]:
    """``nbt diff`` of two Java NBT files, each one byte array of :data:`DIFF_BYTES` random
    bytes, the same but for one byte near the end."""
    block = os.urandom(RANDOM_BLOCK)
    for name, last in (("a.nbt", b"\x01"), ("b.nbt", b"\x02")):
        with open(folder / name, "wb") as f:
            f.write(b"\x0a\x00\x00" + b"\x07\x00\x01b" + struct.pack(">i", DIFF_BYTES))
            for start in range(0, DIFF_BYTES - 1, RANDOM_BLOCK):
                f.write(block[:DIFF_BYTES - 1 - start])
            f.write(last + b"\x00")
    return _harness("nbt", "diff", str(folder / "a.nbt"), str(folder / "b.nbt"))


PIPE_LIMIT = 512 << 20 if FULL_SIZE else 64 << 20  # --max-bytes of the endless pipe


def _endless_stdin(folder: Path) -> list[str]:
    """``nbt show -`` with ``/dev/zero`` as standard input (its file descriptor 0): read to
    :data:`PIPE_LIMIT`, then refused."""
    code = ("import os, sys; os.dup2(os.open('/dev/zero', os.O_RDONLY), 0); from harness.cli import main; "
            f"sys.exit(main(['nbt', 'show', '-', '--max-bytes', '{PIPE_LIMIT}']))")
    return ["-c", code]


def _about_the_pipe_limit(folder: Path) -> int:
    """A pipe's read holds one buffer: the limit, its growth's spare eighth, and the interpreter."""
    return PIPE_LIMIT * 5 // 4 + 100_000_000


_ARRAY_SECONDS = 90.0 if FULL_SIZE else SECONDS  # ~7 s per 100 MB printed, on 2 cores

ENTRIES = [
    Entry("recorded /dev/zero", 1, _dev_zero, 2, r"/dev/zero: a device, not a regular file"),
    Entry("recorded /dev/urandom", 1, _urandom, 2, r"/dev/urandom: a device, not a regular file"),
    Entry("case file symlink to /dev/zero", 1, _yaml_symlink, 2, r"zero\.yaml: a device, not a regular file"),
    Entry("YAML billion laughs", 3, _billion_laughs, 2, r"laughs\.yaml:\d+: YAML aliases expand the file"),
    Entry("--impl child setsid() holding stdout", 6, _setsid_program, 1, r"^0 passed, 1 failed, 0 unverified$"),
    Entry("--timeout 1e10", 7, _huge_timeout, 2, r"--timeout: must be at most"),
    Entry("5000-digit integer in recorded JSON", 8, _long_integer_recorded, 2,
          r"long\.jsonl:1: not valid JSON: an integer of 5000 digits"),
    Entry("gzip bomb: 20 million empty compounds", 2, _gzip_bomb, 2, r"bomb\.nbt: .*tags"),
    Entry(f"case: nbt hex input, the {CASE_BOMB // 1_000_000}-million-compound list", 2, _bomb_case, 1,
          r"nbt/p/bomb.*more than 1000000 tags"),
    Entry("case: values of a 200-million-entry storage", 12, _storage_values, 1,
          r"storage/p/huge.*'values' would list 200000000 entries, over the tools' limit"),
    Entry("--impl answers a 5000-digit integer", 8, _impl_long_integer, 1,
          r"storage/p/errors.*the answer line is not JSON \(an integer of 5000 digits"),
    Entry(f"{SLOW_ID_CHARS // 1_000_000} MB case id, a slow case", 9, _huge_id_slow, 1,
          rf"^slow: storage averages .*\({SLOW_ID_CHARS + 10} chars\)"),
    Entry("YAML size: 064", 10, _octal_yaml, 2, r"octal\.yaml:4: the integer '064' is not plain decimal \(YAML 1\.1"),
    Entry("convert to 1000-deep NBT --strict", 11, _deep_convert, 2,
          r"deep\.nbt: not written \(--strict\): the file will not read back: it nests 1000"),
    Entry("SNBT list of two million 1s", 4, _snbt_long_list, 2, r"list\.snbt: .*over the tools' limit of 100000"),
    Entry("SNBT 0x + 3600 f", 5, _snbt_long_hex, 2, r"hex\.snbt: .*SNBT \(CommandSyntaxException"),
    Entry("nbt show: one huge random byte array", 13, _huge_byte_array, 0, r"\d+B,-?\d+B\]\}$",
          seconds=_ARRAY_SECONDS, max_rss=_four_times_input),
    Entry("nbt show --pretty: one huge random byte array", 13, lambda folder: _huge_byte_array(folder, "--pretty"), 0,
          r"\d+B, -?\d+B\]$", seconds=_ARRAY_SECONDS, max_rss=_four_times_input),
    Entry(f"region file: {REGION_CHUNKS} chunks, each a list of 20 million compounds", 2,
          lambda folder: _region_bombs(folder, REGION_CHUNKS), 0,
          rf"^chunks: {REGION_CHUNKS} of 1024; {REGION_CHUNKS} not checked: {REGION_READS} as their rows say, "
          rf"{REGION_CHUNKS - REGION_READS} because the chunks read before them used up the budget for the whole "
          rf"file, {MAX_REGION_TAGS} tags",
          also=(rf"^\s+0\s+0 .*note: not checked: more than {MAX_TAGS} tags",  # each chunk refused at MAX_TAGS,
                rf"^\s+{REGION_READS - 1}\s+0 .*note: not checked: more than {MAX_TAGS} tags",  # to the file's budget,
                rf"^\s+{REGION_READS}\s+0 .*note: not checked: the budget for the whole file is spent")),  # then none
    Entry(f"region file: {DAMAGED_CHUNKS} chunks, each a damaged 1 MB zlib stream", 2, _region_damaged, 0,
          rf"^chunks: {DAMAGED_CHUNKS} of 1024; {REGION_READS} the game cannot load; "
          rf"{DAMAGED_CHUNKS - REGION_READS} not checked: "),
    Entry("nbt convert --to snbt: one huge random byte array", 13, _convert_huge_array, 0,
          r"array\.snbt: warning: the file will not read back: its \d+ characters of SNBT are over the tools' limit "
          r"of 8388608, which harness nbt show, convert and diff refuse \(--max-snbt-chars N", seconds=_ARRAY_SECONDS,
          max_rss=_four_times_input),
    Entry("nbt diff: two huge byte arrays, one byte apart", 13, _diff_huge_arrays, 1,
          rf"a\.nbt and .*b\.nbt differ, first at b\[{DIFF_BYTES - 1}\] \(the pretty SNBT of .*a\.nbt is over "
          r"8388608 characters", max_rss=_four_times_input),
    Entry("nbt show -: standard input from /dev/zero", 12, _endless_stdin, 2,
          rf"^harness nbt: - \(standard input\): longer than the limit of {PIPE_LIMIT} bytes",
          max_rss=_about_the_pipe_limit),
]


@dataclass
class Result:
    status: int
    seconds: float
    max_rss: int  # bytes
    stdout: str
    stderr: str
    timed_out: bool
    max_rss_bound: int  # bytes: the entry's ``max_rss`` of its built input, else MAX_RSS
    cpu_seconds: float = 0.0  # user + system time of the command (its wall time on a busy machine is more)


def run(entry: Entry, folder: Path, timeout: float = 60.0) -> Result:
    """Build ``entry`` under ``folder`` and run it in a subprocess of its own, measuring its
    wall time and peak resident size (``wait4``); killed after ``timeout`` seconds.

    The input is built in a subprocess too: Linux counts a child's peak from its parent's
    size at the fork, so a parent that built a 40 MB input would inflate every figure. For
    the same reason the command is started by a small launcher (:data:`_LAUNCHER`), which
    reports its child's peak: a test process grown to 400 MB would count in it too."""
    import json

    index = next(i for i, e in enumerate(ENTRIES) if e.name == entry.name)
    code = (f"import json, sys, pathlib; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            f"import hostile_corpus as h; print(json.dumps(h.ENTRIES[{index}].build(pathlib.Path({str(folder)!r}))))")
    built = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, capture_output=True, text=True)
    bound = entry.max_rss if entry.max_rss is not None else MAX_RSS
    return _launch(json.loads(built.stdout), folder, timeout, bound)


def _launch(args: list[str], folder: Path, timeout: float, bound) -> Result:
    """``python3 *args`` through :data:`_LAUNCHER` in the checkout, its output in ``folder``;
    its status, time and peak resident size (``bound``: the bound, or a function of ``folder``
    giving it)."""
    peak = folder / ".maxrss"
    argv = [sys.executable, "-c", _LAUNCHER, str(peak), sys.executable, *args]
    out, err = folder / ".stdout", folder / ".stderr"
    with open(out, "wb") as o, open(err, "wb") as e:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=REPO, stdin=subprocess.DEVNULL, stdout=o, stderr=e,
                                start_new_session=True)
        status, usage, timed_out = wait(proc.pid, timeout, group=True)
        seconds = time.perf_counter() - start
    proc.returncode = status  # waited for here (wait4), not by Popen
    if peak.exists():
        rss, cpu = peak.read_text().split()
        max_rss, cpu_seconds = int(rss), float(cpu)
    else:  # the launcher's own if it was killed
        max_rss, cpu_seconds = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    return _result(folder, status, seconds, max_rss, cpu_seconds, timed_out, bound)


def _result(folder: Path, status: int, seconds: float, max_rss: int, cpu_seconds: float, timed_out: bool,
            bound) -> Result:
    """The :class:`Result` of a command that wrote its output to ``folder``'s ``.stdout`` and
    ``.stderr`` (``max_rss`` in KiB, as ``wait4`` gives it)."""
    bound = bound(folder) if callable(bound) else bound
    return Result(status, seconds, max_rss * 1024, _kept(folder / ".stdout"),
                  (folder / ".stderr").read_text(errors="replace"), timed_out, bound, cpu_seconds)


# the modules a forked command would import first (the verbs' own): imported once by the server
_WARM = ("harness.cli.check", "harness.cli.nbt", "harness.engine.sources", "harness.engine.reference",
         "harness.implementations.python", "harness.implementations.process", "harness.formats.region",
         "harness.formats.nbt.detect", "harness.formats.nbt.tag_parser", "harness.formats.nbt.nbt_io")


class ForkServer:
    """A warm process (the interpreter started and the harness's verbs imported, once) that runs
    each entry in a child of its own, forked from it: the entry's command as ``python3 ARGS``
    would run it (``-m harness ...`` calls :func:`harness.cli.main`, ``-c CODE`` runs the code as
    ``__main__``; a ``SystemExit`` is the status, any other exception a traceback on stderr and
    status 1), its standard input ``/dev/null``, its output in files, in a session of its own.

    The peak resident size is the child's from ``wait4`` or the server's own peak, the larger:
    Linux starts a forked child's count at its parent's size, the server's after the imports a
    fresh interpreter would do (:data:`_WARM`), so the child's is that plus what the command grew
    by, and the server's peak after its imports (its own ``VmHWM``, not ``getrusage``'s, which
    holds the size of the test process it was forked from) stands for what the imports held for
    a moment: the figure :func:`run` measures of a fresh interpreter. The input is built in the calling
    process, whose size counts in no command's. A child still
    running after its timeout is killed with its process group and is a timed-out result."""

    def __init__(self):
        path = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]  # this module's and helpers_cli's
        code = f"import sys; sys.path[:0] = {path!r}; import hostile_corpus; hostile_corpus._serve()"
        self._proc = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)

    def run(self, entry: Entry, folder: Path, timeout: float) -> Result:
        """Build ``entry`` under ``folder`` and run it in a child forked from the server."""
        import json

        argv = entry.build(folder)
        self._proc.stdin.write(json.dumps({"argv": argv, "folder": str(folder), "timeout": timeout}) + "\n")
        self._proc.stdin.flush()
        reply = self._proc.stdout.readline()
        if not reply:
            raise RuntimeError(f"the fork server ended (status {self._proc.wait()})")
        r = json.loads(reply)
        bound = entry.max_rss if entry.max_rss is not None else MAX_RSS
        return _result(folder, r["status"], r["seconds"], r["max_rss"], r["cpu_seconds"], r["timed_out"], bound)

    def close(self) -> None:
        self._proc.stdin.close()
        self._proc.wait()


def _serve() -> None:
    """The loop of :class:`ForkServer`'s process: one JSON request a line on stdin (argv, folder,
    timeout), one JSON result a line on stdout."""
    import importlib
    import json

    for name in _WARM:
        importlib.import_module(name)
    warm_peak = _own_peak()
    requests, replies = sys.stdin, sys.stdout
    for line in requests:
        step = json.loads(line)
        start = time.perf_counter()
        pid = _forked(step["argv"], Path(step["folder"]))
        status, usage, timed_out = wait(pid, step["timeout"], group=True)
        max_rss = max(usage.ru_maxrss, warm_peak)
        replies.write(json.dumps({"status": status, "seconds": time.perf_counter() - start, "max_rss": max_rss,
                                  "cpu_seconds": usage.ru_utime + usage.ru_stime, "timed_out": timed_out}) + "\n")
        replies.flush()


def _own_peak() -> int:
    """This process's peak resident size since its program started, KiB (``VmHWM``: not
    ``getrusage``'s, which keeps the size of the process it was forked from before the exec)."""
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


def _forked(argv: list[str], folder: Path) -> int:
    """(In :func:`_serve`.) A child running ``python3 *argv``'s command in its process
    (:func:`helpers_cli.command_status`, then the ``atexit`` functions, as the interpreter ends),
    in a session of its own, its standard streams on ``/dev/null`` and ``folder``'s ``.stdout``
    and ``.stderr`` (:func:`helpers_cli.fork`); its process id."""
    import atexit

    def command() -> int:
        status = command_status(argv)
        atexit._run_exitfuncs()
        return status

    opened = [os.open(path, flags, 0o644) for path, flags in (
        (os.devnull, os.O_RDONLY), (folder / ".stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        (folder / ".stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC))]
    try:
        return fork(command, tuple(opened), session=True)
    finally:
        for fd in opened:
            os.close(fd)


# python3 -c _LAUNCHER PEAK_FILE ARGV...: runs ARGV in its own process group's reach (a kill of
# the group ends both), writes ARGV's peak resident size (KiB, wait4) and its CPU seconds (user
# and system) to PEAK_FILE and ends
# as ARGV ended (its status, or the signal that killed it)
_LAUNCHER = textwrap.dedent("""
    import os, signal, sys
    pid = os.fork()
    if pid == 0:
        os.execv(sys.argv[2], sys.argv[2:])
    _, status, usage = os.wait4(pid, 0)
    with open(sys.argv[1], "w") as f:
        f.write(f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}")
    if os.WIFSIGNALED(status):
        signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
        os.kill(os.getpid(), os.WTERMSIG(status))
    sys.exit(os.waitstatus_to_exitcode(status))
""")


def _kept(path: Path) -> str:
    """The file's text; of a longer one, its first and last :data:`KEPT_OUTPUT` bytes, on
    lines of their own (a 2 GB printout is not read back whole)."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        if size <= 2 * KEPT_OUTPUT:
            return f.read().decode(errors="replace")
        head = f.read(KEPT_OUTPUT)
        f.seek(size - KEPT_OUTPUT)
        tail = f.read()
    return (head + b"\n[...]\n" + tail).decode(errors="replace")


__all__ = ["ENTRIES", "Entry", "ForkServer", "Result", "run", "SECONDS", "MAX_RSS", "FULL_SIZE"]
