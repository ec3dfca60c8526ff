"""``harness versions``: differences between two versions' recorded answers, from the references."""

from __future__ import annotations

from functools import lru_cache

from harness.cli import main
from harness.engine.reference import BUNDLED, load_reference, write_reference
from harness.engine.version_diff import area_summary, diff_references
from helpers_groups import EVERY_RELEASE

pytestmark = EVERY_RELEASE  # every release read: helpers_groups


@lru_cache(maxsize=None)
def _whole(a, b) -> tuple:
    """Every case's difference between releases ``a`` and ``b`` (worked out once; never changed)."""
    return tuple(diff_references(load_reference(BUNDLED / a), load_reference(BUNDLED / b)))


def _diffs(a, b):
    return {d.id: d for d in _whole(a, b)}


def test_changed_exception_kind_between_1_20_1_and_1_21_1():
    d = _diffs("1.20.1", "1.21.1")["nbt/p/list-depth-513/file"]
    assert d.status == "differs" and d.index == 0 and d.difference.path == ("error",)
    assert d.a["error"] == "RuntimeException" and d.b["error"] == "NbtAccounterException"


def test_a_kept_selection_is_compared_alone_and_alike():
    # `harness versions A B --case GLOB` compares only the cases it shows (the others are not diffed)
    ref_a, ref_b = load_reference(BUNDLED / "1.20.1"), load_reference(BUNDLED / "1.21.1")
    whole = _whole("1.20.1", "1.21.1")
    asked = []

    def keep(case):
        asked.append(case["id"])
        return case["area"] == "nbt"

    kept = diff_references(ref_a, ref_b, keep)
    assert [d.id for d in kept] == [d.id for d in whole if d.area == "nbt"]
    assert [(d.status, d.index, d.differing) for d in kept] == \
        [(d.status, d.index, d.differing) for d in whole if d.area == "nbt"]
    assert {"differs", "same"} <= {d.status for d in kept} and len(kept) < len(whole)
    assert set(asked) == {d.id for d in whole}  # every case of either set asked about, once diffed or not


def test_compared_only_over_the_common_prefix_of_ops(tmp_path):
    # 1.20.1 recorded storage/p/errors before 26.3 inserted a fill before its last op (the
    # bundled 1.20.1 keeps it as storage/p/errors~1.20.1): compared over the first five ops
    old = load_reference(BUNDLED / "1.20.1").by_id()["storage/p/errors~1.20.1"]
    write_reference(tmp_path / "old" / "1.20.1", "1.20.1", [dict(old, id="storage/p/errors")], {})
    d = {x.id: x for x in diff_references(load_reference(tmp_path / "old" / "1.20.1"),
                                          load_reference(BUNDLED / "26.3"))}["storage/p/errors"]
    assert d.status == "same" and d.compared == 5 and d.not_compared == 2


def test_cases_of_one_version_only_and_summary():
    diffs = _diffs("26.1.2", "26.3")
    assert diffs["storage/p/fill-1"].status == "only_b"
    assert diffs["palette/g/flat-bottom-section-29873"].status == "only_a"
    summary = area_summary(list(diffs.values()))
    # 26.3 adds fill (32 public and 34 generated cases); 26.2's bool(x) rule is new since 26.1.2
    assert summary["storage"]["only_b"] == 66 and summary["snbt"]["differs"] == 6


def test_palette_write_format_change_located_in_the_length_prefix(capsys):
    assert main(["versions", "1.21.1", "26.1.2", "--case", "palette/p/grow-block_states-2"]) == 0
    out = capsys.readouterr().out
    assert 'op 2 ["write"]: differs at byte 4 (data length VarInt, byte 0 of it)' in out
    assert out.strip().splitlines()[-1] == "1 differ, 0 same, 0 only in 1.21.1, 0 only in 26.1.2"


def test_readme_change_map_is_the_commands_output(capsys):
    readme = (BUNDLED.parent / "README.md").read_text(encoding="utf-8")
    begin = "<!-- begin: python3 -m harness versions --markdown -->\n"
    shown = readme[readme.index(begin) + len(begin):readme.index("<!-- end -->")]
    assert main(["versions", "--markdown"]) == 0
    assert capsys.readouterr().out == shown


def test_change_map_names_the_releases_where_answers_change(capsys):
    # from the recorded answers: 1.20.2's nameless network root, 1.21.5's rewrite (first
    # recorded in 1.21.7), 26.2's bool(x)
    from harness.engine.change_map import change_map

    rows = {(c.a, c.b, c.area): c for c in change_map([load_reference(BUNDLED / v) for v in ("1.20.1", "1.20.2", "26.1.2", "26.2")])}
    assert rows[("1.20.1", "1.20.2", "nbt")].changed == 144
    assert "nbt/p/string-1/network" in rows[("1.20.1", "1.20.2", "nbt")].ids
    assert rows[("26.1.2", "26.2", "snbt")].changed == 7


def test_one_case_through_every_release(capsys):
    # nbt/p/string-2/file: toString() escapes the NUL from 1.21.5 (first recorded in 1.21.7)
    assert main(["versions", "--case", "nbt/p/string-2/file"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("nbt/p/string-2/file: 2 runs of identical answers\n")
    assert "  1.18 .. 1.21.4 (20 releases)" in out and "  1.21.7 .. 26.3 (7 releases)" in out
    assert '"{s:\\"\\\\x00\\"}"' in out
