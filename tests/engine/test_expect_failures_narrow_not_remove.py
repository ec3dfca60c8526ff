"""An expect-failures entry whose cases partly pass is to be narrowed, not removed: "remove" is
said only of an entry none of whose cases fail."""

from __future__ import annotations

from helpers_outcomes import outcome as _outcome

from harness.engine.baseline import apply_expectations, expect_lines, parse_expectations


def test_a_glob_still_covering_failures_says_narrow_and_one_covering_none_says_remove():
    entries = parse_expectations("storage/p/width-* set does not clear old bits\n"
                                 "storage/p/fill-* fill is not done\n", "known.txt")
    outcomes = [_outcome("storage/p/width-0-size-256", "passed"), _outcome("storage/p/width-1-size-256", "failed"),
                _outcome("storage/p/width-2-size-256", "failed"), _outcome("storage/p/fill-3", "passed")]
    result = apply_expectations(outcomes, entries)
    text = "\n".join(expect_lines(result, "known.txt"))
    remove, _, narrow = text.partition("listed but passing")
    assert "unexpectedly passing: remove from the list (1):" in remove and "storage/p/fill-3" in remove
    assert "width" not in remove
    assert narrow.startswith(": narrow the entry to leave these out (it still covers failing cases) (1):")
    assert ("26.3 storage/p/width-0-size-256 (entry 'storage/p/width-*' at known.txt:1, still covering "
            "2 failing cases: set does not clear old bits)") in narrow
    doc = result.to_json("known.txt")["unexpectedly_passing"]
    assert [(d["id"], d["action"], d["entry_failing"]) for d in doc] == [
        ("storage/p/width-0-size-256", "narrow", 2), ("storage/p/fill-3", "remove", 0)]


def test_an_entry_with_no_failure_left_is_only_to_remove():
    entries = parse_expectations("storage/p/width-* was broken\n", "known.txt")
    result = apply_expectations([_outcome("storage/p/width-0-size-256", "passed")], entries)
    text = "\n".join(expect_lines(result, "known.txt"))
    assert "remove from the list (1):" in text and "narrow" not in text
