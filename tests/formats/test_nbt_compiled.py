"""The compiled fast path of binary NBT (``_fast_binary.c``) against the pure-Python reader and writer.

The compiled path must build the very same tags and write the very same bytes as the pure
path, and give up (so the pure path answers, errors included) on anything else. Each test
here runs both in one process and compares: the real files, random trees Hypothesis builds
(strings with NULs, lone surrogates and characters outside the BMP, NaN payloads, mixed
lists, ``{"": x}`` wrappers, empty lists, deep nesting), damaged real files, the tools' tag
budget and the game's depth limit. The recorded answers of the game are checked on both
paths by the modules marked with the ``nbt_path`` fixture (tests/conftest.py).
"""

from __future__ import annotations

import os
import struct
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from harness.formats import budget, versions
from harness.formats.errors import GameError
from harness.formats.nbt import binary_reader, binary_writer, compression, fast_binary, nbt_io
from harness.formats.nbt import tags as T

REAL = REPO / "tests" / "data" / "real"
VERSIONS = [versions.get("1.18"), versions.get("1.20.1"), versions.get("26.3")]
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])

needs_compiled = pytest.mark.skipif(fast_binary.compiled is None, reason="the compiled NBT fast path is not built here")


def _both(monkeypatch, fn):
    """``[fn() on the compiled path, fn() on the pure path]``; an error is its (type, text, where).

    Each path starts with the writer's caches empty (the compiled path fills the same write-plan
    cache the pure path reads), so neither answers with what the other computed."""
    answers = []
    for compiled in (fast_binary.compiled, None):
        monkeypatch.setattr(binary_reader, "_compiled", compiled)
        monkeypatch.setattr(binary_writer, "_compiled", compiled)
        monkeypatch.setattr(binary_writer, "_STATES", {})
        try:
            answers.append(fn())
        except (GameError, TypeError, ValueError, OverflowError, budget.BudgetExceeded, KeyError) as e:
            answers.append((type(e).__name__, str(e), getattr(e, "where", None)))
    return answers


def _same(a, b, path="(root)") -> None:
    """Identical trees: the same classes, keys (plain ``str``), order, declared list types, raw
    float bits and array dtypes and flags, all the way down."""
    assert type(a) is type(b), (path, type(a), type(b))
    if isinstance(a, dict):
        assert list(a) == list(b) and all(type(k) is str for k in b), path
        assert a.table_size == b.table_size, path
        for key in a:
            _same(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list):
        assert len(a) == len(b) and a.declared_type == b.declared_type, (path, a.declared_type, b.declared_type)
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{path}[{i}]")
    elif isinstance(a, T._ArrayTag):
        assert a.array.dtype == b.array.dtype and np.array_equal(a.array, b.array), path
        assert a.array.flags.writeable == b.array.flags.writeable, path
    elif isinstance(a, T._FloatingTag):
        assert a.bits == b.bits, path
    elif isinstance(a, tuple):  # (name, tag) or an error
        assert len(a) == len(b), path
        for x, y in zip(a, b):
            _same(x, y, path)
    else:
        assert a == b and str(a) == str(b), (path, a, b)


def _real_samples():
    for path in sorted(p for kind in ("java-nbt", "java-chunks", "bedrock") for p in (REAL / kind).iterdir()):
        try:
            data = compression.decompress(path.read_bytes())
        except GameError:
            continue
        if path.name == "level.dat" and path.parent.name == "bedrock":
            data = data[8:]
        yield pytest.param(data, "bedrock" if path.parent.name == "bedrock" else "java", id=f"{path.parent.name}/{path.name}")


REAL_SAMPLES = list(_real_samples())


