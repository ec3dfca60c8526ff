"""Known failures: an ``--expect-failures`` list, and an earlier run's JSON report (``--baseline``).

An **expect-failures file** lists the failures a project knows about and accepts for now,
like toml-test's skip lists. UTF-8 text, one entry a line::

    # comments start with '#'; blank lines are ignored
    nbt/p/real/*                 our reader does not do gzip yet
    1.20.1:snbt/p/escape-*       1.20.1's escapes: not done

An entry is a glob (``fnmatch``: ``*``, ``?``, ``[...]``; ``*`` also matches ``/``), then
whitespace, then the reason (required). A glob matches a case id (every version), or
``<version>:<case id>`` to name one version. A failed case that an entry matches is an
*expected failure*: it is still counted failed, but it does not make the exit status 1. A
listed case that now passes is reported: "unexpectedly passing: remove from the list" when
none of its entry's cases fails, "listed but passing: narrow the entry" when the entry still
covers failing cases (removing it would leave those unlisted).

A **baseline** is a JSON report an earlier ``harness check --json`` wrote
(``"format": "harness-check/1"``). Each case is looked up by version and id: a case that
fails now and did not before (passed, partial, unverified, or not in the baseline) is
*newly failing* (a regression); one that passes now and failed before is *newly passing*.

>>> e = parse_expectations("storage/p/fill-* fill is not done\\n# note\\n", "x.txt")
>>> e[0].pattern, e[0].reason, e[0].matches("26.3", "storage/p/fill-5"), e[0].matches("26.3", "storage/p/get")
('storage/p/fill-*', 'fill is not done', True, False)
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass, field
from pathlib import Path

from harness.engine.limits import LimitExceeded, NotUtf8, read_capped, utf8_text
from harness.engine.runner import Outcome
from harness.engine.shorten import ID_CHARS, shorten
from harness.engine.vocabulary import kind_of


class BaselineError(ValueError):
    """An expect-failures file or a baseline report that cannot be used (message: path[:line] and why)."""


@dataclass(frozen=True)
class Expectation:
    """One entry of an expect-failures file: a glob, its reason, where it was written."""

    pattern: str
    reason: str
    source: str = ""

    def matches(self, version: str, case_id: str) -> bool:
        return fnmatch.fnmatchcase(case_id, self.pattern) or fnmatch.fnmatchcase(f"{version}:{case_id}", self.pattern)


def parse_expectations(text: str, path: str = "<text>") -> list[Expectation]:
    """The entries of an expect-failures file's text; :class:`BaselineError` for a line
    without a reason, an entry given twice, or a ``<version>:`` naming no known release."""
    from harness.engine.reference import bundled_versions
    from harness.formats.versions import VERSIONS

    known = set(VERSIONS) | set(bundled_versions())
    out, seen = [], {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            raise BaselineError(f"{path}:{n}: {parts[0]!r} has no reason: each line is '<glob> <reason>'")
        version, colon, _ = parts[0].partition(":")
        if colon and "/" not in version and not any(c in version for c in "*?[") and version not in known:
            raise BaselineError(f"{path}:{n}: {version!r} is not a release the harness knows "
                                f"('<version>:<glob>' names one release)")
        if parts[0] in seen:
            raise BaselineError(f"{path}:{n}: {parts[0]!r} is listed again (first at line {seen[parts[0]]})")
        seen[parts[0]] = n
        out.append(Expectation(parts[0], parts[1].strip(), f"{path}:{n}"))
    return out


def read_expectations(path: str | Path) -> list[Expectation]:
    """:func:`parse_expectations` of the file at ``path``."""
    try:
        text = utf8_text(read_capped(path), path, "an expect-failures file")
    except (LimitExceeded, NotUtf8) as e:
        raise BaselineError(str(e)) from None
    except OSError as e:
        raise BaselineError(f"{path}: cannot read the expect-failures file: {e.strerror or e}") from None
    return parse_expectations(text, str(path))


@dataclass
class ExpectResult:
    """How a run's outcomes meet an expect-failures list."""

    expected: list[Outcome] = field(default_factory=list)  # failed and listed
    unlisted: list[Outcome] = field(default_factory=list)  # failed and not listed: these fail the run
    unexpectedly_passing: list[tuple[Outcome, Expectation]] = field(default_factory=list)
    unused: list[Expectation] = field(default_factory=list)  # entries that matched no case checked
    failing: dict[Expectation, int] = field(default_factory=dict)  # entry -> failed cases it matches

    def to_remove(self) -> list[tuple[Outcome, Expectation]]:
        """Passing cases whose entry matches no failed case: the entry can go."""
        return [(o, e) for o, e in self.unexpectedly_passing if not self.failing.get(e)]

    def to_narrow(self) -> list[tuple[Outcome, Expectation]]:
        """Passing cases whose entry still matches failed cases: the entry should be narrowed, not removed."""
        return [(o, e) for o, e in self.unexpectedly_passing if self.failing.get(e)]

    def to_json(self, path: str) -> dict:
        return {"file": path, "expected": len(self.expected), "unlisted": len(self.unlisted),
                "unexpectedly_passing": [{"version": o.item.key[0], "id": o.item.key[2], "entry": e.pattern,
                                          "reason": e.reason, "entry_failing": self.failing.get(e, 0),
                                          "action": "narrow" if self.failing.get(e) else "remove"}
                                         for o, e in self.unexpectedly_passing],
                "unused_entries": [e.pattern for e in self.unused]}


