"""What to check: the bundled references, generated case files, or any recorded files.

:func:`select_items` turns the ``harness check`` options into :class:`CheckItem` s:

- the versions: those ``--version`` names (exact releases, globs, ranges:
  :mod:`harness.engine.version_select`), else every release with a bundled reference (and,
  with ``include_generated``, every release of the version table);
- each requested version with a reference set (``reference/<version>/``) contributes its
  recorded cases with their answers;
- a version of the table without one (1.21.5, ``verified=False``) contributes the generated
  cases (``cases/<area>/*.yaml``) that apply to it, unverified;
- ``include_generated`` adds the generated cases to every version: a generated case takes
  the recorded answers of the recorded case with the same id when setup agrees and its
  operations are a prefix of the recorded ones, and is unverified otherwise;
- ``cases_file`` checks the cases of that one case file alone, for each version, with the
  answers the bundled references record for them (as ``include_generated`` takes them);
- ``recorded_files`` replaces the bundled references by those files (recorded format).
  Each case's area must be one of the four and its version one of the table or of the
  bundled references (else :class:`CaseFileError` with path and line); a case id recorded
  again for the same version with other contents is refused the same way, and an
  identical repeat (the same file given twice) is checked once, which ``notes`` says.

A version the table marks ``verified=False`` never has expected answers: all unverified.
"""

from __future__ import annotations

import bisect
import fnmatch
from collections.abc import Sequence
from pathlib import Path

from harness.engine.casefile import AREAS, CaseFileError, load_cases
from harness.engine.oracle import is_recorded_prefix
from harness.engine.reference import (BUNDLED, REPO, StoredCases, bundled_versions, load_reference,  # noqa: F401
                                      read_recorded, recorded_line, snbt_nesting, version_key)
from harness.engine.runner import CheckItem
from harness.engine.shrink import FUZZ
from harness.engine.shorten import ID_CHARS, shorten
from harness.engine.version_select import expand
from harness.formats import versions as version_table

CASES = REPO / "cases"


def generated_cases(root: str | Path = CASES, areas: list[str] | None = None,
                    known: set[str] | None = None) -> list[dict]:
    """Every case of ``root/<area>/*.yaml`` (sorted paths), each with ``source`` = the file.

    Validated as strictly as recorded files (:func:`recorded_cases`): a case whose area is
    not its folder's, a ``versions`` entry
    neither in the version table nor among the bundled references, and an id given again
    with other contents (in any file), are :class:`CaseFileError` naming the file; an
    identical repeat is kept once. ``areas``: only those folders are read; ``known``: the
    releases a ``versions`` entry may name (default: the table's and the bundled references')."""
    root = Path(root)
    paths = [p for p in sorted(root.glob("*/*.yaml")) if not areas or p.parent.name in areas]
    return _cases_of(paths, known, in_area_folders=True)


def file_cases(path: str | Path, known: set[str] | None = None) -> list[dict]:
    """The cases of one case file anywhere (``harness check --cases FILE``: a shrunk case that
    ``harness fuzz`` or ``harness shrink`` wrote), validated as :func:`generated_cases`
    validates the files under ``cases/``, but for the folder: each case names its area."""
    return _cases_of([Path(path)], known, in_area_folders=False)


def _cases_of(paths: list[Path], known: set[str] | None, in_area_folders: bool) -> list[dict]:
    """The cases of ``paths`` in order, each with ``source`` (:func:`generated_cases`' checks;
    that a case's area is its folder's only ``in_area_folders``)."""
    if known is None:
        known = set(version_table.VERSIONS) | set(bundled_versions())
    seen: dict[str, tuple[dict, Path, int]] = {}
    out = []
    for path in paths:
        for i, case in enumerate(load_cases(path)):
            case.setdefault("source", str(path))
            cid = shorten(case["id"], ID_CHARS)
            if in_area_folders and case["area"] != path.parent.name:
                raise CaseFileError(f"{_at(path, i)}: case {cid} is in the area {case['area']!r}, but its folder is "
                                    f"{path.parent.name}/: a file under cases/<area>/ holds that area's cases")
            unknown = [v for v in case.get("versions") or () if v not in known]
            if unknown:
                raise CaseFileError(f"{_at(path, i)}: case {cid}: unknown version {shorten(repr(unknown[0]), ID_CHARS)} "
                                    f"in 'versions'; known: {', '.join(_ordered(known))}")
            first, first_path, first_index = seen.setdefault(case["id"], (case, path, i))
            if first is not case:
                if _case_body(first) != _case_body(case):
                    raise CaseFileError(f"{_at(path, i)}: case {cid} again, with other contents than at "
                                        f"{_at(first_path, first_index)}")
                continue
            out.append(case)
    return out


