"""Issue #11, item by item: each hostile input refused at its kind, in one line.

The corpus (``test_corpus.py``) runs the full-size inputs in subprocesses; these are the
small, in-process checks of each budget and rule (limits made small where the real one
would take long)."""

from __future__ import annotations

import gzip
import json
import textwrap
from functools import lru_cache

import pytest

from harness.cli import main
from harness.engine import limits
from harness.engine.casefile import CaseFileError, load_cases
from harness.engine.reference import read_recorded
from harness.engine.sources import generated_cases
from harness.formats import budget, versions

GOOD = {"id": "storage/p/x", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": 4},
        "ops": [["new"], ["get", 1]], "answers": [None, 0]}


@lru_cache(maxsize=1)
def _gzip_bomb() -> bytes:
    """64 MiB of spaces, gzipped (290 KB; the quickest level: a bomb at any level), made once for the tests of bombs."""
    return gzip.compress(b" " * (64 << 20), 1)


# --- 1: bytes read before parsing ---------------------------------------------------------

def test_a_device_or_a_symlink_to_one_is_refused_at_once(tmp_path):
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", link):
        with pytest.raises(CaseFileError, match=r"a device, not a regular file"):
            read_recorded(path)
    case_file = tmp_path / "cases" / "storage" / "zero.yaml"
    case_file.parent.mkdir(parents=True)
    case_file.symlink_to("/dev/zero")
    with pytest.raises(CaseFileError, match=rf"^{case_file}: a device, not a regular file"):
        generated_cases(tmp_path / "cases")


def test_a_file_over_the_read_limit_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.jsonl"
    path.write_text((json.dumps(GOOD) + "\n") * 20)
    with pytest.raises(CaseFileError, match=rf"^{path}: \d+ bytes, over the limit of 1000 bytes \(--max-bytes N"):
        read_recorded(path)
    yaml_path = tmp_path / "big.yaml"
    yaml_path.write_text("area: storage\ncases: []\n" + "#" * 2000)
    with pytest.raises(CaseFileError, match="over the limit of 1000 bytes"):
        load_cases(yaml_path)


def test_a_gzip_bomb_as_a_recorded_file_stops_at_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1 << 20)
    path = tmp_path / "bomb.jsonl.gz"
    path.write_bytes(_gzip_bomb())
    with pytest.raises(CaseFileError, match=r"decompresses to more than the limit of 1048576 bytes"):
        read_recorded(path)


def test_a_refused_gzip_bomb_has_held_about_the_limit_not_twice_it(tmp_path, monkeypatch):
    import tracemalloc

    limit = 8 << 20
    bomb = _gzip_bomb()
    tracemalloc.start()
    try:
        with pytest.raises(limits.LimitExceeded, match=rf"decompresses to more than the limit of {limit} bytes"):
            limits.gunzip_capped(bomb, limit, "bomb")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < limit + (3 << 20)  # the output grown in place, 1 MiB pieces (one piece whole was 2x the limit)


