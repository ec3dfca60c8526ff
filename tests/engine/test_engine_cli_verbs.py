"""The verbs' options and statuses as a fresh user meets them: check, shrink, versions, --version, help."""

from __future__ import annotations

import re
import sys
import textwrap

import pytest
from helpers_engine import recorded, write_recorded

import harness
from harness.cli import build_parser, main
from harness.formats.versions import VERSIONS

CASE = "storage/p/errors"


# --- check ------------------------------------------------------------------------------
def test_check_refuses_cases_with_recorded(capsys):
    assert main(["check", "--recorded", "reference/26.3/storage.jsonl", "--cases", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert "--cases cannot be combined with --recorded" in err and out == ""


def test_check_refuses_one_file_for_both_reports(tmp_path, capsys):
    path = tmp_path / "r.xml"
    assert main(["check", "--json", str(path), "--junit", str(tmp_path / "." / "r.xml"), "--no-progress"]) == 2
    assert "--json and --junit name the same file" in capsys.readouterr().err
    assert not path.exists()


# --- shrink -----------------------------------------------------------------------------
WRONG_AT = '''
import json, sys
answers = {json.loads(l)["id"]: json.loads(l) for l in open(sys.argv[1], encoding="utf-8")}
k = int(sys.argv[2])
for line in sys.stdin:
    case = json.loads(line)
    got = answers[case["id"]]["answers"][:len(case["ops"])]
    if len(got) > k:
        got[k] = "wrong"  # a wrong answer to operation k, the others as recorded
    print(json.dumps({"id": case["id"], "answers": got}), flush=True)
'''


def _script(tmp_path, name, text, *args) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return " ".join([sys.executable, str(path), *map(str, args)])


def _recorded_file(tmp_path):
    return write_recorded(tmp_path / "r.jsonl", [recorded("26.3")[CASE]])


def test_shrink_says_could_not_shrink_when_nothing_got_smaller(tmp_path, capsys):
    rec = _recorded_file(tmp_path)
    last = len(recorded("26.3")[CASE]["ops"]) - 1
    impl = _script(tmp_path, "wrong.py", WRONG_AT, rec, last)
    assert main(["shrink", CASE, "--recorded", str(rec), "--impl", impl]) == 1
    out, err = capsys.readouterr()
    assert out == "" and f"harness shrink: could not shrink {CASE} in 26.3: it fails, but no smaller case" in err


def test_a_shrunk_case_has_an_s_id_and_says_how_to_run_it(tmp_path, capsys):
    rec = _recorded_file(tmp_path)
    impl = _script(tmp_path, "wrong.py", WRONG_AT, rec, 2)
    assert main(["shrink", CASE, "--recorded", str(rec), "--impl", impl]) == 0
    out, err = capsys.readouterr()
    assert f"shrunk {CASE} in 26.3: {len(recorded('26.3')[CASE]['ops'])} ops to 3" in err
    assert "- id: storage/s/errors\n" in out and "/p/" not in out.split("cases:", 1)[1].split("purpose", 1)[0]
    assert "harness check --cases FILE (judged by the recorded answers of its prefix)" in err and "harness live" in err


def test_shrink_with_an_oracle_that_never_answers_warns_and_is_status_2(tmp_path, capsys):
    rec = _recorded_file(tmp_path)
    oracle = _script(tmp_path, "refuses.py", '''
        import json, sys
        for line in sys.stdin:
            print(json.dumps({"id": json.loads(line)["id"], "failure": "not today"}), flush=True)
    ''')
    impl = _script(tmp_path, "wrong.py", WRONG_AT, rec, 2)
    status = main(["shrink", CASE, "--recorded", str(rec), "--impl", impl, "--oracle", oracle])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert re.search(r"the oracle .* answered none of the \d+ cases it was asked \(last: the implementation "
                     r"reported: not today\)", err)


# --- versions ---------------------------------------------------------------------------
@pytest.mark.parametrize("argv, says", [
    (["versions", "26.3", "26.1.2", "--case", "zzz*"], "no case matches the options"),
    (["versions", "reference/26.3/storage.tsv", "26.3"],
     "'reference/26.3/storage.tsv' is a file; A and B are version names with recorded answers"),
    (["versions", "26.3", "1.21.5"], "1.21.5 has no recorded answers (the version table marks it unverified)"),
    (["versions", "27.9", "26.3"], "'27.9' is neither a version with recorded answers"),
])
def test_versions_refuses_what_it_cannot_compare(capsys, argv, says):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert says in err and out == "" and "reference/reference" not in err


def test_versions_refuses_an_unknown_area_as_check_does(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["versions", "26.3", "26.1.2", "--area", "bogus"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "invalid choice: 'bogus'" in err
    # the error and where the options are, not the nine lines of usage before it (a trial found them hiding the error)
    assert err.splitlines() == ["harness versions: error: argument --area: invalid choice: 'bogus' (choose from "
                                "'storage', 'palette', 'nbt', 'snbt', 'region')", "harness versions --help lists the options"]


@pytest.mark.parametrize("argv, first", [
    (["check", "--versoin", "26.3"], "harness check: error: unrecognized arguments: --versoin 26.3 (did you mean --version?)"),
    (["check", "26.3"], "harness check: error: unrecognized arguments: 26.3"),
    (["--bogus"], "harness: error: unrecognized arguments: --bogus")])
def test_an_unknown_argument_is_told_by_its_verb_with_the_nearest_option(argv, first, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    verb = first.split(": error")[0]
    assert stop.value.code == 2 and capsys.readouterr().err.splitlines() == [first, f"{verb} --help lists the options"]


def test_versions_labels_two_sides_of_one_version_a_and_b(capsys):
    assert main(["versions", "reference/26.3", "26.3", "--area", "storage", "--summary"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.endswith("0 only in 26.3 (A), 0 only in 26.3 (B)") and last.startswith("0 differ, ")


# --- --version and help -----------------------------------------------------------------
def test_version_prints_the_package_and_the_version_table(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and out.startswith(f"harness {harness.__version__}; game versions: 1.18, 1.18.1, ")
    assert all(v in out for v in VERSIONS) and "1.21.5 (unverified)" in out


@pytest.mark.parametrize("verb", ["check", "shrink", "versions"])
def test_help_texts_are_plain_text(verb):
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "verb").choices[verb]
    text = sub.format_help()
    assert not re.search(r"``|:(mod|func|class|data):`", text), text
    assert "exit status:" in text and "\n  2  " in text


def test_each_verb_is_found_by_its_module_alone():
    """A run of one verb builds the parser of that verb's module only; the table names every verb."""
    from harness.cli import VERB_MODULE

    def verbs(parser):
        return set(next(a for a in parser._actions if a.dest == "verb").choices)

    every = verbs(build_parser())
    assert every == set(VERB_MODULE)
    for verb in every:
        alone = verbs(build_parser(verb))
        assert verb in alone and alone <= every
        assert alone == {v for v, module in VERB_MODULE.items() if module == VERB_MODULE[verb]}


def test_a_check_run_imports_neither_the_nbt_tools_nor_numpy_to_parse_its_options():
    import subprocess
    import sys

    code = ("import sys; from harness.cli import build_parser; build_parser('check').parse_args(['check']); "
            "print('harness.cli.nbt' in sys.modules, 'numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
