"""The advice on running a case file names ``harness check --cases`` with the file where it is,
never a move to ``cases/<area>/``: a YAML file given to ``--recorded``, and ``harness shrink --out``."""

from __future__ import annotations

from harness.cli import main
from harness.cli.shrink import run_it_line


def test_a_case_file_given_to_recorded_is_told_to_run_with_cases(tmp_path, capsys):
    path = tmp_path / "my cases.yaml"
    path.write_text("area: storage\ncases: []\n")
    assert main(["check", "--recorded", str(path), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith(f"To run this case file, wherever it is: harness check --cases '{path}'")
    assert "cases/<area>" not in err


def test_shrinks_advice_names_the_file_it_wrote():
    judged = "judged by the recorded answers of its prefix"
    assert run_it_line("out/s.yaml", judged) == ("to run it: harness check --cases out/s.yaml (judged by the "
                                                 "recorded answers of its prefix), or harness live --jar "
                                                 "server.jar --cases out/s.yaml")
    assert run_it_line(None, judged).endswith("--cases FILE; FILE: the case printed below, saved anywhere")