@needs_compiled
@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: v.id)
@pytest.mark.parametrize("data,encoding", REAL_SAMPLES)
def test_real_files_read_and_write_the_same_on_both_paths(monkeypatch, data, encoding, version):
    compiled, pure = _both(monkeypatch, lambda: nbt_io.read_named(data, version, encoding=encoding))
    _same(compiled, pure)
    if not isinstance(pure[1], T.CompoundTag):  # a file this encoding does not read: the same error
        return
    name, tag = pure
    if encoding == "java":
        for write in (nbt_io.write_file, nbt_io.write_any, nbt_io.write_network):
            compiled, pure = _both(monkeypatch, lambda: write(tag, version))
            assert compiled == pure
    compiled, pure = _both(monkeypatch, lambda: nbt_io.write_named(name, tag, encoding=encoding))
    assert compiled == pure


@needs_compiled
def test_the_compiled_path_takes_a_real_chunk_whole(monkeypatch):
    """Not a fallback in disguise: a real chunk is read and written by one compiled call each."""
    data = compression.decompress((REAL / "java-chunks" / "unicode.chunk").read_bytes())
    calls = []

    class Counting:
        def read_tree(self, *args):
            calls.append("read")
            return fast_binary.compiled.read_tree(*args)

        def write_tree(self, *args):
            calls.append("write")
            return fast_binary.compiled.write_tree(*args)

    monkeypatch.setattr(binary_reader, "_compiled", Counting())
    monkeypatch.setattr(binary_writer, "_compiled", Counting())
    monkeypatch.setattr(binary_reader.NbtReader, "_read_tree_now", None)  # the pure tree reader is not reached
    name, tag = nbt_io.read_named(data)
    nbt_io.write_named(name, tag)
    assert calls == ["read", "write"]


# --- random trees ---------------------------------------------------------------------------
_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=6) | \
    st.sampled_from(["", "\x00", "\ud800", "a\udc00b", "\U0001F600", "x" * 200])
_leaves = st.one_of(
    st.integers(-128, 127).map(T.ByteTag), st.integers(-2**15, 2**15 - 1).map(T.ShortTag),
    st.integers(-2**31, 2**31 - 1).map(T.IntTag), st.integers(-2**63, 2**63 - 1).map(T.LongTag),
    st.sampled_from([0, 0x80000000, 0x7FC00001, 0xFF800001, 0x3F800000]).map(T.FloatTag),
    st.sampled_from([0, 1 << 63, 0x7FF0000000000001, 0x3FF0000000000000]).map(T.DoubleTag),
    _text.map(T.StringTag),
    st.lists(st.integers(-128, 127), max_size=5).map(T.ByteArrayTag),
    st.lists(st.integers(-2**31, 2**31 - 1), max_size=5).map(T.IntArrayTag),
    st.lists(st.integers(-2**63, 2**63 - 1), max_size=5).map(T.LongArrayTag))


def _compound(children):
    return st.lists(st.tuples(_text | st.just(""), children), max_size=5).map(lambda kv: T.CompoundTag(kv))


_trees = st.recursive(_leaves, lambda children: st.one_of(
    st.lists(children, max_size=5).map(T.ListTag),  # mixed lists too
    st.lists(_leaves.map(lambda x: T.CompoundTag({"": x})), max_size=3).map(T.ListTag),  # wrappers
    _compound(children)), max_leaves=30)


# what the drawn trees hold between them (the module docstring's list), checked: a Hypothesis that
# drew otherwise would be told, not left testing less
TREE_FEATURES = frozenset({
    "ByteTag", "ShortTag", "IntTag", "LongTag", "FloatTag", "DoubleTag", "StringTag", "ByteArrayTag", "IntArrayTag",
    "LongArrayTag", "ListTag", "CompoundTag", "a NUL", "a lone surrogate", "a character outside the BMP",
    "a float NaN payload", "a double NaN payload", "a mixed list", "a {'': x} wrapper", "an empty list",
    "nesting 4 deep"})