def _at(path: Path, index: int) -> str:
    """``path:line``, the line where the file's case number ``index`` starts (read again: only
    for an error's message)."""
    from harness.engine.casefile import case_line

    return f"{path}:{case_line(path, index)}"


def _case_body(case: dict) -> str:
    from harness.engine.jsontext import json_line

    return json_line([case["area"], case.get("setup") or {}, case["ops"], case.get("versions")])


def generated_bodies(root: str | Path = CASES) -> dict[str, str]:
    """id -> the setup and operations (one JSON line) of every generated case under ``root``."""
    from harness.engine.recorded_import import case_body

    return {c["id"]: case_body(c) for c in generated_cases(root)}


def applies_to(case: dict, version: str) -> bool:
    """A case applies to a version unless its ``versions`` list leaves the version out."""
    return not case.get("versions") or version in case["versions"]


def matches(case: dict, areas: list[str] | None, pattern: str | None) -> bool:
    """The ``--area`` and ``--case`` filters (a glob, or an id or id prefix ending in ``/``)."""
    return _matches(case["area"], case["id"], areas, pattern)


def _matches(area: str, cid: str, areas: list[str] | None, pattern: str | None) -> bool:
    if areas and area not in areas:
        return False
    if pattern is None:
        return True
    return fnmatch.fnmatchcase(cid, pattern) or (pattern.endswith("/") and cid.startswith(pattern))


def _recorded_item(case: dict, verified: bool, jvm: int | None = None, depth: int | None = None) -> CheckItem:
    """The item checking one recorded case (``depth``: its :func:`snbt_nesting`, when known)."""
    body = {k: case[k] for k in ("id", "area", "version", "setup", "ops")}
    if jvm:
        body["jvm"] = jvm
    if not verified:
        return CheckItem(body, None, case.get("source", ""), "the version table marks this version unverified")
    if case["area"] == "snbt" and (snbt_nesting(case["ops"]) if depth is None else depth) > STABLE_SNBT_DEPTH:
        return CheckItem(body, None, case.get("source", ""), UNSTABLE)
    return CheckItem(body, case["answers"], case.get("source", ""))


# SNBT nested deeper than this has no stable answer: the game's parser recurses, and its own
# stack overflows at a depth that varies with JIT state from one JVM to the next (the same
# text overflowed in one recording and parsed in another). Such recorded answers are kept,
# and the case is reported unverified (../shared/recorded/FORMAT.md).
STABLE_SNBT_DEPTH = 400
UNSTABLE = (f"the game has no stable answer: SNBT nested deeper than {STABLE_SNBT_DEPTH} levels "
            "(its own stack overflows at a depth that varies between JVM runs)")


def _generated_item(case: dict, version: str, recorded: dict[str, dict], verified: bool,
                    jvm: int | None = None) -> CheckItem:
    body = {"id": case["id"], "area": case["area"], "version": version,
            "setup": case.get("setup") or {}, "ops": case["ops"]}
    if jvm:
        body["jvm"] = jvm
    origin = case.get("shrunk_from")  # the recorded case a shrunk one was cut from
    rec = recorded.get(case["id"])
    if rec is None and origin is not None:
        rec = recorded.get(origin)
    if not verified:
        return CheckItem(body, None, case.get("source", ""), f"no reference for {version}")
    if rec is None:
        return CheckItem(body, None, case.get("source", ""), _unrecorded(case, version))
    if is_recorded_prefix(rec, body):
        return CheckItem(body, rec["answers"][:len(body["ops"])], case.get("source", ""), f"answers from {rec.get('source', '')}")
    if rec["id"] != case["id"]:  # shrunk past a prefix: the oracle judged it, the references cannot
        return CheckItem(body, None, case.get("source", ""),
                         f"shrunk from {shorten(origin, ID_CHARS)} with other setup or ops than its prefixes "
                         f"(recorded at {rec.get('source', '')}): the game's answers are recorded for prefixes only; "
                         "harness record answers it")
    return CheckItem(body, None, case.get("source", ""), f"recorded with other setup or ops at {rec.get('source', '')}")


