"""``harness check`` selecting no case says which option left out what: a ``--cases FILE``'s
versions and areas against ``--version``/``--area``, or the ``--case`` that matched none."""

from __future__ import annotations

import pytest

from harness.cli import main
from harness.engine.sources import why_no_case

SHRUNK = """area: storage
cases:
- id: storage/s/fill-0-size-37
  versions: ['26.3']
  setup: {bits: 0, size: 37}
  ops:
  - [new]
  - [values]
"""


@pytest.mark.parametrize("options, why", [
    (["--version", "1.20.1"], "{path}'s case is for versions ['26.3']: --version 1.20.1 leaves it out"),
    (["--area", "nbt"], "{path}'s case is of area storage: --area nbt leaves it out"),
    (["--case", "nbt/*"], "--case nbt/* matches none of the ids of {path}'s case (storage/s/fill-0-size-37)"),
])
def test_a_cases_file_left_out_says_what_its_case_is_for(tmp_path, capsys, options, why):
    path = tmp_path / "shrunk.yaml"
    path.write_text(SHRUNK, encoding="utf-8")
    assert main(["check", "--no-progress", "--cases", str(path), *options]) == 2
    out, _ = capsys.readouterr()
    first = out.splitlines()[0]
    assert first.startswith("harness check: no case matches the options: ") and first.endswith("; nothing to check")
    assert why.format(path=path) in first


def test_many_cases_and_a_case_for_every_version():
    cases = [{"id": f"storage/s/{i}", "area": "storage", "versions": ["26.2", "26.3"]} for i in range(2)]
    assert why_no_case(cases, "m.yaml", ["1.20.1"], None, None) == \
        "m.yaml's 2 cases are for versions ['26.2', '26.3']: --version 1.20.1 leaves every one out"
    every = [{"id": "storage/s/x", "area": "storage"}]  # no versions: for every one
    assert why_no_case(every, "e.yaml", ["1.20.1"], ["palette"], None) == \
        "e.yaml's case is of area storage: --area palette leaves it out"
    assert why_no_case(every, "e.yaml", ["1.20.1"], ["storage"], None) == ""


def test_a_recorded_file_left_out_says_its_version(tmp_path, capsys):
    from helpers_engine import recorded, write_recorded

    path = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["storage/p/errors"]])
    assert main(["check", "--no-progress", "--recorded", str(path), "--version", "1.20.1"]) == 2
    out, _ = capsys.readouterr()
    assert f"{path}'s case is for versions ['26.3']: --version 1.20.1 leaves it out; nothing to check" in out


def test_the_explanation_reads_the_file_under_the_max_bytes_given(tmp_path, monkeypatch, capsys):
    # the file is over the (lowered) default cap but within --max-bytes: the selection and the
    # explanation of why it selected nothing read it under the same limit (a traceback before)
    from harness.engine import limits

    path = tmp_path / "shrunk.yaml"
    path.write_text(SHRUNK, encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 50)
    assert main(["check", "--cases", str(path), "--area", "snbt", "--max-bytes", "100000", "--no-progress"]) == 2
    out = capsys.readouterr().out
    assert f"no case matches the options: {path}'s case is of area storage: --area snbt leaves it out" in out
