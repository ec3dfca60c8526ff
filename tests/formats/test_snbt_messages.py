"""SNBT error messages are the game's English, per release: one error of each kind and grammar.

Every expectation is a recorded answer, read from the bundled reference
(``load_reference(BUNDLED / version)``); a version without a bundled set is skipped. Each
test also pins the translation key and arguments the error carries (``key``,
``arguments``), which callers branch on.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from harness.engine.reference import BUNDLED, load_reference
from harness.formats import versions
from harness.formats.lang import language
from harness.formats.nbt.string_reader import CommandSyntaxError
from harness.formats.nbt.tag_parser import parse, parse_compound
from harness.implementations.python import snbt

_OPS = {"parse": parse, "parse_compound": parse_compound}


@lru_cache(maxsize=None)
def _cases(version: str) -> dict[str, dict]:
    if not (BUNDLED / version).is_dir():
        pytest.skip(f"no bundled reference for {version}")
    return load_reference(BUNDLED / version).by_id()


def _recorded(version: str, case_id: str, op: int = 0):
    """(operation, recorded answer) of one operation of a bundled case."""
    case = _cases(version)[case_id]
    return case["ops"][op], case["answers"][op]


def _error(version: str, op: list) -> CommandSyntaxError:
    name, text = op
    with pytest.raises(CommandSyntaxError) as e:
        _OPS[name](text, versions.get(version))
    return e.value


# (version, case id, op index, key, arguments): the recorded message is the key's English
# with these arguments, and our error says the same
KINDS = [
    # the regex-era TagParser: its own keys (tag type names as arguments) and Brigadier's
    ("1.20.1", "snbt/p/10", 0, "argument.nbt.array.mixed", ("TAG_Int", "TAG_Long_Array")),
    ("1.20.1", "snbt/p/7", 0, "argument.nbt.list.mixed", ("TAG_String", "TAG_Int")),
    ("1.20.1", "snbt/g/collections-036", 0, "argument.nbt.array.invalid", ("X",)),
    ("1.20.1", "snbt/g/collections-005", 0, "argument.nbt.expected.value", ()),
    ("1.20.1", "snbt/p/26", 0, "argument.nbt.expected.key", ()),
    ("1.20.1", "snbt/p/23", 0, "parsing.expected", ("}",)),
    ("1.20.1", "snbt/p/24", 0, "parsing.quote.escape", ("n",)),
    ("1.20.1", "snbt/g/errors-014", 0, "parsing.quote.expected.end", ()),
    ("1.20.1", "snbt/p/30", 1, "parsing.expected", ("{",)),
    ("1.20.1", "snbt/p/31", 0, "argument.nbt.trailing", ()),
    # the packrat SnbtGrammar: literal expectations, snbt.parser.* with their arguments
    ("26.3", "snbt/p/11", 0, "argument.literal.incorrect", ("u|U",)),
    ("26.3", "snbt/p/30", 1, "argument.nbt.expected.compound", ()),
    ("26.3", "snbt/p/19", 0, "snbt.parser.number_parse_failure", ('Value out of range. Value:"128" Radix:10',)),
    ("26.3", "snbt/g/integers-072", 0, "snbt.parser.number_parse_failure",
     ("String value 4294967296 exceeds range of unsigned int.",)),
    ("26.3", "snbt/g/integers-108", 0, "snbt.parser.number_parse_failure",
     ('For input string: "9223372036854775808"',)),
    ("26.3", "snbt/g/integers-116", 0, "snbt.parser.number_parse_failure",
     ('For input string: "10011101000110110101100010110101" under radix 2',)),
    ("26.3", "snbt/g/errors-017", 0, "snbt.parser.expected_hex_escape", (2,)),
    ("26.3", "snbt/g/errors-018", 0, "snbt.parser.invalid_codepoint", ("U+00110000",)),
    ("26.3", "snbt/g/errors-023", 0, "snbt.parser.invalid_character_name", ()),
    ("26.3", "snbt/g/builtins-018", 0, "snbt.parser.no_such_operation", ("bool/0",)),
    ("26.3", "snbt/g/builtins-015", 0, "snbt.parser.expected_number_or_boolean", ()),
    ("26.3", "snbt/g/builtins-033", 0, "snbt.parser.expected_string_uuid", ()),
    ("26.3", "snbt/g/builtins-049", 0, "snbt.parser.invalid_unquoted_start", ()),
    ("26.3", "snbt/g/errors-032", 0, "snbt.parser.empty_key", ()),
    ("26.3", "snbt/p/38", 0, "snbt.parser.invalid_array_element_type", ()),
    ("26.3", "snbt/g/errors-035", 0, "snbt.parser.infinity_not_allowed", ()),
    ("26.3", "snbt/g/collections-023", 0, "snbt.parser.expected_non_negative_number", ()),
    ("26.3", "snbt/g/errors-014", 0, "snbt.parser.invalid_string_contents", ()),
]


@pytest.mark.parametrize("version, case_id, op, key, arguments", KINDS, ids=[f"{k[0]}-{k[1]}-{k[3]}" for k in KINDS])
def test_each_kind_of_error_reads_as_the_games_english(version, case_id, op, key, arguments):
    operation, want = _recorded(version, case_id, op)
    error = _error(version, operation)
    assert error.to_answer() == want
    assert (error.key, error.arguments) == (key, arguments)
    english = language(versions.get(version).lang_release).render(key, arguments)
    assert english != key and want["message"].startswith(english + f" at position {error.cursor}: ")


def test_a_key_missing_from_the_language_file_shows_as_the_key():
    # 1.21.7/1.21.8 ask for snbt.parser.underscore_not_allowed; their file spells it "undescore"
    for version in ("1.21.7", "1.21.8"):
        operation, want = _recorded(version, "snbt/g/floats-025")  # "{v:1._5}"
        assert want["message"] == "snbt.parser.underscore_not_allowed at position 5: {v:1.<--[HERE]"
        assert _error(version, operation).to_answer() == want
    # from 1.21.9 the game asks for the file's spelling: English
    operation, want = _recorded("1.21.10", "snbt/g/floats-025")
    assert want["message"].startswith("Underscore characters are not allowed at the start or end of a number")
    error = _error("1.21.10", operation)
    assert error.to_answer() == want and error.key == "snbt.parser.undescore_not_allowed"


BOOL_CASES = [f"snbt/g/builtins-{n:03d}" for n in range(15)]  # bool(1) .. bool(4294967296L)


def test_bool_reads_a_byte_value_up_to_26_1_2_and_any_non_zero_value_from_26_2():
    differ = []
    for case_id in BOOL_CASES:
        answers = {}
        for version in ("26.1.2", "26.2"):
            case = _cases(version)[case_id]
            assert snbt.run(case["setup"], case["ops"], versions.get(version)) == case["answers"], (version, case_id)
            answers[version] = case["answers"]
        if answers["26.1.2"] != answers["26.2"]:
            differ.append(_cases("26.2")[case_id]["ops"][0][1])
    # the recorded difference: 256, 256s, 0.5, 0.5f, -1e10, 4294967296L (zero bytes, non-zero values)
    assert differ == ["{v:bool(256)}", "{v:bool(256s)}", "{v:bool(0.5)}", "{v:bool(0.5f)}",
                      "{v:bool(-1e10)}", "{v:bool(4294967296L)}"]
    assert (versions.get("26.1.2").snbt.bool_any_nonzero, versions.get("26.2").snbt.bool_any_nonzero) == (False, True)