def _tree_features(tree) -> set[str]:
    """Which of :data:`TREE_FEATURES` ``tree`` holds."""
    found, stack = set(), [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        marks = {type(node).__name__, "nesting 4 deep" if depth >= 4 else ""}
        texts = [str(node)] if isinstance(node, T.StringTag) else list(node) if isinstance(node, T.CompoundTag) else []
        if isinstance(node, (T.CompoundTag, T.ListTag)):
            items = list(node.values()) if isinstance(node, T.CompoundTag) else list(node)
            stack += [(item, depth + 1) for item in items]
        if isinstance(node, T.ListTag):
            marks |= {"an empty list" if not node else "", "a mixed list" if len({type(x) for x in node}) > 1 else "",
                      "a {'': x} wrapper" if any(isinstance(x, T.CompoundTag) and list(x) == [""] for x in node) else ""}
        if isinstance(node, T.FloatTag) and node.bits in (0x7FC00001, 0xFF800001):
            marks.add("a float NaN payload")
        if isinstance(node, T.DoubleTag) and node.bits == 0x7FF0000000000001:
            marks.add("a double NaN payload")
        for text in texts:
            marks |= {"a NUL" if "\x00" in text else "",
                      "a lone surrogate" if any("\ud800" <= c <= "\udfff" for c in text) else "",
                      "a character outside the BMP" if any(c > "\uffff" for c in text) else ""}
        found |= marks - {""}
    return found


@needs_compiled
def test_random_trees_write_and_read_back_the_same_on_both_paths(monkeypatch):
    """40 trees Hypothesis draws (derandomized: the same each run), which hold every one of
    :data:`TREE_FEATURES` between them (60 drew no other; the drawing was most of the test's time)."""
    drawn: set[str] = set()

    @settings(SETTINGS, max_examples=40)
    @given(tree=_compound(_trees))
    def check(tree):
        drawn.update(_tree_features(tree))
        for version in VERSIONS:
            written = _both(monkeypatch, lambda: nbt_io.write_file(tree, version))
            assert written[0] == written[1]
            if isinstance(written[1], bytes):
                _same(*_both(monkeypatch, lambda: nbt_io.read_file(written[1], version)))
            network = _both(monkeypatch, lambda: nbt_io.write_network(tree, version))
            assert network[0] == network[1]
        for encoding in ("java", "bedrock"):
            named = _both(monkeypatch, lambda: nbt_io.write_named("root", tree, encoding=encoding))
            assert named[0] == named[1]
            if isinstance(named[1], bytes):
                _same(*_both(monkeypatch, lambda: nbt_io.read_named(named[1], encoding=encoding)))

    check()
    assert drawn >= TREE_FEATURES, f"the drawn trees hold none with {sorted(TREE_FEATURES - drawn)}: draw more"


# --- damaged input --------------------------------------------------------------------------
_DAMAGE_SOURCES = [compression.decompress((REAL / name).read_bytes()) for name in
                   ("java-nbt/bigtest.nbt", "java-nbt/complex_player.dat", "java-nbt/level.dat")]


@needs_compiled
@SETTINGS
@given(which=st.integers(0, len(_DAMAGE_SOURCES) - 1), data=st.data())
def test_damaged_files_answer_the_same_on_both_paths(monkeypatch, which, data):
    raw = bytearray(_DAMAGE_SOURCES[which])
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        kind = data.draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if kind == "flip":
            raw[at] = data.draw(st.sampled_from([0, 1, 9, 10, 12, 13, 0x7F, 0x80, 0xC0, 0xFF]))
        elif kind == "cut":
            del raw[at:]
            if not raw:
                raw = bytearray(b"\x0a")
        elif kind == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=4))
        elif len(raw) > 1:
            del raw[at]
    for version in VERSIONS:
        _same(*_both(monkeypatch, lambda: nbt_io.read_file(bytes(raw), version)))
    _same(*_both(monkeypatch, lambda: nbt_io.read_named(bytes(raw), encoding="bedrock")))


