"""Fetching a version's server jar (and mappings) from Mojang's version manifest.

GAME_FACTS.md section 4.4: the manifest (``version_manifest_v2.json``) lists versions with
the URL of each version's JSON; that JSON's ``downloads`` has ``server`` and, for obfuscated
versions (up to 1.21.11), ``server_mappings``, each ``{"sha1", "size", "url"}``. Files are
cached as ``<cache>/jars/<version>/server.jar`` and ``server.txt``; a cached file is reused
when its SHA-1 matches, and a download whose size or SHA-1 differs is refused
(:class:`FetchError`) and not kept. Every key used is checked for its shape first
(:func:`version_entry`, :func:`downloads`): a manifest or version JSON that is not JSON, or
lacks one, is refused in one line naming it (:class:`FetchRefused`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from harness.engine.load_cache import cache_root
from rig.server_jar import file_digest

MANIFEST_URL = "https://piston-meta.mojang.com/mc/game/version_manifest_v2.json"
TIMEOUT = 60  # seconds per request


class FetchError(Exception):
    """A version, download or checksum problem; the message says which."""


class FetchRefused(FetchError):
    """What was asked cannot be fetched at all: a version the manifest does not list, a URL
    that is not one, or a manifest or version JSON that is not JSON or lacks a key it needs."""


@dataclass
class Fetched:
    """The cached files of one version: the server jar and, where published, its mappings."""

    version: str
    server: Path
    mappings: Path | None


def _get(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.read()
    except ValueError as e:  # urllib's "unknown url type"
        raise FetchRefused(f"{url!r} is not a URL ({e})") from None
    except (urllib.error.URLError, OSError) as e:
        raise FetchError(f"cannot download {url}: {getattr(e, 'reason', e)}") from None


def _json(url: str, sha1: str | None = None) -> object:
    data = _get(url)
    if sha1 and hashlib.sha1(data).hexdigest() != sha1:
        raise FetchError(f"{url}: SHA-1 {hashlib.sha1(data).hexdigest()} is not the manifest's {sha1}")
    try:
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise FetchRefused(f"{url}: not JSON ({e})") from None
    except RecursionError:
        raise FetchRefused(f"{url}: not JSON the harness reads (nested too deeply)") from None


def _field(obj: dict, key: str, kind: str, where: str, url: str, optional: bool = False):
    """``obj[key]`` when it is ``kind`` (``"object"``, ``"list"``, ``"string"``, ``"sha1"``:
    40 hex digits, ``"size"``: an integer >= 0, ``"integer"``); :class:`FetchRefused` naming
    ``where`` and ``url`` when it is missing (unless ``optional``: None) or of another kind."""
    value = obj.get(key)
    if value is None and optional:
        return None
    fits = {"object": lambda v: isinstance(v, dict), "list": lambda v: isinstance(v, list),
            "string": lambda v: isinstance(v, str) and v != "",
            "sha1": lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-fA-F]{40}", v) is not None,
            "size": lambda v: type(v) is int and v >= 0, "integer": lambda v: type(v) is int}[kind]
    if fits(value):
        return value
    wanted = {"sha1": "a SHA-1: 40 hex digits", "size": "a size in bytes (an integer, 0 or more)",
              "object": "an object", "list": "a list", "string": "a string", "integer": "an integer"}[kind]
    if key not in obj:
        raise FetchRefused(f"{url}: {where} has no '{key}' ({wanted})")
    shown = json.dumps(value) if isinstance(value, (str, int, float)) and len(json.dumps(value)) <= 48 else _kind(value)
    path = f"{where}'s '{key}'" if where.startswith("the ") else f"{where}.{key}"
    raise FetchRefused(f"{url}: {path} is {shown}, not {wanted}")


def _kind(value) -> str:
    """What a JSON value is, as a user reads it: ``an object``, ``a list``, ``null``..."""
    if isinstance(value, bool):
        return f"{json.dumps(value)} (a boolean)"
    kinds = ((dict, "an object"), (list, "a list"), (str, "a string"), (int, "a number"), (float, "a number"))
    return next((name for cls, name in kinds if isinstance(value, cls)), "null")


def _object(doc: object, what: str, url: str) -> dict:
    if not isinstance(doc, dict):
        raise FetchRefused(f"{url}: {what} is {_kind(doc)}, not an object")
    return doc


def _latest(manifest: dict) -> str | None:
    """The manifest's ``latest.release`` when it names one (only ever shown, so not required)."""
    latest = manifest.get("latest")
    release = latest.get("release") if isinstance(latest, dict) else None
    return release if isinstance(release, str) else None


