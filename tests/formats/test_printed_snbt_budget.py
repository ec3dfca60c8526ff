"""SNBT printing stops at the tools' budget ``budget.MAX_PRINTED_SNBT_CHARS``, compact and pretty,
in the library (``to_snbt``) and in ``harness nbt show`` / ``convert --to snbt``.

Expected texts are the game's recorded answers (``reference/26.3/nbt.jsonl``): ``to_string``
and ``pretty`` of a real infdev chunk, and of ``nbt/g/depth/list-512/file``, a list nested
512 deep whose pretty text the game made 1,046,533 characters long (each level indents 4 more
spaces) from 1,026 characters of compact text.
"""

from __future__ import annotations

import pytest

from harness.formats import budget, nbt
from conftest import reference_case
from helpers_cli import run_nbt

CHUNK, DEEP = "nbt/g/infdev/chunk/file", "nbt/g/depth/list-512/file"


def _case(case_id: str):
    case = reference_case("26.3", case_id)
    return bytes.fromhex(case["setup"]["input"]), case["answers"][1], case["answers"][2]


@pytest.mark.parametrize("case_id", [CHUNK, DEEP])
@pytest.mark.parametrize("pretty", [False, True])
def test_text_up_to_the_budget_prints_past_it_is_refused(monkeypatch, case_id, pretty):
    data, compact, indented = _case(case_id)
    wanted = indented if pretty else compact
    tag = nbt.loads(data, version="26.3", encoding="java").tag
    monkeypatch.setattr(budget, "MAX_PRINTED_SNBT_CHARS", len(wanted))
    assert nbt.to_snbt(tag, version="26.3", pretty=pretty) == wanted
    monkeypatch.setattr(budget, "MAX_PRINTED_SNBT_CHARS", len(wanted) - 1)
    with pytest.raises(budget.BudgetExceeded) as info:
        nbt.to_snbt(tag, version="26.3", pretty=pretty)
    message = str(info.value)
    assert f"limit of {len(wanted) - 1} characters" in message
    assert "harness nbt --max-printed-snbt-chars N" in message and "budget.MAX_PRINTED_SNBT_CHARS = N" in message


def test_a_list_nested_100_000_deep_is_refused_not_printed(monkeypatch):
    """Its pretty text would be some 40 GB (the finding: 133 s and 23 GB before it was bounded)."""
    deep = nbt.ListTag()
    for _ in range(100_000):
        deep = nbt.ListTag([deep])
    monkeypatch.setattr(budget, "MAX_PRINTED_SNBT_CHARS", len(_case(DEEP)[2]))  # 512 levels' text fits, not 100,000
    with pytest.raises(budget.BudgetExceeded, match="SnbtPrinterTagVisitor"):
        nbt.to_snbt(deep, pretty=True)


@pytest.mark.parametrize("action", [("show", "--pretty"), ("convert", "--to", "snbt")])
def test_cli_refuses_past_max_printed_snbt_chars(capsys, tmp_path, action):
    data, _, indented = _case(DEEP)
    path = tmp_path / "deep.nbt"
    path.write_bytes(data)
    output = (str(tmp_path / "deep.snbt"),) if action[0] == "convert" else ()
    argv = (action[0], path, *output, *action[1:], "--version", "26.3")
    status, out, err = run_nbt(capsys, *argv, "--max-printed-snbt-chars", len(indented) - 1)
    assert status == 2 and "--max-printed-snbt-chars N" in err and indented not in out, err
    assert not (tmp_path / "deep.snbt").exists()
    status, out, err = run_nbt(capsys, *argv, "--max-printed-snbt-chars", len(indented) + 1)  # and its newline
    assert status == 0, err
    written = out if action[0] == "show" else (tmp_path / "deep.snbt").read_text()
    assert indented + "\n" in written
