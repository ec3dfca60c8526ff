"""``harness nbt show FILE#...`` with a malformed chunk suffix after an existing file: said so,
not "No such file or directory"."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO
from harness.cli import main

REGION = REPO / "tests" / "data" / "real" / "java-region" / "r.0.0.mca"


@pytest.mark.parametrize("suffix", ["", "1", "1;3", "x,z", "1,"])
def test_a_bad_chunk_suffix_is_named(tmp_path, capsys, suffix):
    region = tmp_path / "r.-1.2.mca"
    shutil.copyfile(REGION, region)
    status = main(["nbt", "show", f"{region}#{suffix}"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert f"bad chunk suffix '#{suffix}': expected #X,Z" in err and "No such file" not in err


def test_a_missing_file_with_a_suffix_is_still_missing(tmp_path, capsys):
    status = main(["nbt", "show", f"{tmp_path / 'r.0.0.mca'}#1"])
    _, err = capsys.readouterr()
    assert status == 2 and "No such file or directory" in err