def test_a_gzipped_recorded_file_of_several_members_reads_whole(tmp_path):
    lines = (json.dumps(GOOD) + "\n").encode() * 3000  # about 4 MB: several 1 MiB pieces
    path = tmp_path / "r.jsonl.gz"
    path.write_bytes(gzip.compress(lines) + gzip.compress(lines[:len(lines) // 3000]))
    assert len(read_recorded(path)) == 3001


def test_check_max_bytes_option_raises_the_limit(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(GOOD) + "\n")
    assert main(["check", "--recorded", str(path), "--no-progress", "--quiet", "--max-bytes", "10"]) == 2
    assert "over the limit of 10 bytes" in capsys.readouterr().err
    assert limits.MAX_FILE_BYTES == 256 << 20  # restored after the run


# --- 3: YAML aliases ------------------------------------------------------------------------

def test_billion_laughs_is_refused_at_the_alias_that_goes_over(tmp_path):
    lines = ["area: storage", "a0: &a0 [new]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    lines += ["cases:", "- id: storage/g/laughs", "  ops: *a9"]
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CaseFileError, match=rf"^{path}:\d+: YAML aliases expand the file to more than"):
        load_cases(path)


def test_the_small_aliases_of_generated_files_still_load():
    assert len(load_cases("cases/palette/unpack.yaml")) > 100  # it uses &id001 / *id001


# --- 10: YAML as strict as JSONL --------------------------------------------------------------

def _case_file(tmp_path, name: str, body: str):
    path = tmp_path / "cases" / "storage" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(body))
    return path


@pytest.mark.parametrize("text,shown", [("064", "octal 52"), ("0x40", "'0x40'"), ("1_000", "'1_000'"),
                                        ("1:04", "'1:04'"), ("0b1", "'0b1'"), ("+64", "'+64'")])
def test_yaml_1_1_integers_are_refused_with_what_to_write(tmp_path, text, shown):
    path = _case_file(tmp_path, "o.yaml", f"""\
        area: storage
        cases:
        - id: storage/g/o
          setup: {{bits: 4, size: {text}}}
          ops: [[new]]
        """)
    with pytest.raises(CaseFileError, match=rf"^{path}:4: the integer .*not plain decimal") as caught:
        load_cases(path)
    assert shown in str(caught.value)


def test_a_yaml_integer_of_5000_digits_is_refused_in_one_line(tmp_path):
    path = _case_file(tmp_path, "d.yaml", f"area: storage\ncases:\n- id: a\n  setup: {{bits: {'9' * 5000}}}\n  ops: []\n")
    with pytest.raises(CaseFileError, match=rf"^{path}:4: an integer of 5000 digits, over the limit of 400"):
        load_cases(path)


def test_unknown_versions_in_a_case_file_are_refused_not_dropped(tmp_path):
    _case_file(tmp_path, "v.yaml", """\
        area: storage
        cases:
        - id: storage/g/v
          versions: ["9.9"]
          setup: {bits: 4, size: 4}
          ops: [[new]]
        """)
    with pytest.raises(CaseFileError, match=r"v\.yaml:3: case storage/g/v: unknown version '9\.9' in 'versions'"):
        generated_cases(tmp_path / "cases")


def test_an_id_given_twice_with_other_contents_is_refused(tmp_path):
    for name, size in (("a.yaml", 4), ("b.yaml", 8)):
        _case_file(tmp_path, name, f"""\
            area: storage
            cases:
            - id: storage/g/same
              setup: {{bits: 4, size: {size}}}
              ops: [[new]]
            """)
    with pytest.raises(CaseFileError, match=r"b\.yaml:3: case storage/g/same again, with other contents than at .*a\.yaml:3$"):
        generated_cases(tmp_path / "cases")


def test_an_identical_repeat_is_checked_once(tmp_path):
    for name in ("a.yaml", "b.yaml"):
        _case_file(tmp_path, name, "area: storage\ncases:\n- id: storage/g/same\n  setup: {bits: 4, size: 4}\n  ops: [[new]]\n")
    assert [c["id"] for c in generated_cases(tmp_path / "cases")] == ["storage/g/same"]


# --- 7: --timeout ------------------------------------------------------------------------------

def test_a_timeout_too_long_for_the_clocks_is_an_option_error(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["check", "--timeout", "1e10"])
    assert caught.value.code == 2
    assert "--timeout: must be at most 604800 seconds" in capsys.readouterr().err
    from harness.implementations.process import ProcessImplementation

    with pytest.raises(ValueError, match="up to 604800"):
        ProcessImplementation("true", timeout=1e10)


# --- 8: huge JSON integers ------------------------------------------------------------------------

def test_a_5000_digit_integer_in_a_recorded_file_is_path_line(tmp_path):
    path = tmp_path / "n.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(GOOD).replace('"size": 4', '"size": ' + "9" * 5000) + "\n")
    with pytest.raises(CaseFileError, match=rf"^{path}:2: not valid JSON: an integer of 5000 digits, over the limit"):
        read_recorded(path)


# --- 9: the slow: line ------------------------------------------------------------------------------

def test_a_50_mb_id_is_shortened_in_the_slow_line():
    from helpers_outcomes import outcome

    from harness.engine.report import slow_areas

    (line,) = slow_areas([outcome("storage/p/" + "x" * 50_000_000, "passed", seconds=1.0)])
    assert len(line) < 300 and "(50000010 chars)" in line


def test_cases_the_implementation_crashed_on_are_not_timed_in_the_slow_line():
    from helpers_outcomes import outcome

    from harness.engine.report import slow_areas

    crashed = outcome("storage/p/fill-1", "failed", reason="the implementation exited with status 1", seconds=0.117)
    assert slow_areas([crashed, crashed]) == []
    assert len(slow_areas([crashed, outcome("storage/p/fill-1", "passed", seconds=1.0)])) == 1  # the answered case counts


# --- 2, 4, 12: what a read or a case may build ---------------------------------------------------------

def test_a_list_of_many_empty_compounds_is_refused_as_it_is_made(monkeypatch):
    import struct

    from harness.formats.budget import BudgetExceeded
    from harness.formats.nbt.detect import open_nbt

    monkeypatch.setattr(budget, "MAX_TAGS", 10_000)
    n = 100_000
    raw = b"\x0a\x00\x00\x09\x00\x01l\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"
    with pytest.raises(BudgetExceeded, match=r"more than 10000 tags, over the tools' limit of 10000 .*path l\["):
        open_nbt(raw, versions.get("26.3"))
    monkeypatch.setattr(budget, "MAX_TAGS", 1_000_000)
    assert len(open_nbt(raw, versions.get("26.3")).tag["l"]) == n  # under the budget: read as the game reads it


def test_a_declared_length_past_the_end_is_still_the_games_eof():
    import struct

    from harness.formats.errors import GameError
    from harness.formats.nbt.detect import open_nbt

    raw = b"\x0a\x00\x00\x09\x00\x01l\x01" + struct.pack(">i", 2_000_000_000) + b"\x00" * 10
    with pytest.raises(GameError):
        open_nbt(raw, versions.get("26.3"))


def test_nbt_show_names_the_file_and_the_option(tmp_path, capsys):
    import gzip
    import struct

    n = 50_000
    path = tmp_path / "bomb.nbt"
    path.write_bytes(gzip.compress(b"\x0a\x00\x00\x09\x00\x01l\x0a" + struct.pack(">i", n) + b"\x00" * n + b"\x00"))
    assert main(["nbt", "show", str(path), "--max-tags", "1000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: refused: more than 1000 tags" in err and "--max-tags N" in err
    assert budget.MAX_TAGS == 1_000_000  # restored


def test_snbt_over_the_value_budget_is_refused_before_parsing(tmp_path, capsys, monkeypatch):
    path = tmp_path / "list.snbt"
    path.write_text("[" + ",".join(["1"] * 5000) + "]")
    assert main(["nbt", "show", str(path), "--max-snbt-values", "1000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "over the tools' limit of 1000" in err and str(path) in err
    from harness.formats.budget import BudgetExceeded
    from harness.formats.nbt.tag_parser import check_budget

    monkeypatch.setattr(budget, "MAX_SNBT_VALUES", 3)
    check_budget('["a,b,c,d,e",\'x,y,z\']')  # commas inside strings do not count
    with pytest.raises(BudgetExceeded):
        check_budget("[1,2,3,4]")


def test_storage_values_over_the_budget_fail_the_case_at_once():
    from harness.engine.runner import CaseFailure as BudgetExceeded  # the case fails in the tools' terms
    from harness.implementations.python import answer_case

    case = {"id": "storage/p/huge", "area": "storage", "version": "26.3", "setup": {"bits": 1, "size": 200_000_000},
            "ops": [["new"], ["values"]]}
    with pytest.raises(BudgetExceeded, match="^refused by the tools' own budget .*'values' would list 200000000 entries"):
        answer_case(case)
    case["ops"] = [["new"], ["longs"]]
    case["setup"]["bits"] = 4
    with pytest.raises(BudgetExceeded, match="'longs' would list 12500000 entries"):
        answer_case(case)


def test_a_storage_over_the_budget_is_refused_by_it_naming_the_limit_and_option(tmp_path, capsys):
    # 8 bits: 25 million longs, over what our storage builds; not the game's OutOfMemoryError, nor a malformed case
    huge = {"id": "storage/p/huge", "area": "storage", "version": "26.3", "setup": {"bits": 8, "size": 200_000_000},
            "ops": [["new"], ["values"]], "answers": [None, [0]]}
    listed = dict(huge, id="storage/p/listed", setup={"bits": 1, "size": 5_000_000})
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(huge) + "\n" + json.dumps(listed) + "\n")
    assert main(["check", "--recorded", str(path), "--no-progress", "--quiet"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "FAIL 26.3 storage/p/huge: refused by the tools' own budget (not the game's answer): 'new' would make a "
        "storage of 200000000 values of 8 bits in 25000000 longs, over the tools' limit of 16777216 longs a storage "
        "may hold (harness.formats.storage.MAX_LONGS)",
        "FAIL 26.3 storage/p/listed: refused by the tools' own budget (not the game's answer): 'values' would list "
        "5000000 entries, over the tools' limit of 4194304 entries an answer may hold (harness check "
        "--max-storage-entries N, or harness.formats.budget.MAX_STORAGE_ENTRIES = N in Python, to raise it)",
        "0 passed, 2 failed, 0 unverified"]
    assert main(["check", "--recorded", str(path), "--no-progress", "--quiet", "--case", "storage/p/listed",
                 "--max-storage-entries", "5000000"]) == 1
    assert "differs" in capsys.readouterr().out  # listed now, and compared: [0] is not 5 million zeros


# --- 5: long number literals ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["{a:0x" + "f" * 3600 + "}", "{a:0x" + "f" * 3600 + "L}", "{a:0b" + "1" * 20000 + "}",
                                  "{a:" + "9" * 5000 + "L}", "{a:" + "9" * 5000 + "ub}"])
def test_number_literals_longer_than_any_long_get_the_games_error(text):
    from harness.formats.errors import GameError
    from harness.formats.nbt.tag_parser import parse

    with pytest.raises(GameError) as caught:
        parse(text, versions.get("26.3"))
    assert caught.value.kind == "CommandSyntaxException"


def test_parse_integer_stops_multiplying_past_the_widest_type(monkeypatch):
    """The value a long literal builds stays within a digit of the widest type's range (seen at
    each digit read, never timed: growing it whole made a 200,000-digit literal quadratic)."""
    import sys

    from harness.formats.nbt import java_number_parse
    from harness.formats.nbt.java_number_parse import JavaNumberFormatError, parse_integer, parse_unsigned

    sizes, digit = [], java_number_parse.java_digit

    def watched(ch: str, radix: int) -> int:  # the bits of the value built so far, at each digit
        sizes.append(sys._getframe(1).f_locals["value"].bit_length())
        return digit(ch, radix)

    monkeypatch.setattr(java_number_parse, "java_digit", watched)
    for parse in (lambda s: parse_integer(s, 16, 64), lambda s: parse_unsigned(s, 16, 64)):
        with pytest.raises(JavaNumberFormatError, match="f{50}"):
            parse("f" * 5_000)
    assert len(sizes) == 10_000 and max(sizes) <= 70 + 4, max(sizes)  # 2^70, then one more hex digit


# --- 11: convert writes what show refuses -------------------------------------------------------------------

def test_convert_warns_of_nbt_too_deep_to_read_back_and_strict_refuses(tmp_path, capsys):
    src = tmp_path / "deep.snbt"
    src.write_text("{a:" * 600 + "1" + "}" * 600)
    out = tmp_path / "deep.nbt"
    assert main(["nbt", "convert", str(src), str(out), "--to", "java"]) == 0
    err = capsys.readouterr().err
    assert "warning: the file will not read back: it nests 600 compounds and lists; the game (26.3) and " \
           "harness nbt show refuse more than 512" in err
    strict = tmp_path / "strict.nbt"
    assert main(["nbt", "convert", str(src), str(strict), "--to", "java", "--strict"]) == 2
    assert not strict.exists() and "not written (--strict)" in capsys.readouterr().err
    shallow = tmp_path / "ok.snbt"
    shallow.write_text("{a:" * 500 + "1" + "}" * 500)
    assert main(["nbt", "convert", str(shallow), str(tmp_path / "ok.nbt"), "--to", "java"]) == 0
    assert "warning" not in capsys.readouterr().err