@needs_compiled
@pytest.mark.parametrize("max_tags", [1, 2, 50, 1000, 1300])
def test_the_tag_budget_is_the_pure_paths(monkeypatch, max_tags):
    data = compression.decompress((REAL / "java-chunks" / "chunk1.14.nbt").read_bytes())
    monkeypatch.setattr(budget, "MAX_TAGS", max_tags)
    compiled, pure = _both(monkeypatch, lambda: nbt_io.read_named(data))
    _same(compiled, pure)


def _list_of(n: int, element: bytes, elem: int = 10, items: bytes | None = None) -> bytes:
    """A Java NBT file: root compound holding ``x``, a compound holding ``l``, a list of ``n`` ``element``s
    (or of ``n`` elements whose bytes are ``items``)."""
    return (b"\x0a\x00\x00\x0a\x00\x01x\x09\x00\x01l" + bytes([elem]) + struct.pack(">i", n)
            + (element * n if items is None else items) + b"\x00\x00")


_INT_ENTRY = b"\x03\x00\x01a\x00\x00\x00\x07"
_BUDGET_TREES = {
    "empty compounds": _list_of(150, b"\x00"),  # refused without building them (_fast_binary.c), at every budget
    "empty compounds around one that is not": _list_of(81, b"", items=b"\x00" * 40 + _INT_ENTRY + b"\x00" * 41),
    "flat compounds": _list_of(100, _INT_ENTRY + b"\x08\x00\x01s\x00\x02hi\x00"),
    "compounds of lists": _list_of(60, b"\x09\x00\x01m\x03\x00\x00\x00\x02" + b"\x00" * 8 + b"\x00"),
    "lists of ints": _list_of(80, b"\x03\x00\x00\x00\x03" + b"\x00" * 12, elem=9),
    "a compound list then leaves": _list_of(50, _INT_ENTRY + b"\x00") + b"",
}


@needs_compiled
@pytest.mark.parametrize("tree", sorted(_BUDGET_TREES))
def test_over_the_tag_budget_both_paths_refuse_at_the_same_offset_and_path(monkeypatch, tree):
    """Every budget from 1 to past the tree's own count: the compiled path's refusal (or tree) is the
    pure path's, word for word (offset and path included)."""
    data = _BUDGET_TREES[tree]
    refusals = set()
    for max_tags in range(1, 1300):
        monkeypatch.setattr(budget, "MAX_TAGS", max_tags)
        compiled, pure = _both(monkeypatch, lambda: nbt_io.read_file(data, VERSIONS[-1]))
        _same(compiled, pure)
        if isinstance(pure, tuple):
            refusals.add(pure[1])
        else:
            break
    assert len(refusals) > 20 and not isinstance(pure, tuple)  # refused at many places, then read


@needs_compiled
@pytest.mark.parametrize("depth", [None, 511])  # 511: the compounds one past the depth limit
def test_empty_compounds_over_the_budget_where_the_list_cannot_be_read_are_the_pure_paths(monkeypatch, depth):
    """The compiled path's refusal of empty compounds without building them (``_fast_binary.c``) only
    where the read would refuse them: where the bytes end inside the list (``depth`` None) or its
    compounds are too deep (the list inside ``depth`` compounds), every budget gets the pure path's
    answer (a refusal or the game's error)."""
    if depth is None:
        data = _list_of(150, b"\x00")[:-92]  # 60 of the 150 compounds, then nothing
    else:
        data = (b"\x0a\x00\x00" + b"\x0a\x00\x01k" * (depth - 1) + b"\x09\x00\x01l\x0a" + struct.pack(">i", 40)
                + b"\x00" * 40 + b"\x00" * depth)
    answers = set()
    for max_tags in range(1, 200 if depth is None else 130):
        monkeypatch.setattr(budget, "MAX_TAGS", max_tags)
        compiled, pure = _both(monkeypatch, lambda: nbt_io.read_file(data, VERSIONS[-1]))
        _same(compiled, pure)
        answers.add(pure[0] if isinstance(pure, tuple) else "read")
    assert "BudgetExceeded" in answers and len(answers) == 2, answers


