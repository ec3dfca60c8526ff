"""Shrinking SNBT text takes out a compound's (or list's) whole entries, which deleting runs of
characters cannot reach when they lie off its boundaries; and a case the oracle shrank past the
recorded answers says in its header how it can be judged (``harness check --cases`` of it alone
judges nothing)."""

from __future__ import annotations

import sys
import textwrap

from harness.cli import main
from harness.engine.casefile import load_cases
from harness.engine.oracle import ChainOracle, ImplementationOracle, RecordedOracle
from harness.engine.runner import CallableImplementation
from harness.engine.shrink import _entry_deletions, shrink
from harness.implementations.python import answer_case
from helpers_engine import recorded

ADAPTER = '''
import numpy as np
from harness.formats import versions
from harness.formats.nbt.nbt_io import write_any
from harness.formats.nbt.tag_parser import parse, parse_compound
from harness.formats.nbt.tags import CompoundTag, ListTag, LongArrayTag
from harness.implementations.process import serve
from harness.implementations.python import answer_each


def bug(tag):  # the first long of every long array one more
    if isinstance(tag, LongArrayTag):
        values = np.array(tag, dtype=np.int64)
        values[:1] += 1
        return LongArrayTag(values)
    items = tag.items() if isinstance(tag, CompoundTag) else enumerate(tag) if isinstance(tag, ListTag) else ()
    for k, v in list(items):
        tag[k] = bug(v)
    return tag


def answer(case):
    if case.get("area") != "snbt":
        raise ValueError("only snbt")
    version = versions.resolve(case["version"])
    parsers = {"parse": parse, "parse_compound": parse_compound}
    return answer_each(case["ops"], lambda op: write_any(bug(parsers[op[0]](op[1], version)), version).hex())


serve(answer)
'''


def _with_the_bug(case: dict) -> list:
    exec_globals: dict = {}
    exec(ADAPTER.replace("serve(answer)", ""), exec_globals)  # the same adapter, in process
    return exec_globals["answer"](case)


def test_the_shrinker_takes_out_a_compound_entry_the_bug_does_not_need():
    case = recorded("26.3")["snbt/p/8"]
    impl = CallableImplementation("long bug", _with_the_bug)
    ours = ImplementationOracle(CallableImplementation("ours", answer_case))
    result = shrink(case, impl, ChainOracle([RecordedOracle(recorded("26.3").values()), ours]))
    # not {a:[],c:[L;2]}: a:[] is not needed; and the long array's first entry, 1L, taken out whole
    assert result.case["ops"] == [["parse", "{c:[L;2]}"]]


def test_taking_out_an_array_entry_keeps_the_array():
    # the first entry starts after "L;" / "B;" / "I;": taking it out never turns the array into a list
    assert list(_entry_deletions("{c:[L;1,2]}")) == ["{}", "{c:[L;2]}", "{c:[L;1]}"]
    assert list(_entry_deletions("[B;1b,2b,3b]")) == ["[B;2b,3b]", "[B;1b,3b]", "[B;1b,2b]"]
    assert list(_entry_deletions("[I;7]")) == ["[I;]"]
    assert list(_entry_deletions("[[I;7],[3]]")) == ["[[3]]", "[[I;7]]", "[[I;],[3]]", "[[I;7],[]]"]


def test_an_oracle_shrunk_case_file_says_how_it_can_be_judged(tmp_path, capsys):
    adapter = tmp_path / "adapter.py"
    adapter.write_text(textwrap.dedent(ADAPTER))
    out = tmp_path / "s8.yaml"
    impl = f"{sys.executable} {adapter}"
    assert main(["shrink", "snbt/p/8", "--impl", impl, "--oracle", f"{sys.executable} -m harness.implementations.process",
                 "--out", str(out)]) == 0
    err = capsys.readouterr().err
    header = out.read_text().splitlines()[0]
    assert header.startswith("# shrunk by harness shrink from snbt/p/8 (26.3); no recorded answer judges it yet")
    assert "run it with harness check --cases" not in header
    assert ("harness record --jar server.jar --cases <this file> --out DIR, then harness check --recorded "
            f"DIR/26.3/snbt.jsonl --impl '{impl}'") in header
    assert "to judge it: no recorded answer judges it yet" in err and f"--cases {out} --out DIR" in err
    assert load_cases(out)[0]["ops"] == [["parse", "{c:[L;2]}"]]
    # what the header says of harness check --cases: it has nothing to judge the case by
    assert main(["check", "--cases", str(out), "--impl", impl, "--no-progress"]) == 2
    assert "nothing was judged" in capsys.readouterr().err
