"""Shrinking a failing case: the smallest operation list (and inputs) that still fails.

An engine of its own, in the manner of Hypothesis: it knows nothing about areas beyond the
operation vocabulary (:mod:`harness.engine.vocabulary`, which every candidate must fit), only
cases, an implementation under test and an :class:`~harness.engine.oracle.Oracle` that
says what the game answers. A candidate *fails* when the oracle answers it and the
implementation's answers differ (or the implementation crashes); a candidate the oracle
cannot answer is never taken, so every step is judged by the game.

A candidate is taken only when it fails **the same way** as the original case (Hypothesis's
rule: shrinking keeps the failure's kind, it never swaps one bug for another):

- a *mismatch* (the implementation answered, and an answer differs) stays a mismatch whose
  first differing answer is to an operation of the same name (``values``, ``write``...);
- a *crash* (no answers: an exception, a process that died, hung or wrote a bad line) stays
  a crash.

So a case failing by a wrong value is never "shrunk" into one where the implementation
merely crashes on an empty input, nor the other way round (:func:`failure_kind`).

Passes, each repeated until nothing more is gained (every accepted step makes the case
strictly smaller, so it ends):

1. **prefix**: the shortest prefix of the operations that still fails (operations run in
   order on one object, so a prefix is answered by a recorded case too);
2. **fewer operations** (only with an oracle for arbitrary cases): delete chunks of the
   operations before the failing last one, halving the chunk size down to single ops;
3. **smaller inputs** (same condition): in the setup and in the operations' arguments,
   integers towards 0, lists and strings shorter (hex strings by whole bytes; text with
   brackets first by whole entries of a compound or list, ``{a:[],c:[L;1]}`` to
   ``{c:[L;1]}``, then by characters).

>>> from harness.engine.oracle import RecordedOracle
>>> from harness.engine.runner import CallableImplementation
>>> rec = {"id": "x", "area": "storage", "version": "26.3", "setup": {"bits": 4, "size": 3},
...        "ops": [["new"], ["get", 0], ["get", 1], ["get", 2]], "answers": [None, 0, 0, 0]}
>>> plain = {"new": None, "get": 0}  # its answers, but 7 to ["get", 1] where the game said 0
>>> impl = CallableImplementation("off", lambda c: [7 if op == ["get", 1] else plain[op[0]] for op in c["ops"]])
>>> shrink(rec, impl, RecordedOracle([rec])).case["ops"]
[['new'], ['get', 0], ['get', 1]]
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from harness.engine import vocabulary
from harness.engine.compare import ErrorPolicy, Mismatch, is_hex
from harness.engine.runner import CheckItem, Implementation, check_item

# the id segments (kinds) of cases: <area>/<kind>/<name>; p: the game's recorded cases, g: generated
SHRUNK = "s"  # shrunk: <area>/s/<the original's tail>
FUZZ = "fuzz"  # found by harness fuzz: <area>/fuzz/<hash>


@dataclass
class ShrinkResult:
    """The smallest failing case found, with what the oracle and the implementation answered."""

    original: dict
    case: dict
    expected: list
    actual: list | None
    mismatches: list[Mismatch]
    reason: str | None
    tried: int = 0
    accepted: int = 0
    passes: list[str] = field(default_factory=list)


class _Budget(Exception):
    pass


def failure_kind(outcome) -> tuple:
    """What a failed outcome's failure is, for "fails the same way": ``("mismatch", name)``
    with the name of the operation whose answer differs first, or ``("crash",)`` when the
    implementation gave no answers (an exception, a crash, a hang, a bad answer line).

    >>> from harness.engine.runner import CheckItem, Outcome
    >>> failure_kind(Outcome(CheckItem({}, []), "failed", reason="IndexError: list index out of range"))
    ('crash',)
    """
    if outcome.mismatches:
        op = outcome.mismatches[0].op
        return "mismatch", op[0] if op else None
    return ("crash",)


class _Shrinker:
    def __init__(self, impl: Implementation, oracle, policy: ErrorPolicy, budget: int):
        self.impl, self.oracle, self.policy, self.budget = impl, oracle, policy, budget
        self.tried = self.accepted = 0
        self.kind: tuple | None = None  # the original failure's failure_kind, once judged

    def judge(self, case: dict):
        """The failing outcome of ``case`` (with its expected answers), or None (also for a
        candidate outside the operation vocabulary, which nobody could answer)."""
        if vocabulary.case_problem(case):
            return None
        if self.tried >= self.budget:
            raise _Budget
        self.tried += 1
        expected = self.oracle.answer(case)
        if expected is None:
            return None
        outcome = check_item(self.impl, CheckItem(case, expected), self.policy)
        if outcome.status != "failed":
            return None
        if self.kind is None:  # the original case: the kind every candidate must keep
            self.kind = failure_kind(outcome)
        elif failure_kind(outcome) != self.kind:
            return None
        return outcome

    def prefix(self, case: dict, outcome) -> tuple[dict, object]:
        """The shortest failing prefix (tries the first mismatch's prefix, then shorter ones)."""
        n = len(case["ops"])
        best, best_outcome = case, outcome
        first = outcome.mismatches[0].index + 1 if outcome.mismatches else n
        hi = min(first, n)
        lo = 1
        # binary search for the shortest failing prefix length in [lo, hi]
        if hi < n:
            cand = dict(case, ops=case["ops"][:hi])
            o = self.judge(cand)
            if o is None:
                return best, best_outcome
            best, best_outcome = cand, o
            self.accepted += 1
        while lo < hi:
            mid = (lo + hi) // 2
            cand = dict(case, ops=case["ops"][:mid])
            o = self.judge(cand)
            if o is not None:
                best, best_outcome, hi = cand, o, mid
                self.accepted += 1
            else:
                lo = mid + 1
        return best, best_outcome

    def try_accept(self, cand: dict):
        o = self.judge(cand)
        if o is None:
            return None
        self.accepted += 1
        return self.prefix(cand, o)

    def fewer_ops(self, case: dict, outcome) -> tuple[dict, object, bool]:
        changed = False
        size = max(1, (len(case["ops"]) - 1) // 2)
        while size >= 1:
            i = 0
            while i + size <= len(case["ops"]) - 1:  # never the last (failing) operation
                ops = case["ops"][:i] + case["ops"][i + size:]
                got = self.try_accept(dict(case, ops=ops))
                if got:
                    case, outcome = got
                    changed = True
                else:
                    i += size
            size //= 2
        return case, outcome, changed

    def smaller_inputs(self, case: dict, outcome) -> tuple[dict, object, bool]:
        changed = False
        for path in list(_leaf_paths(case)):
            while True:
                for value in _smaller(_get(case, path)):
                    cand = copy.deepcopy(case)
                    _set(cand, path, value)
                    got = self.try_accept(cand)
                    if got:
                        case, outcome = got
                        changed = True
                        break
                else:
                    break
                if not _exists(case, path):
                    break
        return case, outcome, changed


def shrink(case: dict, impl: Implementation, oracle, policy: ErrorPolicy = "message",
           budget: int = 2000) -> ShrinkResult | None:
    """Shrink ``case`` (``id``, ``area``, ``version``, ``setup``, ``ops``) against ``oracle``.

    None when the case does not fail (or the oracle cannot answer it). ``budget``: the most
    candidates tried (a positive integer, else ``ValueError``); the best found so far is
    returned when it runs out. :class:`~harness.engine.runner.RunAborted` propagates when
    the implementation or the oracle cannot run at all.
    """
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"the budget must be a positive number of candidates, not {budget!r}")
    s = _Shrinker(impl, oracle, policy, budget)
    base = {k: case[k] for k in ("id", "area", "version") if k in case}
    base.update(setup=copy.deepcopy(case.get("setup") or {}), ops=copy.deepcopy(case["ops"]))
    outcome = s.judge(base)
    if outcome is None:
        return None
    passes = []
    current = base
    try:
        current, outcome = s.prefix(current, outcome)
        passes.append("prefix")
        if oracle.arbitrary:
            progress = True
            while progress:
                current, outcome, a = s.fewer_ops(current, outcome)
                current, outcome, b = s.smaller_inputs(current, outcome)
                progress = a or b
            passes += ["fewer operations", "smaller inputs"]
    except _Budget:
        passes.append(f"stopped after {budget} candidates")
    return ShrinkResult(base, current, outcome.item.expected, outcome.actual, outcome.mismatches,
                        outcome.reason, s.tried, s.accepted, passes)


def shrunk_id(case_id: str, area: str) -> str:
    """The id of a case shrunk from ``case_id``: ``<area>/s/<the original id's tail>``.

    >>> shrunk_id("storage/p/fill-5", "storage"), shrunk_id("nbt/g/deep/file", "nbt"), shrunk_id("x", "snbt")
    ('storage/s/fill-5', 'nbt/s/deep/file', 'snbt/s/x')
    """
    parts = case_id.split("/")
    if parts[0] == area:
        parts = parts[1:]
        if len(parts) > 1 and parts[0] in ("p", "g", SHRUNK):
            parts = parts[1:]
    return "/".join([area, SHRUNK] + parts)


# --- inputs as leaves -------------------------------------------------------------------
def _leaf_paths(case: dict):
    """Paths to the shrinkable values: setup values and operation arguments (not op names)."""
    def walk(value, path):
        yield path
        if isinstance(value, dict):
            for k in value:
                yield from walk(value[k], path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from walk(v, path + (i,))

    for key in (case.get("setup") or {}):
        yield from walk(case["setup"][key], ("setup", key))
    for i, op in enumerate(case["ops"]):
        for j in range(1, len(op)):
            yield from walk(op[j], ("ops", i, j))


def _get(case, path):
    for p in path:
        case = case[p]
    return case


def _exists(case, path) -> bool:
    try:
        _get(case, path)
        return True
    except (KeyError, IndexError, TypeError):
        return False


def _set(case, path, value) -> None:
    _get(case, path[:-1])[path[-1]] = value


def _smaller(value):
    """Candidates strictly smaller than ``value``, most aggressive first."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        seen = set()
        for v in (0, value // 2 if value > 0 else -((-value) // 2), value - 1 if value > 0 else value + 1):
            if abs(v) < abs(value) and v not in seen:
                seen.add(v)
                yield v
    elif isinstance(value, str):
        unit = 2 if is_hex(value) else 1
        if unit == 1:
            yield from _entry_deletions(value)
        yield from _deletions(value, unit)
    elif isinstance(value, list):
        yield from _deletions(value, 1)


_ARRAY_PREFIXES = ("B;", "I;", "L;")  # SNBT's byte, int and long arrays: [B;1b,2b]


def _entry_deletions(text: str):
    """``text`` with one entry of a bracketed compound, list or array taken out, with its comma
    (SNBT or JSON text: ``{a:[],c:[L;1]}`` gives ``{c:[L;1]}``, ``{a:[]}``, then ``{a:[],c:[L;]}``:
    an array keeps its ``B;``, ``I;`` or ``L;``, so it stays an array), outermost brackets first, each of their entries left to right; quoted text is skipped. The
    character deletions of :func:`_deletions` cut one character or an aligned run at a time, so
    they never take out a whole entry that does not lie on their boundaries.

    >>> list(_entry_deletions("{a:[],c:[L;1]}"))
    ['{c:[L;1]}', '{a:[]}', '{a:[],c:[L;]}']
    >>> list(_entry_deletions("[B;1b,2b,3b]"))  # an array stays an array
    ['[B;2b,3b]', '[B;1b,3b]', '[B;1b,2b]']
    """
    groups = []  # (depth, [(start, end) of each entry, end at its comma or closing bracket])
    stack: list[list] = []  # per open bracket: [where its current entry starts, its entries so far]
    quote = None
    i = 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c in "{[":
            start = i + 3 if c == "[" and text[i + 1:i + 3] in _ARRAY_PREFIXES else i + 1
            stack.append([start, []])  # an array's first entry starts after its "B;", "I;" or "L;"
        elif c == "," and stack:
            stack[-1][1].append((stack[-1][0], i))
            stack[-1][0] = i + 1
        elif c in "}]" and stack:
            start, entries = stack.pop()
            entries.append((start, i))
            groups.append((len(stack), entries))
        i += 1
    seen = {text}
    for _, entries in sorted(groups, key=lambda group: group[0]):  # stable: left to right within a depth
        for k, (start, end) in enumerate(entries):
            if len(entries) == 1:
                cut = (start, end)  # the only entry: the brackets stay, empty
            elif k + 1 < len(entries):
                cut = (start, entries[k + 1][0])  # the entry and the comma after it
            else:
                cut = (entries[k - 1][1], end)  # the last: the comma before it and the entry
            candidate = text[:cut[0]] + text[cut[1]:]
            if candidate not in seen:
                seen.add(candidate)
                yield candidate


def _deletions(seq, unit: int):
    n = len(seq) // unit
    size = n // 2
    while size >= 1:
        for i in range(0, n - size + 1, size):
            yield seq[:i * unit] + seq[(i + size) * unit:]
        size //= 2