@needs_compiled
def test_the_compiled_path_refuses_a_bomb_itself(monkeypatch):
    """A list of a million empty compounds over the budget is refused by the compiled path, never
    handed to the pure reader (which took 1.5 s a million tags), where the pure path refuses it."""
    data = _list_of(1_000_000, b"\x00")
    monkeypatch.setattr(budget, "MAX_TAGS", 100_000)
    pure = _both(monkeypatch, lambda: nbt_io.read_file(data, VERSIONS[-1]))[1]
    assert pure[0] == "BudgetExceeded" and "path x.l[49999]" in pure[1]  # two tags an element

    def pure_reader(*args):
        raise AssertionError("the pure reader was asked")

    monkeypatch.setattr(binary_reader, "_compiled", fast_binary.compiled)
    monkeypatch.setattr(binary_reader.NbtReader, "_read_tree_now", pure_reader)
    with pytest.raises(budget.BudgetExceeded) as refused:
        nbt_io.read_file(data, VERSIONS[-1])
    assert str(refused.value) == pure[1]


def test_same_shaped_compounds_count_every_tag(monkeypatch, nbt_path):
    """Siblings read by their shape count as the first was counted: the element, its entries and its
    End (they counted one tag each, so 100,000 compounds of 64 entries passed a budget of 100,000)."""
    data = _list_of(1000, _INT_ENTRY + b"\x00")  # l: 1 tag; each element 3 (itself, a, End)
    monkeypatch.setattr(budget, "MAX_TAGS", 2500)  # element 833 (at 16 + 9 * 833) starts the 2501st tag
    with pytest.raises(budget.BudgetExceeded, match=r"more than 2500 tags.* at offset 7513, path x\.l\[833\]$"):
        nbt_io.read_file(data, VERSIONS[-1])
    monkeypatch.setattr(budget, "MAX_TAGS", 3005)  # 1 + 3000, then x's entry and End, the root's
    assert len(nbt_io.read_file(data, VERSIONS[-1])["x"]["l"]) == 1000
    monkeypatch.setattr(budget, "MAX_TAGS", 3004)  # over when the root ends, its last key x
    with pytest.raises(budget.BudgetExceeded, match=r"path x$"):
        nbt_io.read_file(data, VERSIONS[-1])


@needs_compiled
@pytest.mark.parametrize("depth", [511, 512, 513])
def test_nesting_at_the_depth_limit_answers_the_same(monkeypatch, depth):
    data = b"\x0a\x00\x00" + b"\x09\x00\x00\x00\x09\x00\x00\x00\x01" * (depth - 1) + b"\x00\x00\x00\x00\x00" + b"\x00"
    for version in VERSIONS:
        _same(*_both(monkeypatch, lambda: nbt_io.read_file(data, version)))
        _same(*_both(monkeypatch, lambda: nbt_io.read_named_end(data, version)))  # nbt_io's one-call path


_COLLIDING = ["".join(p) for p in __import__("itertools").product(["Aa", "BB"], repeat=4)]  # one String.hashCode


@needs_compiled
@pytest.mark.parametrize("keys", [_COLLIDING, _COLLIDING[:9], _COLLIDING[:8] + ["x", "y", "z"],
                                  [f"k{i}" for i in range(200)], ["a\x00b", "b", "c"], ["é", "e"]],
                         ids=["tree-bin", "nine-colliding", "eight-colliding", "200-keys", "nul-key", "non-ascii"])