def _unrecorded(case: dict, version: str) -> str:
    """Why ``case`` has no recorded answers in ``version``'s reference (a reason line)."""
    origin = case.get("shrunk_from")
    if origin is not None:
        return f"not recorded: {shorten(origin, ID_CHARS)}, which it was shrunk from, is not recorded for {version}"
    if case["id"].split("/")[1:2] == [FUZZ]:
        return ("not recorded: a case harness fuzz found (the judge's answers are not kept in the file); "
                "harness record answers it")
    return "not recorded"


def _known(version: str) -> bool:
    return version in version_table.VERSIONS


def _verified(version: str) -> bool:
    return version_table.VERSIONS[version].verified if _known(version) else True


class EmptyRecordedFiles(ValueError):
    """``--recorded`` files that hold no case at all (not one the options filtered out)."""


def select_items(versions: list[str] | None = None, areas: list[str] | None = None,
                 pattern: str | None = None, include_generated: bool = False,
                 recorded_files: list[str] | None = None, reference_root: str | Path = BUNDLED,
                 cases_root: str | Path = CASES, notes: list[str] | None = None,
                 cases_file: str | Path | None = None, left_out: list[str] | None = None) -> list[CheckItem]:
    """The items to check, in version order then file order (see the module docstring).

    ``cases_file``: only the cases of that one case file (:func:`file_cases`), for every
    version it applies to, each with the recorded answers of the bundled references as a
    generated case takes them (unverified where they record no such case).

    Raises :class:`CaseFileError` (path and line) for a malformed file, ``ValueError``
    for a version that is neither in the table nor among the references, and
    :class:`EmptyRecordedFiles` (a ``ValueError``) for ``recorded_files`` that hold no case. ``notes``, when
    given, receives what a person should know about the selection (repeats dropped).
    ``left_out``, when given and no item is selected, receives which option left out what
    (:func:`why_no_case` for the cases of ``cases_file`` or ``recorded_files``, else the one
    option that, dropped alone, would keep cases: :meth:`_Bundled.why_none`), from what the
    selection read and what each option removed; ``""`` when no one option did.
    """
    bundled = bundled_versions(reference_root)
    known = _ordered(set(version_table.VERSIONS) | set(bundled))
    given = versions
    if versions:
        versions = expand(versions, known)
    if recorded_files:
        cases = recorded_cases(recorded_files, reference_root, notes)
        if not cases:
            raise EmptyRecordedFiles(f"{', '.join(map(str, recorded_files))}: "
                                     f"{'holds' if len(recorded_files) == 1 else 'hold'} no case; nothing to check")
        steps = narrowed(cases, versions, areas, pattern)
        items = [_recorded_item(case, _verified(case["version"])) for case in steps[-1][1]]
        where = str(recorded_files[0]) if len(recorded_files) == 1 else "the recorded files"
    elif cases_file is not None:
        steps = narrowed(file_cases(cases_file, set(known)), versions, areas, pattern)
        items = _file_items(steps[-1][1], versions or known, bundled, reference_root)
        where = str(cases_file)
    else:
        reading = _Bundled(reference_root, cases_root, known, bundled, include_generated)
        wanted = versions or reading.default
        items = Items()
        for v in wanted:
            reading.add(items, v, areas, pattern)
        if not items and left_out is not None:
            left_out.append(reading.why_none(given, wanted, areas, pattern))
        return items
    if not items and left_out is not None:
        left_out.append(why_no_case(steps, where, given, areas, pattern))
    return items


