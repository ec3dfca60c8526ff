"""Fetching a version's server jar (and mappings) from Mojang's version manifest.

GAME_FACTS.md section 4.4: the manifest (``version_manifest_v2.json``) lists versions with
the URL of each version's JSON; that JSON's ``downloads`` has ``server`` and, for obfuscated
versions (up to 1.21.11), ``server_mappings``, each ``{"sha1", "size", "url"}``. Files are
cached as ``<cache>/jars/<version>/server.jar`` and ``server.txt``; a cached file is reused
when its SHA-1 matches, and a download whose SHA-1 differs is refused (:class:`FetchError`)
and not kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from rig.server_jar import default_cache, file_digest

MANIFEST_URL = "https://piston-meta.mojang.com/mc/game/version_manifest_v2.json"
TIMEOUT = 60  # seconds per request


class FetchError(Exception):
    """A version, download or checksum problem; the message says which."""


class FetchRefused(FetchError):
    """What was asked cannot be fetched at all: a version the manifest does not list, or a
    manifest URL that is not one."""


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


def _json(url: str, sha1: str | None = None) -> dict:
    data = _get(url)
    if sha1 and hashlib.sha1(data).hexdigest() != sha1:
        raise FetchError(f"{url}: SHA-1 {hashlib.sha1(data).hexdigest()} is not the manifest's {sha1}")
    try:
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise FetchError(f"{url}: not JSON ({e})") from None


def _download(entry: dict, target: Path) -> Path:
    sha1 = entry.get("sha1")
    if not sha1 or not entry.get("url"):
        raise FetchError(f"download entry for {target.name} has no url or sha1: {entry}")
    if target.is_file() and file_digest(target, "sha1") == sha1:
        return target
    data = _get(entry["url"])
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
    """Download (or reuse from the cache) ``version``'s server jar and server mappings."""
    manifest = _json(manifest_url)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("versions"), list):
        raise FetchError(f"{manifest_url}: not a version manifest (no 'versions' list)")
    entry = next((v for v in manifest.get("versions", []) if v.get("id") == version), None)
    if entry is None:
        latest = manifest.get("latest", {}).get("release")
        raise FetchRefused(f"version {version!r} is not in the manifest {manifest_url} (latest release: {latest})")
    doc = _json(entry["url"], entry.get("sha1"))
    downloads = doc.get("downloads", {})
    if "server" not in downloads:
        raise FetchError(f"version {version} has no server download")
    folder = (Path(cache).expanduser() if cache else default_cache()) / "jars" / version
    server = _download(downloads["server"], folder / "server.jar")
    mappings = _download(downloads["server_mappings"], folder / "server.txt") if "server_mappings" in downloads else None
    return Fetched(version, server, mappings)
