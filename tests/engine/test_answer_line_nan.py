"""An answer line holding ``NaN``, ``Infinity`` or ``-Infinity`` (Python's ``json`` writes and
reads them; JSON has none of them) fails its case saying so, where it was read: not compared
as a number (``types differ: null vs a number``). The process is not restarted for it."""

from __future__ import annotations

import json

import pytest

from helpers_adapter import check
from helpers_engine import recorded

from harness.engine.runner import protocol_case
from harness.implementations.process import ImplementationFailure, ProcessImplementation

FILL = recorded("26.3")["storage/p/fill-1"]  # the game's recorded case
CASE = protocol_case(FILL)
# 26.3's answer line, its first answer (null: "new" answers nothing) %s
LINE = json.dumps({"id": FILL["id"], "answers": FILL["answers"]}).replace('"answers": [null', '"answers": [%s', 1)


def _command(tmp_path, first_answers: list[str]) -> list[str]:
    """A program answering its n-th line with LINE holding ``first_answers[n]`` (the last one thereafter)."""
    script = tmp_path / "adapter.sh"
    lines = " ".join(f"'{LINE % answer}'" for answer in first_answers)
    script.write_text(f"set -- {lines}\nwhile read -r case; do\n    echo \"$1\"\n    [ $# -gt 1 ] && shift\ndone\n",
                      encoding="utf-8")
    return ["sh", str(script)]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_the_case_fails_naming_the_token_and_the_process_goes_on(tmp_path, token):
    impl = ProcessImplementation(_command(tmp_path, [token, "null"]), timeout=60)
    try:
        with pytest.raises(ImplementationFailure) as caught:
            impl.answer(CASE)
        assert str(caught.value) == (f"the answer line holds {token}, which is not JSON (JSON has no NaN or Infinity): "
                                     f"{LINE % token!r}")
        assert impl.answer(CASE)[2] == [-1] and impl.restarts == 0
    finally:
        impl.close()


def test_several_are_named_once_each(tmp_path):
    impl = ProcessImplementation(_command(tmp_path, ["[NaN, Infinity, NaN]"]), timeout=60)
    try:
        with pytest.raises(ImplementationFailure, match=r"^the answer line holds NaN and Infinity, which is not JSON"):
            impl.answer(CASE)
    finally:
        impl.close()


def test_harness_check_reports_it_as_not_json(tmp_path, capsys):
    status, out, _ = check(["--impl", " ".join(_command(tmp_path, ["NaN"])), "--version", "26.3",
                            "--case", "storage/p/fill-1"], capsys)
    assert status == 1 and out.splitlines()[-1] == "0 passed, 1 failed, 0 unverified"
    assert "the answer line holds NaN, which is not JSON" in out and "types differ" not in out
