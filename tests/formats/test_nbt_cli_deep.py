"""`harness nbt diff` and `convert` of trees nested deeper than Python's recursion limit.

SNBT nests as deep as the game's parser allows (thousands of compounds), deeper than Python
compares with ``==``; both verbs walk the two trees with a stack of their own instead.
"""

from __future__ import annotations

from helpers_cli import run_in_process

DEPTH = 1500  # ``==`` on such trees raises RecursionError (limit 1,000); the pretty text, 9.0 M characters, is over
# diff's 8 Mi line-by-line limit, so diff compares the trees themselves


def _deep(path, leaf: str) -> str:
    path.write_text("{a:" * DEPTH + leaf + "}" * DEPTH)
    return str(path)


def test_diff_of_a_deep_tree_with_itself_is_no_difference(tmp_path):
    a = _deep(tmp_path / "a.snbt", "1")
    done = run_in_process(["nbt", "diff", a, a])
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_diff_of_deep_trees_names_the_first_difference_in_one_short_line(tmp_path):
    a, b = _deep(tmp_path / "a.snbt", "1"), _deep(tmp_path / "b.snbt", "2")
    done = run_in_process(["nbt", "diff", a, b])
    assert done.returncode == 1 and done.stderr == ""
    [line] = done.stdout.splitlines()
    assert line.startswith(f"{a} and {b} differ, first at a.a.a.") and f"…({2 * DEPTH - 1} chars)…" in line
    assert len(line.replace(str(tmp_path), "")) < 450  # short whatever the temporary folder's name


def test_convert_strict_reads_a_deep_tree_back_and_compares_it(tmp_path):
    source = tmp_path / "a.snbt"
    source.write_text("{a:" * 1050 + "1" + "}" * 1050)  # pretty: 4.4 M characters, under the 8 Mi read-back limit
    out = tmp_path / "out.snbt"
    done = run_in_process(["nbt", "convert", str(source), str(out), "--to", "snbt", "--strict"])
    assert (done.returncode, done.stderr) == (0, "")  # it compared the text read back: 1,050 levels with no RecursionError
    assert out.read_text().count("{") == 1050


def test_the_first_difference_is_named_by_its_tag_path_once_shortened():
    from harness.cli.nbt import _WHERE_CHARS, _first_difference
    from harness.formats.nbt import tags as T

    def tree(leaf):
        return T.CompoundTag({"a b": T.ListTag([T.IntTag(1), T.CompoundTag({"c": T.IntArrayTag([1, leaf])})])})

    assert _first_difference(tree(2), tree(2)) is None
    assert _first_difference(tree(2), tree(3)) == '"a b"[1].c[1]'  # a key quoted, list and array indices
    assert _first_difference(tree(2), T.CompoundTag({})) == '"a b"'
    assert _first_difference(T.IntTag(1), T.ByteTag(1)) == "(root)"
    deep = T.CompoundTag({"k" * 300: tree(2)})
    where = _first_difference(deep, T.CompoundTag({"k" * 300: tree(3)}))
    assert len(where) <= _WHERE_CHARS + 20 and where.startswith("kkk") and where.endswith(".c[1]")
