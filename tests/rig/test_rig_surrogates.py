"""Java strings cross JPype as UTF-16 code units, both ways (rig/game.py ``java_str`` and
``java_string``): reversed pairs, lone surrogates and every 16-bit code unit arrive whole.

JPype's own ``str()`` of a Java string refuses a lone surrogate and turns a low surrogate
followed by a high one into one wrong code point; its conversion of a Python ``str`` refuses
any lone surrogate (``UnicodeEncodeError``). Run on the stand-in library through the worker.
"""

from __future__ import annotations

import functools
import json
import os
import struct
import subprocess
import sys

import pytest
from rig.runner import REPO

from harness.engine.runner import protocol_case

from test_rig_end_to_end import reference_cases


def _mutf8(text: str) -> bytes:
    out = bytearray()
    for (u,) in struct.iter_unpack("<H", text.encode("utf-16-le", errors="surrogatepass")):
        if 1 <= u <= 0x7F:
            out.append(u)
        elif u <= 0x7FF:
            out += bytes([0xC0 | u >> 6, 0x80 | u & 0x3F])
        else:
            out += bytes([0xE0 | u >> 12, 0x80 | u >> 6 & 0x3F, 0x80 | u & 0x3F])
    return bytes(out)


def _compound(strings: list[str]) -> str:
    body = b"".join(b"\x08" + struct.pack(">H", len(k)) + k.encode() + struct.pack(">H", len(m)) + m
                    for k, m in ((f"s{i}", _mutf8(s)) for i, s in enumerate(strings)))
    return (b"\x0a\x00\x00" + body + b"\x00").hex()


def _worker(jar, cases: list[dict]) -> list[str]:
    """The answer lines of ``python -m rig.worker`` to ``cases`` (split at ``\\n`` alone, each
    with its newline; a raw U+2028 or U+0085 in an answer is no line break of the protocol)."""
    lines = "".join(json.dumps(c) + "\n" for c in cases).encode()
    done = subprocess.run([sys.executable, "-m", "rig.worker", "--jar", str(jar)], input=lines, capture_output=True,
                          cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    *lines, rest = done.stdout.decode("utf-8").split("\n")  # strict: the lines are UTF-8
    assert rest == "", f"the last line has no newline: {rest[:200]!r}"
    return [line + "\n" for line in lines]


REVERSED = "a\udc00\ud800b"  # a low surrogate, then a high one: two lone code units, not U+10000
LONE = ["\ud83d", "\ude00", "x\ud800", "\udbff\udbff", "\U0001f600"]  # the last a valid pair
JAVA_TO_PYTHON = {"reversed-pair-alone": [REVERSED], "with-lone-ones": [REVERSED, *LONE]}
UNITS = "".join(map(chr, range(0x20, 0x10000))).replace('"', "").replace("\\", "")
PARTS = [UNITS[i:i + 16000] for i in range(0, len(UNITS), 16000)]


def _nbt_case(name: str, strings: list[str]) -> dict:
    return {"id": f"nbt/p/{name}", "area": "nbt", "version": "26.3",
            "setup": {"form": "file", "input": _compound(strings)}, "ops": [["write_back"], ["to_string"]]}


RECORDED_ID = "nbt/p/raw-string-lone-high-surrogate/file"  # the game's answers to a string of one lone U+D83D


@functools.lru_cache(maxsize=None)
def _recorded() -> dict:
    """The recorded case :data:`RECORDED_ID`, read when a test first needs it (not at collection)."""
    return next(c for c in reference_cases("26.3", "nbt") if c["id"] == RECORDED_ID)


# every test's case but the recorded one, answered by one worker (one JVM) for the module
CASES = [*(_nbt_case(f"surrogates-{name}", strings) for name, strings in JAVA_TO_PYTHON.items()),
         _nbt_case("every-unit", PARTS),
         {"id": "snbt/p/surrogates", "area": "snbt", "version": "26.3", "setup": {},
          "ops": [["parse", '"' + s + '"'] for s in (REVERSED, *LONE)]}]  # the surrogates raw in the text
pytestmark = pytest.mark.xdist_group("rig-surrogates")  # the module's one worker on one pytest-xdist worker


@pytest.fixture(scope="module")
def lines(standin_jars) -> dict:
    """Case id -> the worker's answer line as written (text, its newline kept), for :data:`CASES`
    and the recorded case: one line a case, in their order."""
    cases = [*CASES, protocol_case(_recorded())]
    written = _worker(standin_jars.plain, cases)
    assert [json.loads(line)["id"] for line in written] == [c["id"] for c in cases]
    return {c["id"]: line for c, line in zip(cases, written)}


@pytest.fixture(scope="module")
def answers(lines) -> dict:
    """Case id -> the worker's answer line, read, for :data:`CASES`."""
    return {case_id: json.loads(line) for case_id, line in lines.items()}


def test_the_worker_writes_utf8_lines_keeping_a_lone_surrogate_as_its_escape(lines):
    line = lines[RECORDED_ID]  # UTF-8 (_worker decodes strictly), one line (the fixture's order)
    assert '\\ud83d' in line
    assert json.loads(line) == {"id": RECORDED_ID, "answers": _recorded()["answers"]}


def _case(case_id: str) -> dict:
    return next(c for c in CASES if c["id"] == case_id)


@pytest.mark.parametrize("name", list(JAVA_TO_PYTHON))
def test_java_to_python_keeps_reversed_and_lone_surrogates(answers, name):
    # alone, the reversed pair is what JPype's str() got wrong without raising (U+10000)
    case = _case(f"nbt/p/surrogates-{name}")
    answer = answers[case["id"]]
    assert "failure" not in answer, answer
    written, text = answer["answers"]
    assert written == case["setup"]["input"]  # the bytes came back unchanged
    assert "\U00010000" not in text
    for s in JAVA_TO_PYTHON[name]:
        assert s in text, (s, text)


def test_every_16_bit_code_unit_goes_to_java_and_back(answers):
    case = _case("nbt/p/every-unit")
    answer = answers[case["id"]]
    assert "failure" not in answer, answer
    assert answer["answers"][0] == case["setup"]["input"]
    for part in PARTS:
        assert part.encode("utf-16-le", "surrogatepass") in answer["answers"][1].encode("utf-16-le", "surrogatepass")


def test_python_to_java_takes_lone_and_reversed_surrogates_in_snbt(answers):
    answer = answers["snbt/p/surrogates"]
    assert "failure" not in answer, answer
    for s, got in zip((REVERSED, *LONE), answer["answers"]):
        assert not (isinstance(got, dict) and "error" in got), (s, got)
        assert _mutf8(s).hex() in got, (s, got)