def apply_expectations(outcomes: list[Outcome], expectations: list[Expectation]) -> ExpectResult:
    """Mark each failed outcome an entry matches (``Outcome.expected_failure`` = its reason)
    and sort the outcomes into expected, unlisted and unexpectedly passing."""
    result = ExpectResult()
    used: set[Expectation] = set()
    for o in outcomes:
        v, _, cid = o.item.key
        hits = [e for e in expectations if e.matches(v, cid)]  # every entry matching it, in the list's order
        entry = hits[0] if hits else None
        if entry is not None:
            used.add(entry)
        if o.status == "failed":
            if entry is None:
                result.unlisted.append(o)
            else:
                o.expected_failure = entry.reason
                result.expected.append(o)
                for e in hits:
                    result.failing[e] = result.failing.get(e, 0) + 1
        elif o.status == "passed" and entry is not None:
            result.unexpectedly_passing.append((o, entry))
    result.unused = [e for e in expectations if e not in used]
    return result


def expect_lines(result: ExpectResult, path: str, shown: int = 20) -> list[str]:
    """The text report's lines about an expect-failures list."""
    lines = [f"expected failures ({path}): {len(result.expected)} failed as listed, "
             f"{len(result.unlisted)} failed unlisted"]
    from harness.engine.report import listed

    lines += listed("unexpectedly passing: remove from the list",
                    [f"{o.item.key[0]} {o.item.key[2]} (entry {e.pattern!r} at {e.source}: {e.reason})"
                     for o, e in result.to_remove()], shown)
    lines += listed("listed but passing: narrow the entry to leave these out (it still covers failing cases)",
                    [f"{o.item.key[0]} {o.item.key[2]} (entry {e.pattern!r} at {e.source}, still covering "
                     f"{result.failing[e]} failing case{'s' if result.failing[e] != 1 else ''}: {e.reason})"
                     for o, e in result.to_narrow()], shown)
    if result.unused:
        lines.append("entries that matched no case checked: " + ", ".join(e.pattern for e in result.unused[:shown]))
    return lines


class Baseline(dict):
    """``(version, case id) -> status`` of a baseline report, and the run it records: its
    ``implementation`` and ``error_policy`` (``None`` where the report does not say)."""

    implementation: str | None = None
    error_policy: str | None = None


def _not_a_report(doc: object) -> str | None:
    """What keeps ``doc`` (a parsed baseline) from being a ``harness check --json`` report: the
    top level, its ``"format"`` or its ``"cases"`` list, said as found; None for a report."""
    if not isinstance(doc, dict):
        return f"the top level is {kind_of(doc)}, not an object"
    if "format" not in doc:
        return 'the top-level object has no "format" (a report has "format": "harness-check/1")'
    if doc["format"] != "harness-check/1":
        return f'its "format" is {shorten(json.dumps(doc["format"]), ID_CHARS)}, not "harness-check/1"'
    if "cases" not in doc:
        return 'the top-level object has no "cases" list (one entry per case run)'
    if not isinstance(doc["cases"], list):
        return f'its "cases" is {kind_of(doc["cases"])}, not a list (one entry per case run)'
    return None


