"""A results page: JSON reports of ``harness check --json`` drawn as one conformance matrix.

:func:`load` reads one report; :func:`render` draws any number of them (several
implementations, several versions each) as one self-contained HTML page: per implementation
a table of areas × versions, each cell coloured by its pass rate and expandable (a
``<details>`` element, no script needed) to its failing cases, each with the text
``harness check`` prints for it (the report's ``failure_text``; rebuilt from ``reason`` and
``mismatches`` for a report written before it was kept).

Reports are read tolerantly: keys the reader does not know are ignored, and a case status
other than ``passed``, ``failed`` and ``unverified`` (a later harness may add some) is
counted and shown under its own name, and counts against the pass rate as a case that did
not pass. ``unverified`` cases (no recorded answer) and ``partial`` ones (the implementation
declined some operations and every other answer matched: they never fail ``harness check``)
are left out of the rate; partial cases are still listed in their cell. A partial case is
shown as ``unsupported``, the word ``harness check`` counts it under (:func:`shown_status`). Reports of one
implementation under different ``--errors`` policies are drawn apart; the same case
(implementation, policy, version, id) given by two reports is counted once, from the later report.

No network: CSS and script are inline, and the page works without script (the script only
adds a filter box and "open all", opens every cell when the address ends in ``#open-all``,
and, when it has run, marks the page ``<html data-ready="ok">``).
"""

from __future__ import annotations

import html
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from harness.engine.jsontext import escape_surrogates
from harness.engine.limits import LimitExceeded, NotUtf8, read_capped, utf8_text
from harness.engine.reference import version_key
from harness.engine.runner import COUNT_NAMES

KNOWN_AREAS = ("nbt", "snbt", "storage", "palette", "region")
SHOWN_FAILURES = 500  # failing cases listed per cell; the JSON report has them all


class ReportError(ValueError):
    """A file that is not a ``harness check --json`` report; the message names it."""


def load(path) -> dict:
    """One JSON report, with ``path`` kept as ``_path``; :class:`ReportError` when it is not one."""
    try:
        doc = json.loads(utf8_text(read_capped(path), path, "a harness check --json report"))
    except (LimitExceeded, NotUtf8) as e:
        raise ReportError(str(e)) from None
    except (json.JSONDecodeError, RecursionError) as e:
        raise ReportError(f"{path}: not JSON ({getattr(e, 'msg', 'nested too deeply')})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cases"), list) \
            or not str(doc.get("format", "")).startswith("harness-check/"):
        raise ReportError(f"{path}: not a harness check --json report (no \"format\": \"harness-check/...\" "
                          "with a \"cases\" list)")
    for i, case in enumerate(doc["cases"]):
        if not isinstance(case, dict) or not all(isinstance(case.get(k), str) for k in ("id", "version", "area", "status")):
            raise ReportError(f"{path}: case {i} has no id, version, area and status (strings)")
    doc["_path"] = str(path)
    return doc


NOT_JUDGED = ("unverified", "partial")  # left out of a cell's pass rate


def shown_status(status: str) -> str:
    """The word the page shows for a case status: the one ``harness check`` counts it under
    (:data:`~harness.engine.runner.COUNT_NAMES`: ``partial`` is ``unsupported``), else the status itself."""
    return COUNT_NAMES.get(status, status)


def _counts_text(counts: Counter, skip: tuple[str, ...]) -> str:
    """``2 unsupported, 1 unverified``: the counts of the statuses not in ``skip``, by their shown words."""
    shown: Counter = Counter()
    for status, n in counts.items():
        if status not in skip:
            shown[shown_status(status)] += n
    return ", ".join(f"{n} {word}" for word, n in sorted(shown.items()))


@dataclass
class Cell:
    """One area of one version of one implementation."""

    counts: Counter = field(default_factory=Counter)
    failing: list[dict] = field(default_factory=list)  # failed cases, and those of statuses not known

    @property
    def judged(self) -> int:
        return sum(n for status, n in self.counts.items() if status not in NOT_JUDGED)

    @property
    def rate(self) -> float | None:
        return self.counts["passed"] / self.judged if self.judged else None


