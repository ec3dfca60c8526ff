"""A setup key its area does not know (a typo, ``colour``) is refused like a missing one,
naming the case, the key and the area's keys, in a YAML case file and in a recorded file
alike: never run as a case without the key it meant (``32 unverified``, ``1 passed``)."""

from __future__ import annotations

import re

import pytest
from helpers_engine import recorded, write_recorded

from harness.cli import main
from harness.engine.casefile import CaseFileError, load_cases
from harness.engine.reference import read_recorded
from harness.engine.runner import protocol_case
from harness.engine.vocabulary import MalformedCase
from harness.implementations.python import answer_case

ERRORS = recorded("26.3")["storage/p/errors"]  # setup {bits: 5, size: 64}: the game's answers
STORAGE_SETUP = "a storage setup is {bits (int), size (int)}"


def test_a_recorded_case_with_an_extra_setup_key_is_a_damaged_file(tmp_path, capsys):
    path = write_recorded(tmp_path / "r.jsonl", [recorded("26.3")["snbt/p/1"],
                                                 dict(ERRORS, setup=dict(ERRORS["setup"], colour="red"))])
    says = f"{path}:2: storage/p/errors: 'setup' has no key 'colour'; {STORAGE_SETUP}"
    with pytest.raises(CaseFileError, match=f"^{re.escape(says)}$"):
        read_recorded(path)
    assert main(["check", "--recorded", str(path), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert (out, err.splitlines()) == ("", [f"harness check: {says}"])


def test_a_misspelt_key_in_a_case_file_is_refused_with_the_key_it_misspells(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("area: palette\ncases:\n- id: palette/g/a\n"
                    "  setup: {strategy: biomes, registy: 4, value: 0}\n  ops: [[bits]]\n")
    says = (f"{path}:4: case #1: palette/g/a: 'setup' has no key 'registy' (did you mean 'registry'?); "
            "a palette setup is {strategy (block_states | biomes), registry (int), value (int)}")
    with pytest.raises(CaseFileError, match=f"^{re.escape(says)}$"):
        load_cases(path)


def test_our_implementation_refuses_it_too():
    case = protocol_case(ERRORS)  # its setup replaced below
    says = f"'setup' has no key 'sizee' (did you mean 'size'?); {STORAGE_SETUP}"
    with pytest.raises(MalformedCase, match=re.escape(says)):
        answer_case(dict(case, setup={"bits": 5, "sizee": 64}))
    with pytest.raises(MalformedCase, match=re.escape("'setup' has no key 'strict'; a snbt setup is {}")):
        answer_case(dict(recorded("26.3")["snbt/p/1"], setup={"strict": True}))
