"""Reports of a check: a table and failures for people, JSON and JUnit XML for CI.

Every report carries the implementation's name and the error policy used. The text report
ends with the line ``N passed, M failed, K unverified`` (:func:`harness.engine.runner.summary_line`).
JSON and JUnit files are written atomically (:func:`harness.engine.outputs.atomic_write_bytes`):
an interrupted run leaves the previous report whole. A lone surrogate (a Java string may
hold one, and so may a failure's text) is written as its ``\\udXXX`` escape everywhere:
in JSON (:mod:`harness.engine.jsontext`), in XML and on the terminal, which cannot carry it.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import dataclass

from harness.engine.compare import MISSING, Mismatch
from harness.engine.jsontext import escape_surrogates, json_text
from harness.engine.outputs import atomic_write_bytes
from harness.engine.reference import version_key
from harness.engine.runner import COUNT_NAMES, STATUSES, Outcome, summary_line, tally
from harness.engine.shorten import ID_CHARS, shorten, window

POLICY_TEXT = {
    "message": "an error answer matches the same exception kind with the same message (and cause)",
    "kind": "an error answer matches the same exception kind, whatever the message "
            "(resource refusals are one kind)",
    "refusal": "an error answer matches any error answer (a refusal is enough)",
}
SHOWN_PARTIAL = 10  # partial cases listed in the text report; JSON has them all
SHOWN_MISMATCHES = 3  # per case in the text report; JSON and JUnit carry them all
SHOWN_UNCLEAN = 10  # unverified cases that raised, listed in the text report; JSON has them all
VALUE_CHARS = 300  # a value longer than this is shown as a window around its first difference
SIDE_CHARS = 40  # a one-line failure (-q, JUnit's message) shows both sides when each is at most this long


@dataclass
class Group:
    """Counts of one version and area."""

    version: str
    area: str
    passed: int = 0
    failed: int = 0
    unverified: int = 0
    seconds: float = 0.0
    unsupported: int = 0  # partial cases: some operations (or the whole case) declined

    @property
    def cases(self) -> int:
        return self.passed + self.failed + self.unverified + self.unsupported


def groups(outcomes: list[Outcome]) -> list[Group]:
    """Counts per version and area, in version order then area order."""
    by: dict[tuple[str, str], Group] = {}
    for o in outcomes:
        v, a, _ = o.item.key
        g = by.setdefault((v, a), Group(v, a))
        name = COUNT_NAMES[o.status]
        setattr(g, name, getattr(g, name) + 1)
        g.seconds += o.seconds
    return sorted(by.values(), key=lambda g: (version_key(g.version), g.area))


def _text(value) -> str:
    return "<missing>" if value is MISSING else json_text(value)


def _first_unequal(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def _pair(expected, actual, limit: int = VALUE_CHARS) -> tuple[str, str]:
    """Both values as JSON text: whole up to ``limit`` characters, else ``limit`` of them
    around the first character where the two texts differ."""
    e, a = _text(expected), _text(actual)
    k = _first_unequal(e, a)
    return window(e, k, limit), window(a, k, limit)


HEADLINE_OP_CHARS = 60  # an operation longer than this is shortened in the middle in a headline


def _head(m: Mismatch, op_chars: int) -> tuple[str, str | None]:
    """What a mismatch's first line is made of: the operation (``op 3 ["write"]``, its JSON cut
    at ``op_chars``) and, where a side gave no answer, what is said instead of a place (``no
    answer given``), else None (both answered: the place is ``m.where``)."""
    op = f"op {m.index} {shorten(json_text(m.op), op_chars)}"
    return op, (m.where or m.difference.note) if m.expected is MISSING or m.actual is MISSING else None


def headline(m: Mismatch) -> str:
    """One line for a mismatch (:func:`mismatch_lines`' first, in short), the operation's JSON
    cut at :data:`HEADLINE_OP_CHARS`: ``op 3 ["write"] differs at data long 12``, or
    ``op 6 ["longs"]: no answer given``."""
    op, instead = _head(m, HEADLINE_OP_CHARS)
    if instead is None and not m.where and m.difference.note:
        instead = m.difference.note  # a value vs an error answer: no place to name
    if instead is not None:
        return f"{op}: {instead}"
    return f"{op} differs at {m.where or 'the answer'}"


def short_line(m: Mismatch) -> str:
    """:func:`headline` and, when both sides at the place are short (each at most
    :data:`SIDE_CHARS` characters of JSON, or of the windows of two strings), both:
    ``op 8 ["get", 5] differs at the answer: expected 129, actual 403``. The line of ``-q``
    and of a JUnit failure's message; a long or missing side is left to the full report."""
    line, d = headline(m), m.difference
    if m.expected is MISSING or m.actual is MISSING:
        return line
    if d.offset is not None:
        sides = (f"{d.unit} {d.offset} {d.expected_window}", f"{d.unit} {d.offset} {d.actual_window}")
    else:
        sides = tuple(map(_text, (d.expected, d.actual) if d.path else (m.expected, m.actual)))
    if max(map(len, sides)) > SIDE_CHARS:
        return line
    return f"{line}: expected {sides[0]}, actual {sides[1]}"


def mismatch_lines(m: Mismatch, labels: tuple[str, str] = ("expected", "actual")) -> list[str]:
    """A mismatch as text lines: op index and text, the place, both sides (windows for strings).

    Values are shown whole up to :data:`VALUE_CHARS` characters, else as a window around
    their first difference. ``labels`` name the two sides (``("1.20.1", "1.21.1")`` when
    comparing versions)."""
    d = m.difference
    e_label, a_label = (f"{x:<{max(map(len, labels))}}" for x in labels)
    head, instead = _head(m, VALUE_CHARS)
    if instead is not None:
        head += f": {instead}"
    elif m.where:
        head += f": differs at {m.where}"
    lines = [head]
    if d.note and d.note != m.where:
        lines.append(f"    {d.note}")
    if d.offset is not None:
        lines.append(f"    {e_label} {d.unit} {d.offset}: {d.expected_window}")
        lines.append(f"    {a_label} {d.unit} {d.offset}: {d.actual_window}")
    if d.path and d.offset is None:
        there = _pair(d.expected, d.actual)
        lines.append(f"    {e_label} there: {there[0]}")
        lines.append(f"    {a_label} there: {there[1]}")
    whole = _pair(m.expected, m.actual)
    lines.append(f"    {e_label}: {whole[0]}")
    lines.append(f"    {a_label}: {whole[1]}")
    return [escape_surrogates(line) for line in lines]


def _listed(o: Outcome) -> str:
    """`` [expected: reason]`` for a failure --expect-failures lists; ``""`` otherwise."""
    reason = getattr(o, "expected_failure", None)
    return f" [expected: {shorten(reason, ID_CHARS)}]" if reason is not None else ""


def failure_text(o: Outcome) -> str:
    """All that a person needs about one failed case: id, version and source, its setup and its
    operations in order (JSON, each line cut at :data:`VALUE_CHARS`), then the first
    :data:`SHOWN_MISMATCHES` mismatches."""
    v, _, cid = o.item.key
    lines = [f"FAIL {v} {shorten(cid, ID_CHARS)}  ({shorten(o.item.source, ID_CHARS)}){_listed(o)}"]
    if o.reason:
        lines[0] += f": no answers: {o.reason}"
    setup = o.item.case.get("setup")
    if setup:  # what the operations start from, so that the case can be rebuilt by hand
        lines.append(f"  setup {shorten(json_text(setup), VALUE_CHARS)}")
    ops = o.item.case.get("ops")
    if ops and o.mismatches:  # every operation in order: a mismatch may come of an earlier one
        lines.append(f"  ops {shorten(', '.join(json_text(op) for op in ops), VALUE_CHARS)}")
    for m in o.mismatches[:SHOWN_MISMATCHES]:
        lines.extend("  " + line for line in mismatch_lines(m))
    if len(o.mismatches) > SHOWN_MISMATCHES:
        lines.append(f"  … and {len(o.mismatches) - SHOWN_MISMATCHES} more operations differ")
    return escape_surrogates("\n".join(lines))


def unclean_lines(outcomes: list[Outcome], shown: int = SHOWN_UNCLEAN) -> list[str]:
    """The unverified cases that got no answers (their ``reason``), in two sections of the
    text report, each empty when it has none: the ones the implementation declined whole (a
    program's ``failure`` line: ``area snbt not implemented``), then the ones it crashed,
    hung or raised on. Still unverified (no recorded answer to judge them by), but a person
    should see that they did not run, and why."""
    unclean = [o for o in outcomes if o.status == "unverified" and o.reason]
    declined = [case_row(o, o.reason) for o in unclean if o.declined_case]
    crashed = [case_row(o, o.reason) for o in unclean if not o.declined_case]
    return (listed("unverified cases the implementation declined (a failure line)", declined, shown)
            + listed("unverified cases that did not run cleanly", crashed, shown))


def unverified_lines(outcomes: list[Outcome]) -> list[str]:
    """Why the unverified cases are unverified, a line per reason, most cases first:
    ``unverified: 102 cases: the game has no stable answer: ...`` (a case's note, else "no
    recorded answer"); empty when none is unverified. The cases themselves are in the JSON report."""
    reasons = Counter(o.item.note or "no recorded answer" for o in outcomes if o.status == "unverified")
    return [escape_surrogates(f"unverified: {n} case{'s' if n != 1 else ''}: {why}") for why, n in reasons.most_common()]


def case_row(o: Outcome, text: str) -> str:
    """``<version> <case id>: <text>``, the id shortened: one row of a list of cases."""
    return f"{o.item.key[0]} {shorten(o.item.key[2], ID_CHARS)}: {text}"


def listed(title: str, rows: list[str], shown: int) -> list[str]:
    """``title (N):`` then the first ``shown`` rows indented, then how many more there are
    (every one is in the JSON report); empty when there are no rows."""
    if not rows:
        return []
    lines = [f"{title} ({len(rows)}):"] + [f"  {row}" for row in rows[:shown]]
    if len(rows) > shown:
        lines.append(f"  … and {len(rows) - shown} more (every one is in --json)")
    return [escape_surrogates(line) for line in lines]


def declined_text(o: Outcome) -> str:
    """What a case declined, in one line, operations with the same reason together:
    ``op 1 ["to_string"], op 2 ["pretty"]: why``; a whole declined case as ``the whole case: why``."""
    groups_: list[tuple[str, list[str]]] = []
    for d in o.declined_reasons():
        reason = shorten(str(d["reason"]), 200)
        where = "the whole case" if d["index"] is None else f"op {d['index']} {shorten(json_text(d['op']), 80)}"
        if groups_ and groups_[-1][0] == reason:
            groups_[-1][1].append(where)
        else:
            groups_.append((reason, [where]))
    return escape_surrogates("; ".join(f"{', '.join(places)}: {reason}" for reason, places in groups_))


def partial_lines(outcomes: list[Outcome], shown: int = SHOWN_PARTIAL) -> list[str]:
    """The partial cases (declined operations; every other answer matched), and which
    operations were declined how often: a section of the text report, empty when none."""
    partial = [o for o in outcomes if o.status == "partial"]
    lines = listed("partial cases: some operations declined as unsupported, every other answer matches",
                   [case_row(o, declined_text(o)) for o in partial], shown)
    counts = unsupported_counts(outcomes)
    if counts:
        lines.append("unsupported: " + ", ".join(f"{op} ({n} case{'s' if n != 1 else ''})" for op, n in counts.items()))
    return [escape_surrogates(line) for line in lines]


def unsupported_counts(outcomes: list[Outcome]) -> dict[str, int]:
    """``"<area> <operation>"`` (``"<area> (whole case)"`` for a declined case) -> in how many
    partial cases it was declined."""
    counts: dict[str, int] = defaultdict(int)
    for o in outcomes:
        if o.status != "partial":
            continue
        area = o.item.case["area"]
        for name in {f"{area} {d['op'][0]}" if d["op"] else f"{area} (whole case)" for d in o.declined_reasons()}:
            counts[name] += 1
    return dict(sorted(counts.items()))


def print_text(outcomes: list[Outcome], console, implementation: str, policy: str,
               quiet: bool = False, seconds: float | None = None) -> None:
    """The human report on a rich ``console``: failures, unverified cases that raised, the
    table, notes (the summary line is the caller's). Lone surrogates are shown as ``\\udXXX``."""
    from rich.table import Table

    def say(text: str = "") -> None:
        console.print(escape_surrogates(text), markup=False, highlight=False)

    failed = [o for o in outcomes if o.status == "failed"]
    for o in failed:
        if quiet:
            first = o.reason or (short_line(o.mismatches[0]) if o.mismatches else "")
            say(f"FAIL {o.item.key[0]} {shorten(o.item.key[2], ID_CHARS)}{_listed(o)}: {first}")
        else:
            say(failure_text(o))
            if o.mismatches:
                say()
    if not quiet:
        for line in unclean_lines(outcomes):
            say(line)
        for line in partial_lines(outcomes):
            say(line)
        table = Table(title=escape_surrogates(f"harness check: {implementation}"))
        for name, justify in (("version", "left"), ("area", "left"), ("passed", "right"), ("failed", "right"),
                              ("unverified", "right"), ("unsupported", "right"), ("seconds", "right"),
                              ("ms/case", "right")):
            table.add_column(name, justify=justify)
        for g in groups(outcomes):
            per = 1000 * g.seconds / g.cases if g.cases else 0.0
            table.add_row(escape_surrogates(g.version), g.area, str(g.passed), str(g.failed), str(g.unverified),
                          str(g.unsupported), f"{g.seconds:.2f}", f"{per:.1f}")
        console.print(table)
        say(f"error answers: --errors {policy}: {POLICY_TEXT[policy]}")
        absent = not_judged_line(outcomes)
        if absent:
            say(absent)
        for line in unverified_lines(outcomes):
            say(line)
        common = common_reasons(failed)
        if common:
            say("most frequent reasons cases got no answers: " + "; ".join(common))
        slow = slow_areas(outcomes)
        if slow:
            say("slow: " + "; ".join(slow))
        if seconds is not None:
            say(f"{len(outcomes)} case{'s' if len(outcomes) != 1 else ''} in {seconds:.2f} s")
    console.file.flush()


def not_judged_counts(outcomes: list[Outcome]) -> dict[str, int]:
    """What a release lacks (its absent answers) -> in how many cases that operation was not judged."""
    counts: dict[str, int] = defaultdict(int)
    for o in outcomes:
        for what in {o.item.expected[i]["absent"] for i in o.not_judged}:
            counts[what] += 1
    return dict(sorted(counts.items()))


def not_judged_line(outcomes: list[Outcome]) -> str | None:
    """One line naming the operations not judged (absent in their release), or None."""
    counts = not_judged_counts(outcomes)
    if not counts:
        return None
    listed = ", ".join(f"{what} ({n} case{'s' if n != 1 else ''})" for what, n in counts.items())
    return f"not judged (the release lacks the operation, recorded as absent): {listed}"


def common_reasons(failed: list[Outcome], top: int = 3) -> list[str]:
    """The reasons shared by most crashed cases (``"<reason> (N cases)"``), most frequent first."""
    ranked = Counter(o.reason for o in failed if o.reason).most_common(top)
    return [f"{reason} ({n} cases)" for reason, n in ranked if n > 1]


SLOW_MIN_CASES = 20
"""Fewer answered cases in an area than this, and its average is mostly the implementation's
start-up (a program's start is timed in its first case: 50-70 ms for a Python adapter), so
the ``slow:`` line says so beside the number."""


def slow_areas(outcomes: list[Outcome], threshold: float = 0.05) -> list[str]:
    """Areas averaging more than ``threshold`` seconds per case, with their slowest case.

    Only the cases the implementation answered count: one that raised, crashed, hung or sent a
    bad line (failed with a ``reason``) times the failure, not the implementation's speed, and
    an area where the implementation crashed on every case is not called slow. Over fewer
    than :data:`SLOW_MIN_CASES` cases the line adds that the implementation's start-up is in
    the average (``over 1 case, the implementation's start-up included: too few to tell``)."""
    out = []
    per_area: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        if not (o.status == "failed" and o.reason):
            per_area[o.item.case["area"]].append(o)
    for area, group in sorted(per_area.items()):
        total = sum(o.seconds for o in group)
        if group and total / len(group) > threshold:
            worst = max(group, key=lambda o: o.seconds)
            few = "" if len(group) >= SLOW_MIN_CASES else (
                f"; over {len(group)} case{'s' if len(group) != 1 else ''}, the implementation's start-up "
                "included: too few to tell")
            out.append(f"{area} averages {1000 * total / len(group):.0f} ms per case (slowest {worst.item.key[0]} "
                       f"{shorten(worst.item.key[2], ID_CHARS)}: {worst.seconds:.2f} s{few})")
    return out


# --- JSON ---------------------------------------------------------------------------------
def _plain(value):
    return "<missing>" if value is MISSING else value


def outcome_dict(o: Outcome) -> dict:
    """One case's outcome as plain JSON data."""
    v, area, cid = o.item.key
    doc = {"id": cid, "version": v, "area": area, "status": o.status, "source": o.item.source,
           "seconds": round(o.seconds, 6)}
    if o.item.note:
        doc["note"] = o.item.note
    if o.reason:
        doc["reason"] = o.reason
    if o.status == "partial" or o.declined:  # what the implementation declined (index null: the whole case)
        doc["unsupported"] = o.declined_reasons()
    if o.expected_failure is not None:
        doc["expected_failure"] = o.expected_failure
    if o.not_judged:  # operations the release lacks ({"absent": ...} recorded): not judged
        doc["not_judged"] = [{"index": i, "absent": o.item.expected[i]["absent"]} for i in o.not_judged]
    if o.status == "failed":  # the text report's failure, whole (harness report --html shows it)
        doc["failure_text"] = failure_text(o)
    if o.mismatches:
        doc["mismatches"] = [{
            "index": m.index, "op": m.op, "where": m.where,
            "expected": _plain(m.expected), "actual": _plain(m.actual),
            "path": list(m.difference.path), "offset": m.difference.offset, "unit": m.difference.unit,
            "expected_window": m.difference.expected_window, "actual_window": m.difference.actual_window,
            "note": m.difference.note,
        } for m in o.mismatches]
    return doc


def json_report(outcomes: list[Outcome], implementation: str, policy: str, seconds: float | None = None,
                stopped: str | None = None, extra: dict | None = None) -> dict:
    """The whole check as JSON data: summary, groups, every case; ``stopped``: why the run
    stopped before its last case (the implementation could not go on), else absent;
    ``extra``: more top-level keys (``expect_failures``, ``baseline``, ``protocol``)."""
    doc = {
        "format": "harness-check/1",
        "implementation": implementation,
        "error_policy": policy,
        "error_policy_text": POLICY_TEXT[policy],
        "seconds": round(seconds, 3) if seconds is not None else None,
        "summary": tally(outcomes),
        "summary_line": summary_line(outcomes),
        "groups": [g.__dict__ | {"seconds": round(g.seconds, 6)} for g in groups(outcomes)],
        "cases": [outcome_dict(o) for o in outcomes],
    }
    if not_judged_counts(outcomes):  # what the releases lack -> in how many cases it was not judged
        doc["not_judged"] = not_judged_counts(outcomes)
    if unsupported_counts(outcomes):  # operation -> in how many cases the implementation declined it
        doc["unsupported_operations"] = unsupported_counts(outcomes)
    if stopped:
        doc["stopped"] = stopped
    doc.update(extra or {})
    return doc


def write_json(path, outcomes, implementation: str, policy: str, seconds: float | None = None,
               stopped: str | None = None, extra: dict | None = None) -> None:
    """Write :func:`json_report` to ``path`` atomically (lone surrogates as ``\\udXXX``), laid
    out by :func:`report_text`."""
    doc = json_report(outcomes, implementation, policy, seconds, stopped, extra)
    atomic_write_bytes(path, report_text(doc).encode("utf-8"))


def report_text(doc: dict) -> str:
    """``doc`` (a JSON report) as JSON text: a top-level key a line, and each item of a list
    value (``groups``, ``cases``) a line of its own, each value written whole by the json
    module's C encoder (``indent`` would force its pure-Python one: 0.33 s of CPU for 40,000
    cases where this takes 0.17). Until 0.7.0 the whole report was indented (``indent=1``);
    the JSON is the same, the line breaks and indentation differ.

    >>> print(report_text({"format": "f", "cases": [{"id": "a"}, {"id": "b"}], "groups": []}), end="")
    {
     "format": "f",
     "cases": [
      {"id": "a"},
      {"id": "b"}
     ],
     "groups": []
    }
    """
    encode = json.JSONEncoder(ensure_ascii=False).encode

    def value(v) -> str:
        if isinstance(v, list) and v:
            return "[\n  " + ",\n  ".join(map(encode, v)) + "\n ]"
        return encode(v)

    if not doc:
        return "{}\n"
    text = "{\n" + ",\n".join(f" {encode(key)}: {value(v)}" for key, v in doc.items()) + "\n}\n"
    return escape_surrogates(text)  # as json_text does, once for the whole text


# --- JUnit XML ----------------------------------------------------------------------------
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    """Text XML 1.0 can carry: a lone surrogate as ``\\udXXX``, other characters it cannot
    carry (SNBT answers have some) as ``\\xNN``."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", escape_surrogates(text))


def junit_xml(outcomes: list[Outcome], implementation: str, policy: str, seconds: float | None = None,
              stopped: str | None = None) -> bytes:
    """JUnit XML: one testsuite per version and area, one testcase per case (its classname
    :func:`_junit_classname`); failures with
    the failure text, unverified cases as skipped; ``stopped`` (why the run stopped early)
    as a property."""
    c = tally(outcomes)
    root = ET.Element("testsuites", name=f"harness check ({implementation})", tests=str(len(outcomes)),
                      failures=str(c["failed"]), skipped=str(c["unverified"] + c["unsupported"]), errors="0",
                      time=f"{seconds or sum(o.seconds for o in outcomes):.3f}")
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", name="implementation", value=_xml_text(implementation))
    ET.SubElement(props, "property", name="error_policy", value=policy)
    if stopped:
        ET.SubElement(props, "property", name="stopped", value=_xml_text(stopped))
    suites: dict[tuple[str, str], ET.Element] = {}
    for g in groups(outcomes):
        suites[(g.version, g.area)] = ET.SubElement(
            root, "testsuite", name=f"{g.version}/{g.area}", tests=str(g.cases), failures=str(g.failed),
            skipped=str(g.unverified + g.unsupported), errors="0", time=f"{g.seconds:.3f}")
    for o in outcomes:
        v, area, cid = o.item.key
        tc = ET.SubElement(suites[(v, area)], "testcase", classname=_junit_classname(v, area), name=_xml_text(cid),
                           time=f"{o.seconds:.6f}", file=_xml_text(o.item.source))
        if o.status == "failed":
            first = o.reason or short_line(o.mismatches[0])
            fail = ET.SubElement(tc, "failure", message=_xml_text(first), type="crash" if o.reason else "mismatch")
            fail.text = _xml_text(failure_text(o))
        elif o.status == "unverified":
            ET.SubElement(tc, "skipped", message=_xml_text("unverified: " + (o.item.note or "no recorded answer")))
        elif o.status == "partial":
            ET.SubElement(tc, "skipped", message=_xml_text("unsupported: " + declined_text(o)))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def write_junit(path, outcomes, implementation: str, policy: str, seconds: float | None = None,
                stopped: str | None = None) -> None:
    """Write :func:`junit_xml` to ``path`` atomically."""
    atomic_write_bytes(path, junit_xml(outcomes, implementation, policy, seconds, stopped))


def _junit_classname(version: str, area: str) -> str:
    """A testcase's classname: ``snbt.26_3``. JUnit viewers (Jenkins, GitLab) read a classname as
    ``package.Class``, nesting on its dots, so the version's dots become underscores: the
    area is the package, the release its class, never ``26`` > ``3`` > ``snbt``."""
    return f"{area}.{version.replace('.', '_')}"


__all__ = ["Group", "groups", "headline", "failure_text", "unclean_lines", "partial_lines", "declined_text", "print_text", "json_report", "write_json", "junit_xml",
           "write_junit", "mismatch_lines", "slow_areas", "STATUSES"]