def narrowed(cases: list[dict], versions: list[str] | None, areas: list[str] | None,
             pattern: str | None) -> list[tuple[str, list[dict]]]:
    """``cases`` (a case file's or recorded files') narrowed by each option in turn, as the
    selection narrows them: ``[("", cases), ("--version", kept), ("--area", kept), ("--case",
    kept)]``, an option not given keeping all. A case is kept by ``versions`` (the releases
    ``--version`` names, expanded) when it :func:`applies_to` one of them (a recorded case:
    its own ``version`` is one), by the others when it :func:`matches` them."""
    steps = [("", cases)]
    wanted = frozenset(versions or ())
    for flag, given, keeps in (("--version", bool(versions), lambda c: _for_any(c, wanted)),
                               ("--area", bool(areas), lambda c: matches(c, areas, None)),
                               ("--case", pattern is not None, lambda c: matches(c, None, pattern))):
        left = steps[-1][1]
        steps.append((flag, [c for c in left if keeps(c)] if given else left))
    return steps


def _for_any(case: dict, versions: frozenset[str]) -> bool:
    """Whether ``case`` :func:`applies_to` one of ``versions`` (a recorded case: its own
    ``version`` is one)."""
    own = case.get("version")
    if isinstance(own, str):
        return own in versions
    return not case.get("versions") or not versions.isdisjoint(case["versions"])


def _for(case: dict) -> dict:
    """A case with the releases it is for as ``versions`` (a recorded case's ``version`` is one)."""
    return {"versions": [case["version"]]} if isinstance(case.get("version"), str) else case


def why_no_case(steps: list[tuple[str, list[dict]]], where: str, versions: list[str] | None,
                areas: list[str] | None, pattern: str | None) -> str:
    """Which option left out every one of the cases that :func:`narrowed` narrowed in
    ``steps`` (a ``--cases FILE``'s, or ``--recorded`` files'), against what they are for
    (the options as given: ``versions`` as to ``--version``): ``"shrunk.yaml's case is for
    versions ['26.3']: --version 1.20.1 leaves it out"``; ``""`` when they are none or the
    options keep some.

    >>> case = {"id": "storage/s/x", "area": "storage", "versions": ["26.3"]}
    >>> why_no_case(narrowed([case], ["1.20.1"], None, None), "s.yaml", ["1.20.1"], None, None)
    "s.yaml's case is for versions ['26.3']: --version 1.20.1 leaves it out"
    """
    cases = steps[0][1]
    one = len(cases) == 1
    whose = f"{where}'s case" if one else f"{where}'s {len(cases)} cases"
    them = "it" if one else "every one"
    is_ = "is" if one else "are"
    for (_, left), (flag, kept) in zip(steps, steps[1:]):
        if kept or not left:
            continue
        if flag == "--version":
            held = _ordered({v for c in left for v in _for(c).get("versions") or ()})
            return f"{whose} {is_} for versions {held}: --version {' '.join(versions)} leaves {them} out"
        if flag == "--area":
            held = sorted({c["area"] for c in left})
            return (f"{whose} {is_} of area{'s' if len(held) > 1 else ''} {', '.join(held)}: "
                    f"--area {' '.join(areas)} leaves {them} out")
        ids = [c["id"] for c in left[:3]]
        return (f"--case {pattern} matches none of the ids of {whose} "
                f"({', '.join(ids)}{', …' if len(left) > 3 else ''})")
    return ""


def _file_items(cases: list[dict], wanted: list[str], bundled: list[str],
                reference_root: str | Path) -> list[CheckItem]:
    """The items of ``--cases FILE``: its ``cases`` that the filters kept (:func:`narrowed`),
    for each version of ``wanted`` they apply to, answered as generated cases are
    (:func:`_generated_item`) by the bundled reference of that version; only the references of
    those versions are read, and of them only the areas of those cases."""
    items = []
    for v in wanted:
        mine = [case for case in cases if applies_to(case, v)]
        if not mine:
            continue
        recorded, jvm = _Recorded(StoredCases(v)), None
        if v in bundled:
            ref = load_reference(Path(reference_root) / v, sorted({case["area"] for case in mine}), lazy=True)
            recorded, jvm = _Recorded(ref.cases), ref.jvm
        items.extend(_generated_item(case, v, recorded, _verified(v), jvm) for case in mine)
    return items


