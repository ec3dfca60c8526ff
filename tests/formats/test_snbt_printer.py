"""SNBT printing: ``toString()`` (StringTagVisitor) and SnbtPrinterTagVisitor, per version.

Expected texts are the game's recorded answers (``reference/<v>/nbt.jsonl``): each rule is
pinned with a tag built by hand whose recorded ``to_string``/``pretty`` answer is known,
then every recorded nbt case whose read succeeds goes through ``nbt_io`` and both printers.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from harness.formats import budget, versions
from harness.formats.errors import GameError
from harness.formats.nbt import nbt_io
from harness.formats.nbt.snbt_printer_tag_visitor import pretty
from harness.formats.nbt.string_tag_visitor import to_string
from harness.formats.nbt.tags import (
    END, ByteArrayTag, ByteTag, CompoundTag, DoubleTag, FloatTag, IntArrayTag, IntTag, ListTag,
    LongArrayTag, LongTag, ShortTag, StringTag)
from conftest import RECORDED_VERSIONS, reference_case, reference_cases

PRINTERS = {"to_string": to_string, "pretty": pretty}


def recorded(version: str, case_id: str) -> tuple[str, str]:
    """The (to_string, pretty) answers of a recorded case."""
    case = reference_case(version, case_id)
    ops = [op[0] for op in case["ops"]]
    return case["answers"][ops.index("to_string")], case["answers"][ops.index("pretty")]


def assert_prints(tag, version: str, case_id: str) -> None:
    want_compact, want_pretty = recorded(version, case_id)
    assert to_string(tag, version) == want_compact
    assert pretty(tag, version) == want_pretty


# --- compound keys: Java String order and the quoting rule of each version -------------
KEYS = {"a": 0, "B": 1, "1a": 2, "-x": 3, "true": 4, "with space": 5, "x.y": 6, "_z": 7,
        "\u00e9": 8, "": 9, "Zz": 10, "aa": 11, "bb": 12, "key+plus": 13}


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_keys_sorted_and_quoted_per_version(version):
    # inserted in reverse order: the printers sort, whatever the insertion order
    tag = CompoundTag({k: IntTag(v) for k, v in reversed(KEYS.items())})
    assert_prints(tag, version, "nbt/p/keys/file")


def test_key_rule_differs_between_versions_in_to_string_only():
    tag = CompoundTag({"true": IntTag(4), "1a": IntTag(2), "-x": IntTag(3)})
    assert to_string(tag, "1.20.1") == "{-x:3,1a:2,true:4}"  # nbt/p/keys/file, 1.20.1
    assert to_string(tag, "26.3") == '{"-x":3,"1a":2,"true":4}'  # nbt/p/keys/file, 26.3
    # the pretty printer keeps [A-Za-z0-9._+-]+ in 26.x (nbt/p/keys/file, 26.3: "true: 4")
    assert pretty(tag, "26.3") == pretty(tag, "1.20.1") == "{\n    -x: 3,\n    1a: 2,\n    true: 4\n}"


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_many_keys_sorted(version):
    compact, _ = recorded(version, "nbt/p/many-keys/file")
    entries = [item.split(":") for item in compact[1:-1].split(",")]
    tag = CompoundTag({k: ByteTag(int(v[:-1])) for k, v in sorted(entries, key=lambda e: e[1])})
    assert list(tag) != sorted(tag)  # the insertion order is not the printed one
    assert_prints(tag, version, "nbt/p/many-keys/file")


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_keys_sorted_by_utf16_code_units(version):
    # Java String.compareTo compares UTF-16 code units (GAME_FACTS 3.7: Java String order):
    # U+1F600 is D83D DE00, which sorts before U+FFFF although its code point is larger.
    tag = CompoundTag({"\uffff": IntTag(1), "\U0001F600": IntTag(2), "\ud83d": IntTag(3)})
    text = to_string(tag, version)
    assert text.index("\ud83d\"") < text.index("\U0001F600") < text.index("\uffff")


# --- strings: quoting and escaping -------------------------------------------------
STRINGS = {
    0: "", 1: "plain", 2: "\x00", 3: "caf\u00e9", 4: "\u2764", 5: "\U0001F600",
    6: "quote\"and'apostrophe", 7: "it's", 8: "back\\slash", 9: "tab\tnew\nline",
    10: "\x0b\x7f", 11: "true", 12: "1a", 13: "-x",
}


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
@pytest.mark.parametrize("n", sorted(STRINGS))
def test_string_quoting_and_escapes(version, n):
    assert_prints(CompoundTag(s=StringTag(STRINGS[n])), version, f"nbt/p/string-{n}/file")


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_lone_surrogate_printed_as_is(version):
    assert_prints(CompoundTag(s=StringTag("\ud83d")), version, "nbt/p/raw-string-lone-high-surrogate/file")


def test_control_chars_escaped_only_in_26():
    tag = CompoundTag(s=StringTag("tab\tnew\nline"))
    assert to_string(tag, "26.1.2") == '{s:"tab\\tnew\\nline"}'  # nbt/p/string-9/file
    assert to_string(tag, "1.21.1") == '{s:"tab\tnew\nline"}'


# --- numbers -----------------------------------------------------------------------
@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_integer_suffixes(version):
    assert_prints(CompoundTag(v0=ByteTag(-128), v1=ByteTag(0), v2=ByteTag(127)), version, "nbt/p/scalar-1/file")
    assert_prints(CompoundTag(v0=ShortTag(-32768), v1=ShortTag(32767)), version, "nbt/p/scalar-2/file")
    assert_prints(CompoundTag(v0=IntTag(-2**31), v1=IntTag(2**31 - 1), v2=IntTag(0)), version, "nbt/p/scalar-3/file")
    assert_prints(CompoundTag(v0=LongTag(-2**63), v1=LongTag(2**63 - 1)), version, "nbt/p/scalar-4/file")


FLOATS = ["00000000", "7f800000", "ff800000", "7fc00000", "7f800001", "ffc00000", "7fc00001",
          "00000001", "3f800000", "4b189680"]
DOUBLES = ["0000000000000000", "7ff0000000000000", "7ff8000000000000", "7ff0000000000001",
           "fff8000000000000", "0000000000000001", "3ff0000000000000", "4163880000000000",
           "3fb999999999999a"]


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
@pytest.mark.parametrize("bits", FLOATS)
def test_float_text(version, bits):
    assert_prints(CompoundTag(f=FloatTag(int(bits, 16))), version, f"nbt/p/float-{bits}/file")


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
@pytest.mark.parametrize("bits", DOUBLES)
def test_double_text(version, bits):
    assert_prints(CompoundTag(d=DoubleTag(int(bits, 16))), version, f"nbt/p/double-{bits}/file")


# --- arrays, lists, End ------------------------------------------------------------
@pytest.mark.usefixtures("nbt_path")  # the compiled array printer and the pure one
@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_arrays(version):
    tag = CompoundTag(b=ByteArrayTag([1, -1, 0]), e=ByteArrayTag([]), i=IntArrayTag([-1, 7]),
                      l=LongArrayTag([-2**63, 5]))
    assert_prints(tag, version, "nbt/p/arrays/file")


@pytest.mark.usefixtures("nbt_path")
def test_long_arrays_print_in_bounded_pieces_as_they_are_asked_for():
    """Past a NumPy chunk (2**18 elements) and a piece (PIECE_CHARS), the text is still each
    element's own, joined as the short arrays above; no piece is longer than PIECE_CHARS, and
    the pieces are made lazily (``harness nbt show`` writes them as they come)."""
    from harness.formats.nbt import string_tag_visitor as stv
    from harness.formats.nbt.snbt_printer_tag_visitor import pretty_parts

    rng = np.random.default_rng(7)
    n = (1 << 18) + 1000
    arrays = [ByteArrayTag(rng.integers(-128, 128, n)), IntArrayTag(rng.integers(-2**31, 2**31, n // 8)),
              LongArrayTag(np.append(rng.integers(-2**63, 2**63 - 1, 3000, dtype=np.int64), [-2**63, 0]))]
    for tag in arrays:
        letter, suffix = {ByteArrayTag: ("B", "B"), IntArrayTag: ("I", ""), LongArrayTag: ("L", "L")}[type(tag)]
        texts = [f"{v}{suffix}" for v in tag.array.tolist()]
        for parts, want in ((stv.to_string_parts(CompoundTag(a=tag), "26.3"), f"{{a:[{letter};{','.join(texts)}]}}"),
                            (pretty_parts(tag, "26.3"), f"[{letter}; {', '.join(texts)}]")):
            assert not isinstance(parts, list)  # a generator, not the whole text at once
            pieces = list(parts)
            assert max(map(len, pieces)) <= stv.PIECE_CHARS
            assert "".join(pieces) == want


@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_lists(version):
    assert_prints(CompoundTag(l=ListTag([IntTag(1), IntTag(2), IntTag(3)])), version, "nbt/p/list-ints/file")
    assert_prints(CompoundTag(l=ListTag()), version, "nbt/p/list-empty-end/file")
    assert_prints(CompoundTag(l=ListTag([ListTag(), ListTag([ByteTag(5)])])), version, "nbt/p/list-of-lists/file")


def test_heterogeneous_list_printed_raw_in_26():
    tag = CompoundTag(l=ListTag([StringTag("a"), CompoundTag(b=IntTag(3))]))
    for version in ("26.1.2", "26.3"):
        assert_prints(tag, version, "nbt/p/list-mixed-wrapped/file")
    # before 26.x the same bytes read as wrapped compounds, printed as they are
    wrapped = CompoundTag(l=ListTag([CompoundTag({"": StringTag("a")}), CompoundTag(b=IntTag(3))]))
    for version in ("1.20.1", "1.21.1"):
        assert_prints(wrapped, version, "nbt/p/list-mixed-wrapped/file")


@pytest.mark.parametrize("version", ["1.20.1", "1.21.1", "26.1.2", "26.3"])
def test_end_and_bare_roots(version):
    assert_prints(END, version, "nbt/p/root-end/network")
    assert_prints(CompoundTag(), version, "nbt/p/trailing-bytes/file")
    if version != "1.20.1":  # no "any" form in 1.20.1
        assert_prints(IntTag(1), version, "nbt/p/root-not-compound/any")


def test_version_given_as_game_version_or_string():
    tag = CompoundTag(s=StringTag("\x0b"))
    assert to_string(tag, versions.get("26.3")) == to_string(tag, "26.3") == '{s:"\\x0B"}'
    assert pretty(tag, versions.get("1.20.1")) == pretty(tag, "1.20.1") == '{\n    s: "\x0b"\n}'


def test_deep_nesting_prints_without_recursion_error(monkeypatch):
    depth = 5000
    monkeypatch.setattr(budget, "MAX_PRINTED_SNBT_CHARS", 1 << 27)  # its pretty text is ~100 Mi characters
    tag = ListTag()
    for _ in range(depth):
        tag = ListTag([tag])
    assert to_string(tag, "26.3") == "[" * (depth + 1) + "]" * (depth + 1)
    assert pretty(tag, "26.3").count("\n") == 2 * depth


def test_not_a_tag_is_a_type_error():
    with pytest.raises(TypeError):
        to_string(CompoundTag(x=5), "26.3")  # a plain int is not a tag


# --- structure files (GAME_FACTS 3.7; no recorded answer covers these paths yet) ----
def test_structure_file_key_order_and_one_line_paths():
    block = CompoundTag(state=IntTag(0), pos=ListTag([IntTag(1), IntTag(2), IntTag(3)]),
                        nbt=CompoundTag(id=StringTag("chest")))
    entity = CompoundTag(pos=ListTag([DoubleTag.of(0.5)]), blockPos=ListTag([IntTag(0)]), nbt=CompoundTag())
    palette_entry = CompoundTag(Name=StringTag("minecraft:air"))
    root = CompoundTag(palette=ListTag([palette_entry]), zzz=IntTag(0), entities=ListTag([entity]),
                       data=ListTag([block]), size=ListTag([IntTag(1), IntTag(1), IntTag(1)]),
                       author=StringTag("x"), DataVersion=IntTag(3465), aaa=IntTag(0))
    lines = pretty(root, "1.20.1").split("\n")
    # root order: DataVersion, author, size, data, entities, palette, palettes, then the rest sorted
    keys = [line[4:].split(":")[0] for line in lines if line[:4] == "    " and line[4] not in " ]}"]
    assert keys == ["DataVersion", "author", "size", "data", "entities", "palette", "aaa", "zzz"]
    # {}.size.[] on one line; {}.data.[].{} as pos, state, nbt on one line, everything inside too
    # (separator ", " when unindented: SnbtPrinterTagVisitor; no recorded answer shows it yet)
    assert "    size: [1, 1, 1]," in lines
    assert '        {pos: [1, 2, 3], state: 0, nbt: {id: "chest"}}' in lines
    assert "        {blockPos: [0], pos: [0.5d], nbt: {}}" in lines
    assert '        {Name: "minecraft:air"}' in lines


# --- every recorded answer -----------------------------------------------------------
READERS = {"file": nbt_io.read_file, "any": nbt_io.read_any, "network": nbt_io.read_network}


def _printed_cases(version: str, op: str) -> list[str]:
    """The ids of the recorded nbt cases of ``version`` with a printed answer to ``op``."""
    return [case["id"] for case in reference_cases(version, "nbt")
            if any(o[0] == op and isinstance(a, str) for o, a in zip(case["ops"], case["answers"]))]


def _difference(got: str, want: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    return (f"first difference at char {at}: want {json.dumps(want[max(0, at - 40):at + 40])}, "
            f"got {json.dumps(got[max(0, at - 40):at + 40])}")


@pytest.mark.parametrize("op", sorted(PRINTERS))
@pytest.mark.parametrize("version", RECORDED_VERSIONS)
def test_recorded_answers(version, op):
    """Every recorded nbt case of ``version`` with a printed ``op`` answer: read through
    ``nbt_io``, printed, compared with the game's text (all of them; each failure listed)."""
    by_id = {case["id"]: case for case in reference_cases(version, "nbt")}
    ids = _printed_cases(version, op)
    assert ids  # the reference has printed answers to check
    failures = []
    for case_id in ids:
        case = by_id[case_id]
        try:
            tag = READERS[case["setup"]["form"]](bytes.fromhex(case["setup"]["input"]), versions.get(version))
        except GameError as e:  # the game read it; our reader did not: the reader's bug, reported there
            failures.append(f"{case_id}: nbt_io refused a case the game read: {e}")
            continue
        want = case["answers"][[o[0] for o in case["ops"]].index(op)]
        got = PRINTERS[op](tag, version)
        if got != want:
            failures.append(f"{case_id}: {_difference(got, want)}")
    assert not failures, f"{len(failures)} of {len(ids)} differ:\n" + "\n".join(failures[:20])