def read_baseline(path: str | Path) -> Baseline:
    """``(version, case id) -> status`` of a JSON report (a :class:`Baseline`, with the run's
    implementation and error policy); :class:`BaselineError` for a file that is not one."""
    try:
        doc = json.loads(utf8_text(read_capped(path), path, "a baseline (a harness check --json report)"))
    except (LimitExceeded, NotUtf8) as e:
        raise BaselineError(str(e)) from None
    except OSError as e:
        raise BaselineError(f"{path}: cannot read the baseline: {e.strerror or e}") from None
    except ValueError as e:
        raise BaselineError(f"{path}: the baseline is not JSON ({e})") from None
    wrong = _not_a_report(doc)
    if wrong:
        raise BaselineError(f"{path}: not a harness check JSON report (written by 'harness check --json'): {wrong}")
    out = Baseline()
    for key in ("implementation", "error_policy"):
        if isinstance(doc.get(key), str):
            setattr(out, key, doc[key])
    for i, c in enumerate(doc["cases"]):
        if not (isinstance(c, dict) and all(isinstance(c.get(k), str) for k in ("version", "id", "status"))):
            raise BaselineError(f"{path}: case {i} of the baseline has no id, version and status (strings); "
                                "not a report harness check wrote")
        out[(c["version"], c["id"])] = c["status"]
    return out


def other_run(before: Baseline, path: str, implementation: str, policy: str) -> str | None:
    """One warning line when the baseline was run by another implementation or under another
    error policy than this run (its statuses may differ for that alone), naming both sides;
    ``None`` when both are the same or the report does not say.

    >>> b = Baseline(); b.implementation, b.error_policy = "python", "message"
    >>> other_run(b, "b.json", "python", "kind")
    'warning: the baseline b.json is of another run: --errors message there, --errors kind here (statuses compared as they are)'
    """
    differ = [f"{what} {there} there, {what} {here} here"
              for what, there, here in (("implementation", before.implementation, implementation),
                                        ("--errors", before.error_policy, policy))
              if there is not None and there != here]
    if not differ:
        return None
    return f"warning: the baseline {path} is of another run: {'; '.join(differ)} (statuses compared as they are)"


@dataclass
class BaselineResult:
    """What changed since the baseline."""

    newly_failing: list[tuple[Outcome, str | None]] = field(default_factory=list)  # with the status before (None: new)
    newly_passing: list[tuple[Outcome, str]] = field(default_factory=list)
    still_failing: list[Outcome] = field(default_factory=list)

    def to_json(self, path: str) -> dict:
        return {"file": path,
                "newly_failing": [{"version": o.item.key[0], "id": o.item.key[2], "before": b} for o, b in self.newly_failing],
                "newly_passing": [{"version": o.item.key[0], "id": o.item.key[2], "before": b} for o, b in self.newly_passing],
                "still_failing": len(self.still_failing)}


def compare_baseline(outcomes: list[Outcome], before: dict[tuple[str, str], str]) -> BaselineResult:
    """Sort this run's outcomes against ``before`` (:func:`read_baseline`)."""
    result = BaselineResult()
    for o in outcomes:
        v, _, cid = o.item.key
        was = before.get((v, cid))
        if o.status == "failed":
            if was == "failed":
                result.still_failing.append(o)
            else:
                result.newly_failing.append((o, was))
        elif o.status == "passed" and was in ("failed", "partial"):
            result.newly_passing.append((o, was))
    return result


def baseline_lines(result: BaselineResult, path: str, shown: int = 20) -> list[str]:
    """The text report's lines about a baseline."""
    from harness.engine.report import listed

    lines = [f"baseline ({path}): {len(result.newly_failing)} newly failing, {len(result.newly_passing)} newly "
             f"passing, {len(result.still_failing)} still failing"]
    for title, rows in (("newly failing", result.newly_failing), ("newly passing", result.newly_passing)):
        lines += listed(title, [f"{o.item.key[0]} {o.item.key[2]} (before: {was or 'not in the baseline'})"
                                for o, was in rows], shown)
    return lines