class _Bundled:
    """The selection over the bundled references (and the generated cases, where a version
    takes them): what it read, kept to say which option left out every case."""

    def __init__(self, reference_root: str | Path, cases_root: str | Path, known: list[str], bundled: list[str],
                 include_generated: bool):
        self.reference_root, self.cases_root = reference_root, cases_root
        self.known, self.bundled, self.include_generated = known, bundled, include_generated
        # the versions checked when --version is not given
        self.default = known if include_generated or not bundled else bundled
        self._references: dict[tuple, object] = {}  # (version, areas) -> its reference set, as read
        self._generated: dict[tuple, list[dict]] = {}  # areas -> the generated cases of those areas

    def add(self, items: Items, v: str, areas: list[str] | None, pattern: str | None) -> None:
        """Add to ``items`` the items of version ``v`` whose area is one of ``areas`` (all when
        none) and whose id matches ``pattern``."""
        recorded: _Recorded = _Recorded(StoredCases(v))
        jvm = None
        if v in self.bundled:
            key = (v, tuple(areas or ()))
            ref = self._references.get(key)
            if ref is None:
                ref = self._references[key] = load_reference(Path(self.reference_root) / v, areas, lazy=True)
            jvm, verified, stored = ref.jvm, _verified(v), ref.cases
            recorded = _Recorded(stored)
            chosen = range(len(stored)) if pattern is None else \
                [i for i in range(len(stored)) if _matches(*stored.summary(i)[1::-1], areas, pattern)]
            items.add_stored(stored, chosen, verified, jvm)
        if self.include_generated or v not in self.bundled:
            key = tuple(areas or ())
            if key not in self._generated:
                self._generated[key] = generated_cases(self.cases_root, areas, set(self.known))
            for case in self._generated[key]:
                if not applies_to(case, v) or not matches(case, areas, pattern):
                    continue
                if case["id"] in recorded and v in self.bundled:
                    rec = recorded[case["id"]]
                    if len(rec["ops"]) == len(case["ops"]) and is_recorded_prefix(rec, case):
                        continue  # the very case is already checked from the reference
                items.append(_generated_item(case, v, recorded, _verified(v), jvm))

    def why_none(self, versions: list[str] | None, wanted: list[str], areas: list[str] | None,
                 pattern: str | None) -> str:
        """When :meth:`add` gave no item for ``wanted`` (``versions`` as given to ``--version``),
        the option that, dropped alone, would keep cases, in words (``--case X matches none of
        the 368 cases of --version 26.3 --area storage``); ``""`` when no one option does.

        The cases each option left out are counted by :meth:`add` itself: what the others
        keep of what the selection read (without ``--case``), of the areas it did not read
        (without ``--area``), of the versions it did not read (without ``--version``)."""
        given = [(flag, value) for flag, value in (("--version", versions), ("--area", areas), ("--case", pattern))
                 if value]
        for flag, value in reversed(given):  # the narrowest first: --case, then --area, then --version
            more = Items()
            try:
                if flag == "--case":
                    for v in wanted:
                        self.add(more, v, areas, None)
                elif flag == "--area":
                    others = [a for a in AREAS if a not in areas]
                    for v in wanted if others else ():
                        self.add(more, v, others, pattern)
                else:
                    for v in self.default:
                        if v not in wanted:
                            self.add(more, v, areas, pattern)
            except (CaseFileError, ValueError):
                continue
            if len(more):
                rest = " ".join(f"{f} {' '.join(v) if isinstance(v, list) else v}" for f, v in given if f != flag)
                shown = " ".join(value) if isinstance(value, list) else value
                return f"{flag} {shown} leaves out every one of the {len(more)} cases{' of ' + rest if rest else ''}"
        return ""


