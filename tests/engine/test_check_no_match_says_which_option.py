"""``harness check`` selecting no case says which option left out what: a ``--cases FILE``'s
versions and areas against ``--version``/``--area``, or the ``--case`` that matched none."""

from __future__ import annotations

import pytest

from harness.cli import main
from harness.engine.sources import narrowed, why_no_case

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


def _why(cases, where, versions, areas, pattern):
    """why_no_case over what the selection's narrowing kept at each option."""
    return why_no_case(narrowed(cases, versions, areas, pattern), where, versions, areas, pattern)


def test_many_cases_and_a_case_for_every_version():
    cases = [{"id": f"storage/s/{i}", "area": "storage", "versions": ["26.2", "26.3"]} for i in range(2)]
    assert _why(cases, "m.yaml", ["1.20.1"], None, None) == \
        "m.yaml's 2 cases are for versions ['26.2', '26.3']: --version 1.20.1 leaves every one out"
    every = [{"id": "storage/s/x", "area": "storage"}]  # no versions: for every one
    assert _why(every, "e.yaml", ["1.20.1"], ["palette"], None) == \
        "e.yaml's case is of area storage: --area palette leaves it out"
    assert _why(every, "e.yaml", ["1.20.1"], ["storage"], None) == ""


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


def _references(tmp_path, sets):
    """A reference root holding only ``sets`` ({version: [area, ...]}) of the bundled ones."""
    from harness.engine.reference import BUNDLED

    root = tmp_path / "reference"
    root.mkdir()
    (root / "objects").symlink_to(BUNDLED / "objects")
    for version, areas in sets.items():
        (root / version).mkdir()
        for area in areas:
            (root / version / f"{area}.tsv").symlink_to(BUNDLED / version / f"{area}.tsv")
    return root


def test_over_the_references_the_option_that_alone_left_out_every_case(tmp_path):
    # 26.3 records storage alone and 1.18 nbt alone: --area nbt keeps nothing of 26.3, so it is
    # --area (then --version) that, dropped, would keep cases; counted as the selection counts them
    from harness.engine.sources import select_items
    from helpers_engine import recorded

    root = _references(tmp_path, {"26.3": ["storage"], "1.18": ["nbt"]})
    storage = sum(c["area"] == "storage" for c in recorded("26.3").values())
    nbt = sum(c["area"] == "nbt" for c in recorded("1.18").values())

    def why(areas, pattern):
        left_out: list[str] = []
        assert select_items(["26.3"], areas, pattern, reference_root=root, left_out=left_out) == []
        return left_out

    assert why(["nbt"], "storage/*") == [f"--area nbt leaves out every one of the {storage} cases of "
                                         "--version 26.3 --case storage/*"]
    assert why(["nbt"], "nbt/*") == [f"--version 26.3 leaves out every one of the {nbt} cases of --area nbt --case nbt/*"]
    assert why(["nbt"], "nope/*") == [""]  # no one option