@dataclass
class Matrix:
    """One implementation's cells, by (area, version), and what its reports said."""

    name: str
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    reports: list[dict] = field(default_factory=list)

    @property
    def versions(self) -> list[str]:
        return sorted({v for _, v in self.cells}, key=version_key)

    @property
    def areas(self) -> list[str]:
        present = {a for a, _ in self.cells}
        return [a for a in KNOWN_AREAS if a in present] + sorted(present - set(KNOWN_AREAS))

    def totals(self) -> Counter:
        total: Counter = Counter()
        for cell in self.cells.values():
            total.update(cell.counts)
        return total


def matrices(reports: list[dict]) -> list[Matrix]:
    """The reports grouped by implementation and error policy (in the order first seen),
    cases merged: one implementation checked under two ``--errors`` policies is two
    matrices, named with their policy."""
    def policy(doc: dict) -> str:
        return str(doc.get("error_policy") or "message")

    policies: dict[str, set[str]] = defaultdict(set)
    for doc in reports:
        policies[str(doc.get("implementation") or "?")].add(policy(doc))
    by_name: dict[str, Matrix] = {}
    cases: dict[str, dict[tuple[str, str], dict]] = defaultdict(dict)
    for doc in reports:
        impl = str(doc.get("implementation") or "?")
        name = impl if len(policies[impl]) == 1 else f"{impl} (--errors {policy(doc)})"
        by_name.setdefault(name, Matrix(name)).reports.append(doc)
        for case in doc["cases"]:
            cases[name][(case["version"], case["id"])] = case
    for name, matrix in by_name.items():
        for case in cases[name].values():
            cell = matrix.cells.setdefault((case["area"], case["version"]), Cell())
            cell.counts[case["status"]] += 1
            if case["status"] not in ("passed", "unverified"):
                cell.failing.append(case)
    return list(by_name.values())


def case_text(case: dict) -> str:
    """What to show for a case that did not pass: its ``failure_text``, else what the report has."""
    if isinstance(case.get("failure_text"), str):
        return case["failure_text"]
    source = f"  ({case['source']})" if case.get("source") else ""
    lines = [f"{shown_status(case['status']).upper()} {case['version']} {case['id']}{source}"
             + (f": {case['reason']}" if case.get("reason") else "")]
    for m in case.get("mismatches") or []:
        if isinstance(m, dict):
            lines.append(f"  op {m.get('index')} {json.dumps(m.get('op'))}: {m.get('where') or m.get('note') or ''}")
            lines.append(f"      expected: {json.dumps(m.get('expected'))[:300]}")
            lines.append(f"      actual  : {json.dumps(m.get('actual'))[:300]}")
    if case.get("note"):
        lines.append(f"  note: {case['note']}")
    return "\n".join(lines)


def _e(text) -> str:
    return html.escape(escape_surrogates(str(text)), quote=True)


def colour(rate: float | None) -> str:
    """A cell's background: grey when nothing was judged, else red (0) through yellow to green (1)."""
    if rate is None:
        return "#d0d0d0"
    if rate == 1:
        return "#2e9e4f"
    return f"hsl({round(100 * rate ** 3)}, 70%, {round(52 + 8 * rate)}%)"


def _cell(matrix: Matrix, area: str, version: str) -> str:
    cell = matrix.cells.get((area, version))
    if cell is None:
        return '<td class="none">·</td>'
    c = cell.counts
    others = _counts_text(c, ("passed", "failed"))
    title = f"{c['passed']} passed, {c['failed']} failed" + (f", {others}" if others else "")
    rate = cell.rate
    shown = "—" if rate is None else f"{100 * rate:.1f}%" if rate < 1 else "100%"
    label = f'<span class="rate">{shown}</span><span class="n">{c["passed"]}/{cell.judged}</span>'
    style = f'style="background:{colour(rate)}"'
    if not cell.failing:
        return f'<td {style} title="{_e(title)}"><div class="plain">{label}</div></td>'
    items = []
    for case in sorted(cell.failing, key=lambda k: k["id"])[:SHOWN_FAILURES]:
        items.append(f'<details class="case" data-id="{_e(case["id"])}"><summary>{_e(case["id"])} '
                     f'<span class="status">{_e(shown_status(case["status"]))}</span></summary>'
                     f'<pre>{_e(case_text(case))}</pre></details>')
    if len(cell.failing) > SHOWN_FAILURES:
        items.append(f'<p class="more">… and {len(cell.failing) - SHOWN_FAILURES} more (every one is in the '
                     'JSON report)</p>')
    n = len(cell.failing)
    label += f'<span class="open">{n} not passed ▸</span>'
    return (f'<td {style} title="{_e(title)}"><details class="cell"><summary>{label}</summary>'
            f'<div class="failing"><p>{_e(area)} {_e(version)}: {_e(title)}</p>{"".join(items)}</div>'
            f'</details></td>')