def recorded_cases(paths: list[str], reference_root: str | Path = BUNDLED,
                   notes: list[str] | None = None) -> list[dict]:
    """The cases of recorded files (``--recorded``), validated as a whole, in file order.

    :class:`CaseFileError` naming ``path:line`` for a version neither in the table nor
    among the references under ``reference_root``, and for a case id recorded for the same
    version with other contents than at an earlier line (the area is checked by
    :func:`~harness.engine.reference.read_recorded`). An identical repeat is dropped; each
    file's drops are reported in ``notes``.
    """
    known = set(version_table.VERSIONS) | set(bundled_versions(reference_root))
    seen: dict[tuple[str, str], dict] = {}
    out = []
    for path in paths:
        repeats = []
        for case in read_recorded(path):
            if case["version"] not in known:
                raise CaseFileError(f"{case['source']}: case {shorten(case['id'], ID_CHARS)}: unknown version "
                                    f"{shorten(repr(case['version']), ID_CHARS)}; known: {', '.join(_ordered(known))}")
            first = seen.setdefault((case["version"], case["id"]), case)
            if first is case:
                out.append(case)
            elif recorded_line(first) != recorded_line(case):
                raise CaseFileError(f"{case['source']}: case {shorten(case['id'], ID_CHARS)} ({case['version']}) again, "
                                    f"with other contents than at {first['source']}")
            else:
                repeats.append((case, first))
        if repeats and notes is not None:
            case, first = repeats[0]
            what = "1 case repeats an identical earlier one" if len(repeats) == 1 else \
                f"{len(repeats)} cases repeat identical earlier ones"
            notes.append(f"{path}: {what} (first: {case['source']} repeats {first['source']}); each is checked once")
    return out


def _ordered(versions_set) -> list[str]:
    return sorted(versions_set, key=version_key)


class _Recorded:
    """A reference set's cases by id, read when asked for."""

    def __init__(self, stored: StoredCases):
        self.stored = stored
        self._first: dict[str, int] | None = None

    @property
    def first(self) -> dict[str, int]:
        if self._first is None:
            self._first = {}
            for i in range(len(self.stored)):
                self._first.setdefault(self.stored.summary(i)[0], i)
        return self._first

    def __contains__(self, cid: str) -> bool:
        return cid in self.first

    def __getitem__(self, cid: str) -> dict:
        return self.stored[self.first[cid]]

    def get(self, cid: str) -> dict | None:
        return self[cid] if cid in self.first else None


class Items(Sequence):
    """The items :func:`select_items` chose, in order: a list whose items checking a stored
    case are made (and that case read from the store) when first asked for, so that the
    first case starts before the last is read. Every case was checked when it was chosen."""

    def __init__(self):
        self._starts: list[int] = []  # where each block starts
        self._blocks: list[tuple] = []  # (items,) or (stored cases, their chosen indexes, verified, jvm)
        self._made: dict[int, CheckItem] = {}
        self._len = 0

    def append(self, item: CheckItem) -> None:
        if not self._blocks or len(self._blocks[-1]) != 1:
            self._starts.append(self._len)
            self._blocks.append(([],))
        self._blocks[-1][0].append(item)
        self._len += 1

    def add_stored(self, stored: StoredCases, chosen, verified: bool, jvm: int | None) -> None:
        """Items for the cases ``chosen`` (indexes) of ``stored``."""
        if len(chosen):
            self._starts.append(self._len)
            self._blocks.append((stored, chosen, verified, jvm))
            self._len += len(chosen)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("item index out of range")
        made = self._made.get(i)
        if made is None:
            b = bisect.bisect_right(self._starts, i) - 1
            block, offset = self._blocks[b], i - self._starts[b]
            if len(block) == 1:
                return block[0][offset]
            stored, chosen, verified, jvm = block
            j = chosen[offset]
            made = self._made[i] = _recorded_item(stored[j], verified, jvm, stored.summary(j)[2])
        return made

    def __iter__(self):
        for i in range(self._len):
            yield self[i]

    # where a list of items is expected: ``items + more``, ``more + items``, ``items == [...]``
    def __add__(self, other) -> list:
        return [*self, *other]

    def __radd__(self, other) -> list:
        return [*other, *self]

    def __eq__(self, other) -> bool:
        return isinstance(other, (list, Items)) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  (a mutable sequence, as a list)

    def __repr__(self) -> str:
        return f"Items({len(self)} items)"