def version_entry(manifest: object, version: str, url: str) -> dict:
    """The manifest's entry for ``version``, ``{"id", "url", "sha1"}`` checked for shape.

    :class:`FetchRefused`: the manifest is not an object with a ``versions`` list of objects
    each with a string ``id``, the version is not listed, or its entry lacks a ``url`` or a
    ``sha1`` (the v2 manifest, ``version_manifest_v2.json``, has both)."""
    manifest = _object(manifest, "the version manifest", url)
    listed = _field(manifest, "versions", "list", "the version manifest", url)
    found = None
    for i, entry in enumerate(listed):
        entry = _object(entry, f"versions[{i}]", url)
        if _field(entry, "id", "string", f"versions[{i}]", url) == version and found is None:
            found = (i, entry)
    if found is None:
        latest = _latest(manifest)
        raise FetchRefused(f"version {version!r} is not in the manifest {url}"
                           + (f" (latest release: {latest})" if latest else ""))
    i, entry = found
    where = f"the entry of {version} (versions[{i}])"
    _field(entry, "url", "string", where, url)
    _field(entry, "sha1", "sha1", where, url)
    return entry


def downloads(doc: object, version: str, url: str) -> tuple[dict, dict | None]:
    """The ``downloads.server`` and ``downloads.server_mappings`` (or None) entries of a
    version JSON, each ``{"url", "sha1", "size"}`` checked for shape; :class:`FetchRefused`
    naming what is missing or malformed (its ``javaVersion``, when present, must be an object
    with an integer ``majorVersion``; its ``id``, when present, must be ``version``)."""
    doc = _object(doc, f"the version JSON of {version}", url)
    named = doc.get("id")
    if named is not None and named != version:
        raise FetchRefused(f"{url}: the version JSON is for {named!r}, not {version!r}; the manifest is inconsistent")
    java = _field(doc, "javaVersion", "object", "the version JSON", url, optional=True)
    if java is not None:
        _field(java, "majorVersion", "integer", "javaVersion", url)
    found = _field(doc, "downloads", "object", "the version JSON", url)
    entries = [_field(found, key, "object", "downloads", url, optional=key == "server_mappings")
               for key in ("server", "server_mappings")]
    for key, entry in zip(("server", "server_mappings"), entries):
        if entry is not None:
            for field, kind in (("url", "string"), ("sha1", "sha1"), ("size", "size")):
                _field(entry, field, kind, f"downloads.{key}", url)
    return entries[0], entries[1]


def _download(entry: dict, target: Path) -> Path:
    sha1 = entry["sha1"].lower()
    if target.is_file() and file_digest(target, "sha1") == sha1:
        return target
    data = _get(entry["url"])
    if len(data) != entry["size"]:
        raise FetchError(f"{entry['url']}: {len(data)} bytes, not the {entry['size']} the version JSON gives; "
                         "refusing the download")
    got = hashlib.sha1(data).hexdigest()
    if got != sha1:
        raise FetchError(f"{entry['url']}: SHA-1 {got} is not the expected {sha1}; refusing the download")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def fetch(version: str, manifest_url: str = MANIFEST_URL, cache: str | os.PathLike | None = None) -> Fetched:
    """Download (or reuse from the cache) ``version``'s server jar and server mappings.

    :class:`FetchRefused` (nothing downloaded but the JSON): ``manifest_url`` is not a URL,
    the manifest or the version JSON is not JSON or lacks a key it needs
    (:func:`version_entry`, :func:`downloads`), the version is not listed.
    :class:`FetchError`: a download fails, or a file's size or SHA-1 is not the one given."""
    entry = version_entry(_json(manifest_url), version, manifest_url)
    server_entry, mappings_entry = downloads(_json(entry["url"], entry["sha1"].lower()), version, entry["url"])
    folder = (Path(cache).expanduser() if cache else cache_root()) / "jars" / version
    server = _download(server_entry, folder / "server.jar")
    mappings = _download(mappings_entry, folder / "server.txt") if mappings_entry else None
    return Fetched(version, server, mappings)