def _matrix(matrix: Matrix) -> str:
    total = matrix.totals()
    others = _counts_text(total, ("passed", "failed", "unverified"))
    line = ", ".join(f"{total[s]} {s}" for s in ("passed", "failed", "unverified")) + (f", {others}" if others else "")
    sources = "; ".join(
        f"{r['_path']} ({r.get('error_policy', '?')} errors"
        + (f", stopped: {r['stopped']}" if r.get("stopped") else "") + ")" for r in matrix.reports)
    head = "".join(f"<th>{_e(v)}</th>" for v in matrix.versions)
    rows = "".join(f"<tr><th>{_e(a)}</th>{''.join(_cell(matrix, a, v) for v in matrix.versions)}</tr>"
                   for a in matrix.areas)
    return (f'<section class="impl"><h2>{_e(matrix.name)}</h2><p class="line">{_e(line)}</p>'
            f'<p class="src">from {_e(sources)}</p>'
            f'<div class="scroll"><table><thead><tr><th>area \\ version</th>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table></div></section>')


STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; margin: 0 0 .3em; } h2 { font-size: 1.15em; margin: 1.4em 0 .2em; }
.line { margin: .2em 0; font-weight: 600; } .src, .legend { color: #666; font-size: 12px; margin: .2em 0; }
.scroll { overflow-x: auto; }
table { border-collapse: separate; border-spacing: 3px; }
th { font-weight: 600; padding: 4px 8px; text-align: left; white-space: nowrap; }
td { vertical-align: top; min-width: 5.5em; padding: 0; border-radius: 4px; color: #111; }
td.none { background: #f3f3f3; color: #aaa; text-align: center; }
td .plain, td summary { padding: 5px 8px; }
td summary { cursor: pointer; list-style: none; }
td summary::-webkit-details-marker { display: none; }
.open { font-size: 11px; text-decoration: underline; white-space: nowrap; }
.rate { font-weight: 700; display: block; } .n, .open { font-size: 11px; opacity: .85; display: block; }
.failing { background: #fff; border: 1px solid #bbb; padding: 6px; max-width: 70em; }
.failing > p { margin: 0 0 4px; font-size: 12px; color: #444; }
details.case summary { font-family: ui-monospace, monospace; font-size: 12px; padding: 2px 4px; }
.status { color: #b00; font-size: 11px; }
pre { white-space: pre; overflow-x: auto; max-width: 68em; background: #f7f7f7; padding: 6px; margin: 2px 0 6px;
      font-size: 12px; }
#tools { margin: .6em 0; } #tools input { width: 22em; }
.hidden { display: none; }
"""

SCRIPT = """
(function () {
  var filter = document.getElementById('filter');
  document.getElementById('tools').hidden = false;
  function apply() {
    var q = filter.value.trim();
    document.querySelectorAll('details.case').forEach(function (d) {
      d.classList.toggle('hidden', q !== '' && d.dataset.id.indexOf(q) < 0);
    });
  }
  function openAll(open) {
    document.querySelectorAll('details.cell, details.case').forEach(function (d) { d.open = open; });
  }
  filter.addEventListener('input', apply);
  document.getElementById('open').addEventListener('click', function () { openAll(true); });
  document.getElementById('close').addEventListener('click', function () { openAll(false); });
  if (location.hash === '#open-all') { openAll(true); }
  document.documentElement.dataset.ready = 'ok';
})();
"""


def render(reports: list[dict], title: str = "Conformance") -> str:
    """The whole page (see the module docstring)."""
    body = "".join(_matrix(m) for m in matrices(reports))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{_e(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{_e(title)}</h1>"
            "<p class=\"legend\">Each cell: one area of one game version; its pass rate (passed of the cases "
            "judged: unverified ones, without a recorded answer, and unsupported ones, with operations the "
            "implementation declined, are left out) and colour, red to green. "
            "Open a cell for its failing cases and what differed.</p>"
            "<div id=\"tools\" hidden><input id=\"filter\" placeholder=\"show failing cases whose id contains…\"> "
            "<button id=\"open\" type=\"button\">open all</button> "
            "<button id=\"close\" type=\"button\">close all</button></div>"
            f"{body}<script>{SCRIPT}</script></body></html>\n")
