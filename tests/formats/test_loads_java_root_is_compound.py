"""``loads`` / ``open_nbt`` read the ``java`` encoding as the game's ``NbtIo.read``: the root is a
compound, given the encoding or detected; a nameless root of any type is ``java-network``'s.

Expected values: the game's recorded answers (``reference/<v>/nbt.jsonl``) of
``nbt/p/root-not-compound`` and ``nbt/p/root-end``, file form (``NbtIo.read``) and any form
(``NbtIo.readAnyTag``), in the oldest and newest recorded releases and every one between.
"""

from __future__ import annotations

import pytest

from harness.formats import nbt
from harness.formats.errors import GameError
from conftest import RECORDED_VERSIONS, reference_case
from helpers_cli import run_nbt

pytestmark = pytest.mark.usefixtures("nbt_path")  # the compiled and the pure reader


def _case(version: str, case_id: str):
    case = reference_case(version, case_id)
    return bytes.fromhex(case["setup"]["input"]), case["answers"]


@pytest.mark.parametrize("case_id", ["nbt/p/root-not-compound/file", "nbt/p/root-end/file"])
@pytest.mark.parametrize("encoding", ["java", None])
def test_java_file_root_must_be_a_compound(case_id, encoding):
    for version in RECORDED_VERSIONS:
        data, answers = _case(version, case_id)
        with pytest.raises(GameError) as info:
            nbt.loads(data, version=version, encoding=encoding, compression="none")
        got = info.value.to_answer()
        assert {"error": got["error"], "message": got["message"]} == answers[0]


def test_any_root_is_the_network_encoding():
    for version in ("1.20.2", "26.3"):  # readAnyTag: 1.20.2+
        data, answers = _case(version, "nbt/p/root-not-compound/any")
        doc = nbt.loads(data, version=version, encoding="java-network", compression="none")
        assert (nbt.to_snbt(doc.tag, version=version), doc.trailing) == (answers[1], None)


def test_cli_show_refuses_a_java_int_root(tmp_path, capsys):
    path = tmp_path / "introot.nbt"
    path.write_bytes(_case("26.3", "nbt/p/root-not-compound/file")[0])
    status, out, err = run_nbt(capsys, "show", str(path))
    assert status == 2 and "Root tag must be a named compound tag" in err, (status, out, err)
