"""References: the game's recorded answers for one version, read and written.

A reference set is a folder ``reference/<version>/`` holding one index per area
(``storage.tsv``, ``palette.tsv``, ``nbt.tsv``, ``snbt.tsv``: the release's cases in order,
each naming a stored case object, :mod:`harness.engine.reference_store`) and
``PROVENANCE.json`` (where the answers came from: ``source``, ``how``, jar sha1 or origin,
the JVM, date, ``files_sha256`` of the indexes). The cases themselves are in the recorded
format (``reference/RECORDED_FORMAT.md``: ``id``, ``area``, ``version``, ``setup``, ``ops``,
``answers``), each distinct one stored once for all releases under ``reference/objects/``.
A folder of plain ``<area>.jsonl`` files (the recorded format itself) is read as a set too.

:func:`read_recorded` reads any file in the recorded format, plain or gzipped
(``harness check --recorded FILE``); :func:`load_reference` reads a set;
:func:`write_reference` writes one atomically: objects first, then the release's indexes in a
temporary folder beside the old one swapped in by renames (an interrupted ``harness record``
leaves the previous set whole), then the objects no release names any more are removed.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp()) / "26.3"
>>> case = {"id": "storage/x", "area": "storage", "setup": {"bits": 4, "size": 2},
...         "ops": [["new"], ["get", 1]], "answers": [None, 0]}
>>> write_reference(d, "26.3", [case], {"source": "example"})
>>> ref = load_reference(d)
>>> ref.version, len(ref.cases), ref.cases[0]["answers"], ref.provenance["source"]
('26.3', 1, [None, 0], 'example')
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import tempfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.engine import limits, load_cache
from harness.engine import reference_store as store
from harness.engine.casefile import CaseFileError, case_problem
from harness.engine.jsontext import NestedTooDeeply, json_line, json_text, nesting, parse
from harness.engine.shorten import ID_CHARS, shorten
from harness.engine.vocabulary import answer_problem, kind_of, op_text

PROVENANCE = "PROVENANCE.json"
REPO = Path(__file__).resolve().parent.parent.parent
BUNDLED = REPO / "reference"  # the references shipped with the checkout


@dataclass
class ReferenceSet:
    """One version's recorded answers: ``cases`` (dicts in the recorded format, each with
    ``answers`` and ``source`` = ``"path:line"``), ``provenance`` (PROVENANCE.json's mapping)."""

    version: str
    path: Path
    cases: list[dict]
    provenance: dict = field(default_factory=dict)

    @property
    def jvm(self) -> int | None:
        """The Java major version the answers were recorded on (provenance ``jvm.version``)."""
        return jvm_major(self.provenance)

    def by_id(self) -> dict[str, dict]:
        """The cases keyed by id."""
        return {c["id"]: c for c in self.cases}

    @property
    def areas(self) -> list[str]:
        """The areas present, in file order."""
        return list(dict.fromkeys(c["area"] for c in self.cases))


ANSWER_DEPTH = 16  # the deepest nesting of an answer (the deepest recorded one is 3: pack's data list)
YAML_SUFFIXES = (".yaml", ".yml")


def recorded_problem(case) -> str | None:
    """What is wrong with one recorded case (a case problem, answers not matching ops, an
    answer nested deeper than :data:`ANSWER_DEPTH`, or an answer not of its operation's
    type: :func:`~harness.engine.vocabulary.answer_problem`, a long outside Java's range,
    ``NaN``, ``1.5``)."""
    problem = case_problem(case)
    if problem:
        return problem
    cid = shorten(case["id"], ID_CHARS)
    if not isinstance(case.get("version"), str):
        return f"{cid}: needs a 'version' (a string)"
    answers = case.get("answers")
    if not isinstance(answers, list) or len(answers) != len(case["ops"]):
        got = len(answers) if isinstance(answers, list) else kind_of(answers)
        return f"{cid}: needs one answer per operation ({len(case['ops'])} ops, answers: {got})"
    for i, answer in enumerate(answers):
        if nesting(answer, stop=ANSWER_DEPTH) > ANSWER_DEPTH:
            return f"{cid}: answer {i} is nested deeper than {ANSWER_DEPTH} levels; no operation answers that"
        problem = answer_problem(case["area"], case["ops"][i], answer)
        if problem:
            return f"{cid}: answer {i} (to {shorten(op_text(case['ops'][i]), 100)}) {problem}"
    return None


def read_recorded(path: str | os.PathLike) -> list[dict]:
    """The cases of one JSON Lines file in the recorded format, in file order.

    Each case gets ``source`` = ``"<path>:<line>"``. A gzipped file (``.jsonl.gz``, or any
    file starting with gzip's magic bytes) is read decompressed. Raises
    :class:`CaseFileError` naming the path and line of the first malformed line (not JSON,
    not a case, answers missing). Blank lines are skipped.
    """
    path = Path(path)
    if path.suffix.lower() in YAML_SUFFIXES:
        raise CaseFileError(_YAML_GIVEN.format(path=path, quoted=shlex.quote(str(path))))
    try:
        raw = limits.read_capped(path)
        if raw[:2] == b"\x1f\x8b":
            raw = limits.gunzip_capped(raw, limits.MAX_FILE_BYTES, str(path))
    except OSError as e:
        raise CaseFileError(f"{path}: cannot read: {e.strerror or e}") from None
    except limits.LimitExceeded as e:
        raise CaseFileError(str(e)) from None
    except EOFError:
        raise CaseFileError(f"{path}: a damaged gzip file (it ends too early)") from None
    except zlib.error as e:
        raise CaseFileError(f"{path}: a damaged gzip file ({e})") from None
    out = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            case = parse(line)
        except UnicodeDecodeError as e:
            raise CaseFileError(f"{path}:{number}: not UTF-8 ({e.reason} at byte {e.start})") from None
        except NestedTooDeeply:
            raise CaseFileError(f"{path}:{number}: not valid JSON (nested too deeply)") from None
        except json.JSONDecodeError as e:
            if not out and _looks_like_yaml(line):
                raise CaseFileError(_YAML_GIVEN.format(path=path, quoted=shlex.quote(str(path)))) from None
            try:  # json reads bytes in UTF-16 or -32 too, where their byte order mark or NULs say so
                line.decode("utf-8")
            except UnicodeDecodeError as u:
                raise CaseFileError(f"{path}:{number}: not UTF-8 ({u.reason} at byte {u.start}); recorded "
                                    "files are UTF-8 JSON Lines") from None
            raise CaseFileError(f"{path}:{number}: not valid JSON: {e.msg} (column {e.colno})") from None
        problem = recorded_problem(case)
        if problem:
            raise CaseFileError(f"{path}:{number}: {problem}")
        case["source"] = f"{path}:{number}"
        out.append(case)
    return out


_YAML_GIVEN = ("{path}: this is a YAML case file; --recorded takes recorded JSONL (one case with its answers "
               "per line, reference/RECORDED_FORMAT.md). To run this case file, wherever it is: harness check "
               "--cases {quoted}")


def _looks_like_yaml(line: bytes) -> bool:
    """The first line of a case file (``# generated by ...``, ``area: ...``), not JSON."""
    text = line.lstrip()
    return text.startswith(b"#") or text.split(b":", 1)[0].strip() in (b"area", b"cases", b"generator")


def jvm_major(provenance: dict) -> int | None:
    """``17`` from a provenance's ``{"jvm": {"version": "17.0.15"}}``; None when it does not say."""
    version = str((provenance.get("jvm") or {}).get("version") or "")
    head = version.split(".")[1 if version.startswith("1.") else 0] if version else ""
    return int(head) if head.isdigit() else None


def recorded_line(case: dict) -> str:
    """One case as a line of the recorded format (compact JSON, fixed key order, no newline;
    a lone surrogate of a Java string kept as its ``\\udXXX`` escape)."""
    keys = ("id", "area", "version", "setup", "ops", "answers")
    return json_line({k: case[k] for k in keys})


def load_reference(directory: str | os.PathLike, areas: list[str] | None = None, lazy: bool = False) -> ReferenceSet:
    """The reference set in ``directory`` (``reference/<version>/``); with ``areas``, only
    their cases (the other areas' files are not read).

    The version is PROVENANCE.json's ``version``, else the folder's name. Every ``*.tsv``
    index (its objects from the store in ``directory``'s parent) and every plain ``*.jsonl``
    is read (sorted by name); a case whose ``version`` differs from the set's is refused,
    as is an id recorded twice with different contents (an identical repeat is kept once).
    Each case is a fresh mapping with ``version`` and ``source`` (``"<index>:<line>"``).

    Every case is checked before this returns. Objects the store's
    :class:`~harness.engine.reference_store.Ledger` vouches for (read and checked by an
    earlier run, their files unchanged) are not checked again; with ``lazy``, ``cases`` is a
    :class:`StoredCases` whose cases are read from the store only when first asked for.
    """
    directory = Path(directory)
    if not directory.is_dir():
        raise CaseFileError(f"{directory}: no reference set here (not a folder)")
    provenance = {}
    prov_path = directory / PROVENANCE
    if prov_path.exists():
        try:
            provenance = parse(prov_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise CaseFileError(f"{prov_path}:{e.lineno}: not valid JSON: {e.msg}") from None
        except NestedTooDeeply:
            raise CaseFileError(f"{prov_path}: not valid JSON (nested too deeply)") from None
        if not isinstance(provenance, dict):
            raise CaseFileError(f"{prov_path}:1: PROVENANCE.json holds a mapping")
    version = provenance.get("version") or directory.name
    stored = StoredCases(version)
    first: dict[str, int] = {}  # id -> its index in stored
    for path in _set_files(directory):
        if areas and _area_of(path) not in areas:
            continue
        if path.suffix == store.INDEX_SUFFIX:
            _read_index(path, stored, first, eager=not lazy)
            continue
        for case in read_recorded(path):
            if case["version"] != version:
                raise CaseFileError(f"{case['source']}: case {shorten(case['id'], ID_CHARS)} is for version "
                                    f"{shorten(case['version'], ID_CHARS)}, the set is {version}")
            _add(stored, first, (case["id"], case["area"], "", case, case["source"], None, 0))
    return ReferenceSet(version, directory, stored if lazy else list(stored), provenance)


class StoredCases(Sequence):
    """The cases of one reference set, in order, each a fresh mapping (the recorded format
    with ``version`` and ``source``) read from the store when first asked for; every one was
    checked when the set was loaded (:func:`load_reference` with ``lazy=True``).
    :meth:`summary` tells a case's id, area and SNBT nesting without reading it."""

    def __init__(self, version: str):
        self.version = version
        # (id, area, store root, the case or its object's digest, file, line or None, SNBT nesting)
        self._entries: list[tuple] = []

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        cid, area, root, held, where, number, depth = self._entries[i]
        if isinstance(held, dict):
            return held
        source = where if number is None else f"{where}:{number}"
        try:
            obj = store.get_object(root, area, held)
        except (OSError, ValueError) as e:  # changed since the set was loaded
            raise CaseFileError(f"{source}: case {shorten(cid, ID_CHARS)}: {e}") from None
        case = dict(obj, version=self.version, source=source)
        self._entries[i] = (cid, area, root, case, source, None, depth)
        return case

    def summary(self, i: int) -> tuple[str, str, int]:
        """Case ``i``'s id, area and :func:`snbt_nesting` of its operations (0 outside SNBT)."""
        cid, area, _, _, _, _, depth = self._entries[i]
        return cid, area, depth

    def same(self, i: int, j: int) -> bool:
        """Cases ``i`` and ``j`` record the same operations and answers."""
        a, b = self._entries[i][2:4], self._entries[j][2:4]
        if isinstance(a[1], str) and isinstance(b[1], str):
            return a == b  # the same object of the same store
        return recorded_line(self[i]) == recorded_line(self[j])


def _source(entry: tuple) -> str:
    return entry[4] if entry[5] is None else f"{entry[4]}:{entry[5]}"


def _add(stored: StoredCases, first: dict[str, int], entry: tuple) -> None:
    """Add one case to ``stored``: a repeat of an id is dropped when identical, refused when not."""
    n = len(stored._entries)
    stored._entries.append(entry)
    earlier = first.setdefault(entry[0], n)
    if earlier != n:
        if not stored.same(earlier, n):
            raise CaseFileError(f"{_source(entry)}: case {shorten(entry[0], ID_CHARS)} again, with other "
                                f"contents than at {_source(stored._entries[earlier])}")
        stored._entries.pop()


def snbt_nesting(ops: list) -> int:
    """The deepest nesting of ``[`` and ``{`` outside quoted strings in the SNBT texts of ``ops``."""
    from harness.formats.nbt.tag_parser import nesting

    return max((nesting(text) for op in ops for text in op[1:] if isinstance(text, str)), default=0)


def _read_index(path: Path, stored: StoredCases, first: dict[str, int], eager: bool) -> None:
    """Add the cases one index names to ``stored``: each object read whole and checked
    (hash, id, :func:`recorded_problem`) unless the store's ledger vouches for it, in which
    case it is read only when asked for (or now, when ``eager``)."""
    area = path.name[: -len(store.INDEX_SUFFIX)]
    root, where = str(path.parent.parent), str(path)
    ledger = store.ledger(root)
    try:
        data = path.read_bytes()
        key = os.path.realpath(path), hashlib.sha256(data).digest()  # the load cache's record of these bytes
        if _read_index_vouched(path, key, area, root, ledger, stored, first, eager):
            return
        pairs = store.read_index(path, data.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise CaseFileError(f"{path}: cannot read: {e}") from None
    except ValueError as e:
        raise CaseFileError(str(e)) from None
    for number, (cid, digest) in enumerate(pairs, start=1):
        facts = ledger.facts(area, digest)
        if facts is None or facts[0] != cid:
            try:
                obj = store.get_object(root, area, digest)
            except (OSError, ValueError) as e:
                raise CaseFileError(f"{path}:{number}: case {shorten(cid, ID_CHARS)}: {e}") from None
            if obj.get("id") != cid:
                raise CaseFileError(f"{path}:{number}: the index names {shorten(cid, ID_CHARS)} but object "
                                    f"{digest} holds {shorten(str(obj.get('id')), ID_CHARS)}")
            problem = recorded_problem(dict(obj, version=stored.version))
            if problem:
                raise CaseFileError(f"{path}:{number}: object {digest}: {problem}")
            facts = (cid, snbt_nesting(obj["ops"]) if area == "snbt" else 0)
            ledger.note(area, digest, facts)
        _add(stored, first, (cid, area, root, digest, where, number, facts[1]))
        if eager:
            stored[len(stored) - 1]
    ledger.save()
    if all(ledger.facts(area, digest) for _, digest in pairs):
        ids, digests = [p[0] for p in pairs], [p[1] for p in pairs]
        depths = [ledger.facts(area, digest)[1] for digest in digests]
        load_cache.put("index", *key, (ids, digests, depths))


def _read_index_vouched(path: Path, key: tuple[str, bytes], area: str, root: str, ledger, stored: StoredCases,
                        first: dict[str, int], eager: bool) -> bool:
    """Add the cases of an index whose every object the ledger vouches for, as a whole, from
    the load cache's record of this index's bytes (``key``: its real path and SHA-256); False
    (nothing added) when it cannot."""
    cached = load_cache.get("index", *key)
    if not isinstance(cached, tuple) or len(cached) != 3:
        return False
    ids, digests, depths = cached
    prefix = area + "/"
    if not ({prefix + d for d in digests} <= ledger.vouched()) or not first.keys().isdisjoint(ids):
        return False
    n = len(stored)
    where = str(path)
    stored._entries += [(cid, area, root, d, where, number, depth)
                        for number, cid, d, depth in zip(range(1, len(ids) + 1), ids, digests, depths)]
    first.update(zip(ids, range(n, n + len(ids))))
    if eager:
        for i in range(n, len(stored)):
            stored[i]
    return True


def _set_files(directory: Path) -> list[Path]:
    """A reference set's files, sorted by name: its ``*.tsv`` indexes and plain ``*.jsonl``
    (one listing of the folder)."""
    try:
        names = os.listdir(directory)
    except OSError:  # not a folder (glob found nothing there either)
        return []
    return [directory / name for name in sorted(names)
            if name.endswith((store.INDEX_SUFFIX, ".jsonl")) and not name.startswith(".")]


def _area_of(path: Path) -> str:
    """The area a reference set's file holds: its name up to the first dot (``storage.tsv``)."""
    return path.name.split(".", 1)[0]


def _bundled_sets(root: str | os.PathLike) -> dict[str, list[Path]]:
    """Each version with a bundled reference set under ``root`` (in release order) and its files."""
    root = Path(root)
    if not root.is_dir():
        return {}
    sets = {p.name: _set_files(p) for p in root.iterdir()
            if p.is_dir() and not p.name.startswith(".") and p.name != store.OBJECTS}
    return {version: sets[version] for version in sorted(sets, key=version_key) if sets[version]}


def bundled_versions(root: str | os.PathLike = BUNDLED) -> list[str]:
    """The versions with a bundled reference set under ``root`` (folder names, sorted)."""
    return list(_bundled_sets(root))


def bundled_areas(root: str | os.PathLike = BUNDLED) -> list[str]:
    """The areas whose cases some bundled reference set under ``root`` records (sorted)."""
    return sorted({_area_of(path) for files in _bundled_sets(root).values() for path in files})


def version_key(version: str) -> tuple:
    """A sort key ordering versions as releases: 1.20.1 < 1.21.1 < 26.1.2 < 26.2 < 26.3."""
    return tuple(int(p) if p.isdigit() else p for p in version.replace("-", ".").split("."))


def write_reference(directory: str | os.PathLike, version: str, cases_with_answers, provenance: dict) -> None:
    """Write a reference set for ``version`` into ``directory``, atomically as a whole.

    ``cases_with_answers``: dicts with ``id``, ``area``, ``setup``, ``ops``, ``answers``
    (``version`` is set to ``version``). Each case is stored as an object in the store of
    ``directory``'s parent (:mod:`harness.engine.reference_store`; objects already there are
    kept as they are), and one ``<area>.tsv`` index per area lists the cases in the given
    order; ``PROVENANCE.json`` is ``provenance`` plus ``version`` and ``files_sha256`` (of
    the indexes). Every case is validated first (:class:`CaseFileError`, nothing written).
    The indexes are written into a temporary sibling folder, fsynced, then swapped in: the
    old folder is renamed aside, the new one renamed into place, the old one removed; last,
    objects that no release's index names any more are removed. An interruption leaves
    either the old set or the new one at ``directory`` (after a crash between the two
    renames the old set is at ``.<name>.old-*`` beside it).
    """
    directory = Path(directory)
    root = directory.parent
    checked = []
    for i, case in enumerate(cases_with_answers):
        case = dict(case, version=version)
        problem = recorded_problem(case)
        if problem:
            raise CaseFileError(f"case #{i + 1} for {directory}: {problem}")
        checked.append(case)
    root.mkdir(parents=True, exist_ok=True)
    by_area: dict[str, list[tuple[str, str]]] = {}
    for case in checked:
        by_area.setdefault(case["area"], []).append((case["id"], store.put_object(root, case)))
    tmp = Path(tempfile.mkdtemp(dir=root, prefix=f".{directory.name}.new-"))
    try:
        sums = {}
        for area in sorted(by_area):
            data = store.index_text(by_area[area]).encode("utf-8")
            _write_synced(tmp / f"{area}{store.INDEX_SUFFIX}", data)
            sums[f"{area}{store.INDEX_SUFFIX}"] = hashlib.sha256(data).hexdigest()
        prov = dict(provenance, version=version, files_sha256=sums)
        _write_synced(tmp / PROVENANCE, (json_text(prov, indent=2) + "\n").encode("utf-8"))
        old = None
        if directory.exists():
            old = Path(tempfile.mkdtemp(dir=root, prefix=f".{directory.name}.old-"))
            os.rmdir(old)
            os.replace(directory, old)
        os.replace(tmp, directory)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    store.collect_garbage(root)


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
