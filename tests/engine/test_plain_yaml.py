"""A case file's YAML in the common case, built from the parser's events (harness.engine.plain_yaml):
the full loader's values, or left to it (NOT_PLAIN), whose errors stay the rule."""

from __future__ import annotations

import math

import pytest
from conftest import REPO

from harness.engine import plain_yaml
from harness.engine.casefile import CaseFileError, _Loader, load_cases
from harness.engine.plain_yaml import NOT_PLAIN, build


def _full(text: str):
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def _same(a, b) -> bool:
    """Equal values (NaN as NaN), the same types, and objects shared where the other shares them."""
    pairs, seen = [(a, b)], {}
    while pairs:
        x, y = pairs.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, (list, dict)):
            if seen.setdefault(id(x), id(y)) != id(y):
                return False
            if isinstance(x, dict):
                if list(x) != list(y):
                    return False
                pairs += [(x[k], y[k]) for k in x]
            else:
                if len(x) != len(y):
                    return False
                pairs += list(zip(x, y))
        elif x != y and not (isinstance(x, float) and math.isnan(x) and math.isnan(y)):
            return False
    return True


PLAIN = [
    "area: storage\ncases:\n- id: storage/g/a\n  setup: {bits: 4, size: 2}\n  ops:\n  - [new]\n  - [get, 1]\n",
    # YAML 1.1's implicit types, as the full loader resolves them
    "a: [~, null, yes, No, on, 'on', 0, -12, 1.5, .nan, -.inf, 2001-12-14, '0x40', \"t\\tab\", '', x y]\n",
    "k: 1\nk: 2\n",  # a key again: the last value, as there
    "anchored: &a {x: [1, 2]}\nagain: *a\nscalar: &s text\nthat: *s\n",  # aliases: the anchor's object
    "- |\n  block\n  text\n- >\n  folded\n  text\n",
    "[[[[[[1]]]]]]\n",
]


@pytest.mark.parametrize("text", PLAIN, ids=range(len(PLAIN)))
def test_a_plain_document_is_built_as_the_full_loader_builds_it(text):
    built = build(_Loader, text)
    assert built is not NOT_PLAIN and _same(built, _full(text))


NOT_PLAIN_TEXTS = {
    "explicit tag": "a: !!str 12\n",
    "merge key": "base: &b {x: 1}\nc:\n  <<: *b\n",
    "recursive alias": "a: &a [1, *a]\n",
    "undefined alias": "a: *nowhere\n",
    "duplicate anchor": "a: &x 1\nb: &x 2\n",
    "collection as key": "? [1, 2]\n: x\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "empty": "",
    "octal integer": "a: 064\n",  # the strict integer's refusal: the full loader's message
    "not YAML": "a: [1, 2\n",
    "deeper than MAX_DEPTH": "[" * (plain_yaml.MAX_DEPTH + 1) + "]" * (plain_yaml.MAX_DEPTH + 1) + "\n",
    "aliases over the document": "a: &a [" + ", ".join(["1"] * 50) + "]\nb: [" + ", ".join(["*a"] * 3) + "]\n",
}


@pytest.mark.parametrize("text", NOT_PLAIN_TEXTS.values(), ids=NOT_PLAIN_TEXTS.keys())
def test_anything_else_is_left_to_the_full_loader(text):
    assert build(_Loader, text) is NOT_PLAIN


def test_a_committed_case_file_with_aliases_loads_as_the_full_loader_loads_it():
    text = (REPO / "cases" / "storage" / "fill.yaml").read_text(encoding="utf-8")
    assert "*id001" in text  # the dumper wrote aliases for shared lists
    built = build(_Loader, text)
    assert built is not NOT_PLAIN and _same(built, _full(text))


def test_a_refused_document_keeps_the_full_loader_s_message(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("area: storage\ncases:\n- id: storage/g/a\n  setup: {bits: 064, size: 2}\n  ops: [[new]]\n")
    with pytest.raises(CaseFileError, match=rf"{path}:4: the integer '064' is not plain decimal \(YAML 1.1 reads it as the octal 52\)"):
        load_cases(path)


def test_floats_are_made_as_the_full_loader_makes_them():
    # a NaN is not equal to itself: whether two are one object decides whether [nan] == [nan]
    text = "[.nan, .nan, 1.5, 1.5]\n"
    built, full = build(_Loader, text), _full(text)
    assert [built[0] is built[1], built[2] is built[3]] == [full[0] is full[1], full[2] is full[3]]
    assert (built[:1] == built[1:2]) == (full[:1] == full[1:2])