def test_hashmap_order_is_the_pure_paths(monkeypatch, keys):
    tree = T.CompoundTag({key: T.IntTag(i) for i, key in enumerate(keys)})
    tree["list"] = T.ListTag([T.CompoundTag({key: T.ByteTag(1) for key in reversed(keys)})])
    for version in VERSIONS:
        compiled, pure = _both(monkeypatch, lambda: nbt_io.write_file(tree, version))
        assert compiled == pure
    compiled, pure = _both(monkeypatch, lambda: nbt_io.write_named("", tree, encoding="bedrock"))
    assert compiled == pure


@needs_compiled
def test_tags_of_other_classes_are_written_by_the_pure_path(monkeypatch):
    class MyInt(T.IntTag):
        pass

    tree = T.CompoundTag(a=MyInt(3), b=T.ListTag([T.IntTag(1), T.ByteTag(2)]), c=T.CompoundTag(d=T.END))
    late = T.CompoundTag(a=T.IntTag(1), s=T.StringTag("x" * 5000), z=T.ListTag([T.IntTag(1), T.ByteTag(2)]))
    for version in VERSIONS:  # given up on after writing some of it: none of that is left in the output
        compiled, pure = _both(monkeypatch, lambda: nbt_io.write_file(late, version))
        assert compiled == pure
        compiled, pure = _both(monkeypatch, lambda: nbt_io.write_file(tree, version))
        assert compiled == pure
    bad = T.CompoundTag()
    bad["a"] = "not a tag"  # the constructor refuses it; item assignment is not checked
    compiled, pure = _both(monkeypatch, lambda: nbt_io.write_file(bad, VERSIONS[-1]))
    assert compiled == pure and compiled[0] == "TypeError"


# --- the fallback when it is not there ---------------------------------------------------------
def test_the_environment_variable_turns_the_compiled_path_off():
    """(In a child forked from this process, the harness's modules forgotten and imported again
    there with the variable set, as a new interpreter's import would see it.)"""
    from helpers_cli import run_body_forked

    def body() -> int:
        for name in [n for n in sys.modules if n == "harness" or n.startswith("harness.")]:
            del sys.modules[name]
        from harness.formats.nbt import binary_reader, fast_binary as again

        print(again.compiled, binary_reader._compiled)
        return 0

    out = run_body_forked(["import", "fast_binary"], body, REPO, env=dict(os.environ, **{fast_binary.PURE_ENV: "1"}))
    assert out.returncode == 0 and out.stdout.split() == ["None", "None"], out.stderr


def test_without_the_extension_the_pure_path_is_used(monkeypatch):
    monkeypatch.delenv(fast_binary.PURE_ENV, raising=False)
    import harness.formats.nbt as package

    monkeypatch.setitem(sys.modules, "harness.formats.nbt._fast_binary", None)  # import fails as if not built
    monkeypatch.delattr(package, "_fast_binary", raising=False)
    assert fast_binary._load() is None


def test_ci_builds_every_compiled_path():
    """CI installs with ./setup.sh, which builds every extension setup.py's FAST_PATHS lists: there
    each must import, and each loader must have taken it (not its pure fallback)."""
    import importlib
    import re

    from harness.formats import varint
    from harness.formats.palette import PalettedContainer, quick_set
    from harness.formats.storage import long_bytes

    loaders = (fast_binary, quick_set, varint, long_bytes)
    if os.environ.get("CI") != "true" or any(os.environ.get(m.PURE_ENV) for m in loaders):
        pytest.skip("only in CI (CI=true)")
    paths = re.findall(r'"(harness/[\w/]+)\.c"', (REPO / "setup.py").read_text(encoding="utf-8"))
    assert paths, "setup.py lists no FAST_PATHS"
    for path in paths:
        importlib.import_module(path.replace("/", "."))  # ImportError: not built
    assert fast_binary.compiled is not None and fast_binary.array_text is not None
    assert quick_set.compiled is not None and varint.compiled is not None and long_bytes.compiled is not None
    assert PalettedContainer.__mro__[1] is quick_set.compiled.QuickSet  # set_at in one C call
