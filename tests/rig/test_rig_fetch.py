"""``harness fetch-jar`` against a fake version manifest served on 127.0.0.1 (never the internet)."""

from __future__ import annotations

import hashlib
import http.server
import json
import threading

import pytest

from harness.cli import main
from rig.fetch import FetchError, FetchRefused, fetch

JAR = b"PK-not-really-a-jar-but-bytes"
MAPPINGS = b"# licence\nnet.minecraft.core.IdMap -> ib:\n"


@pytest.fixture(scope="module")
def served():
    """One HTTP server on 127.0.0.1 for the module (its stop waits out a poll of its loop):
    its address, the files it serves (path -> bytes) and the paths asked for, in order."""
    files: dict[str, bytes] = {}
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            requests.append(self.path)
            data = files.get(self.path)
            self.send_response(200 if data is not None else 404)
            self.end_headers()
            if data is not None:
                self.wfile.write(data)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield base, files, requests
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def server(served):
    """``publish(version, jar, mappings, ...)``: a version manifest served, with that version's
    JSON, jar and mappings, the URL of the manifest given; ``publish.requests``: this test's
    requests. Nothing of another test's is served."""
    base, files, requests = served
    files.clear()
    requests.clear()

    def publish(version: str, jar: bytes, mappings: bytes | None, jar_sha1: str | None = None,
                jar_size: int | None = None):
        downloads = {"server": {"sha1": jar_sha1 or hashlib.sha1(jar).hexdigest(),
                                "size": len(jar) if jar_size is None else jar_size, "url": f"{base}/{version}/server.jar"}}
        files[f"/{version}/server.jar"] = jar
        if mappings is not None:
            downloads["server_mappings"] = {"sha1": hashlib.sha1(mappings).hexdigest(), "size": len(mappings),
                                            "url": f"{base}/{version}/server.txt"}
            files[f"/{version}/server.txt"] = mappings
        version_json = json.dumps({"id": version, "downloads": downloads,
                                   "javaVersion": {"component": "java-runtime-delta", "majorVersion": 21}}).encode()
        files[f"/v/{version}.json"] = version_json
        manifest = json.loads(files.get("/manifest.json", b'{"latest": {"release": "x"}, "versions": []}'))
        manifest["versions"].insert(0, {"id": version, "type": "release", "url": f"{base}/v/{version}.json",
                                        "sha1": hashlib.sha1(version_json).hexdigest()})
        files["/manifest.json"] = json.dumps(manifest).encode()
        return f"{base}/manifest.json"

    publish.requests = requests
    return publish


def test_fetch_jar_and_mappings_then_reuse(server, tmp_path, capsys):
    url = server("1.21.1", JAR, MAPPINGS)
    assert main(["fetch-jar", "1.21.1", "--manifest-url", url, "--cache", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    jar, txt = tmp_path / "jars" / "1.21.1" / "server.jar", tmp_path / "jars" / "1.21.1" / "server.txt"
    assert f"server jar: {jar}" in out and f"mappings:   {txt}" in out
    assert "no rules" not in err  # 1.21.1 is in the version table
    assert jar.read_bytes() == JAR and txt.read_bytes() == MAPPINGS
    before = jar.stat().st_mtime_ns
    assert fetch("1.21.1", url, tmp_path).server.stat().st_mtime_ns == before  # cached by SHA-1


def test_unobfuscated_version_has_no_mappings(server, tmp_path, capsys):
    url = server("26.3", JAR, None)
    got = fetch("26.3", url, tmp_path)
    assert got.mappings is None and got.server.read_bytes() == JAR
    assert main(["fetch-jar", "26.3", "--manifest-url", url, "--cache", str(tmp_path)]) == 0
    assert "mappings:   none published (the jar carries Mojang's names)" in capsys.readouterr().out


def test_an_obfuscated_version_without_published_mappings_says_record_needs_them(server, tmp_path, capsys):
    # the version table: 1.21.1 jars are obfuscated, so a jar without mappings cannot be recorded as is
    url = server("1.21.1", JAR, None)
    assert main(["fetch-jar", "1.21.1", "--manifest-url", url, "--cache", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert f"server jar: {tmp_path / 'jars' / '1.21.1' / 'server.jar'}" in out  # the jar is kept
    assert "Mojang's names" not in out
    assert err.splitlines() == ["harness fetch-jar: no mappings published for 1.21.1, but its jar is obfuscated: "
                                "harness record will need --mappings"]


def test_a_download_of_another_size_is_refused(server, tmp_path, capsys):
    url = server("26.3", JAR, None, jar_size=len(JAR) + 1)
    assert main(["fetch-jar", "26.3", "--manifest-url", url, "--cache", str(tmp_path)]) == 1
    assert f"{len(JAR)} bytes, not the {len(JAR) + 1} the version JSON gives" in capsys.readouterr().err
    assert not (tmp_path / "jars" / "26.3" / "server.jar").exists()


def test_a_cache_that_is_a_file_is_refused_before_any_download(server, tmp_path, capsys):
    url = server("26.3", JAR, None)
    taken = tmp_path / "taken"
    taken.write_text("")
    for cache in (taken, taken / "below"):
        assert main(["fetch-jar", "26.3", "--manifest-url", url, "--cache", str(cache)]) == 2
        assert capsys.readouterr().err.splitlines() == [f"harness fetch-jar: {taken}: is a file, not a folder (--cache)"]
    assert server.requests == []


def test_sha1_mismatch_is_refused_and_not_kept(server, tmp_path, capsys):
    url = server("1.20.1", JAR, None, jar_sha1="0" * 40)
    with pytest.raises(FetchError, match="is not the expected 0000"):
        fetch("1.20.1", url, tmp_path)
    assert not (tmp_path / "jars" / "1.20.1" / "server.jar").exists()
    assert main(["fetch-jar", "1.20.1", "--manifest-url", url, "--cache", str(tmp_path)]) == 1
    assert "refusing the download" in capsys.readouterr().err


def test_unknown_version(server, tmp_path, capsys):
    url = server("26.3", JAR, None)
    with pytest.raises(FetchRefused, match="'9.9' is not in the manifest"):
        fetch("9.9", url, tmp_path)
    assert main(["fetch-jar", "9.9", "--manifest-url", url, "--cache", str(tmp_path)]) == 2  # refused, not failed
    err = capsys.readouterr().err
    assert "(latest release: x)" in err and "no rules for 9.9 yet" in err


def test_a_manifest_without_latest_does_not_name_one(tmp_path, capsys):
    manifest = tmp_path / "manifest.json"
    manifest.write_text('{"versions": []}')
    assert main(["fetch-jar", "26.3", "--manifest-url", manifest.as_uri(), "--cache", str(tmp_path)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"harness fetch-jar: version '26.3' is not in the manifest "
                                                    f"{manifest.as_uri()}"]


SHA1 = "ab" * 20
SERVER = {"url": "file:///nowhere/server.jar", "sha1": SHA1, "size": 3}
MALFORMED_MANIFESTS = {
    b"not json": "not JSON (Expecting value: line 1 column 1 (char 0))",
    b"\xff\xfe": "not JSON (",
    b"[" * 100_000: "not JSON",
    b'[{"id": "1.21.1"}]': "the version manifest is a list, not an object",
    b'{"latest": {}}': "the version manifest has no 'versions' (a list)",
    b'{"versions": {"1.21.1": {}}}': "the version manifest's 'versions' is an object, not a list",
    b'{"versions": [null]}': "versions[0] is null, not an object",
    b'{"versions": [{"type": "release"}]}': "versions[0] has no 'id' (a string)",
    b'{"versions": [{"id": 1.21}]}': "versions[0].id is 1.21, not a string",
    b'{"versions": [{"id": "1.21.1"}]}': "the entry of 1.21.1 (versions[0]) has no 'url' (a string)",
    b'{"versions": [{"id": "1.21.1", "url": "file:///nowhere.json"}]}': "the entry of 1.21.1 (versions[0]) has no 'sha1' (a SHA-1: 40 hex digits)",
    b'{"versions": [{"id": "1.21.1", "url": ["x"], "sha1": "%s"}]}' % SHA1.encode(): "the entry of 1.21.1 (versions[0])'s 'url' is a list, not a string",
    b'{"versions": [{"id": "1.21.1", "url": "u", "sha1": "abc"}]}': 'the entry of 1.21.1 (versions[0])\'s \'sha1\' is "abc", not a SHA-1: 40 hex digits',
}
MALFORMED_VERSION_JSONS = {
    b"<html>": "not JSON (Expecting value",
    b"null": "the version JSON of 1.21.1 is null, not an object",
    b'{"id": "1.21.1"}': "the version JSON has no 'downloads' (an object)",
    b'{"downloads": []}': "the version JSON's 'downloads' is a list, not an object",
    b'{"downloads": {"client": {}}}': "downloads has no 'server' (an object)",
    b'{"downloads": {"server": "file:///x.jar"}}': 'downloads.server is "file:///x.jar", not an object',
    b'{"downloads": {"server": {"url": "u", "sha1": "%s"}}}' % SHA1.encode(): "downloads.server has no 'size' (a size in bytes",
    b'{"downloads": {"server": {"url": "u", "sha1": "%s", "size": true}}}' % SHA1.encode(): "downloads.server.size is true, not a size",
    b'{"downloads": {"server": {"sha1": "%s", "size": 1}}}' % SHA1.encode(): "downloads.server has no 'url' (a string)",
    json.dumps({"downloads": {"server": SERVER, "server_mappings": {"url": "u", "size": 1}}}).encode():
        "downloads.server_mappings has no 'sha1'",
    json.dumps({"javaVersion": 21, "downloads": {"server": SERVER}}).encode():
        "the version JSON's 'javaVersion' is 21, not an object",
    json.dumps({"javaVersion": {"component": "java-runtime-delta"}, "downloads": {"server": SERVER}}).encode():
        "javaVersion has no 'majorVersion' (an integer)",
    json.dumps({"id": "1.20.1", "downloads": {"server": SERVER}}).encode():
        "the version JSON is for '1.20.1', not '1.21.1'",
}


def fetch_jar_lines(tmp_path, capsys, manifest: bytes) -> tuple[int, list[str], str]:
    path = tmp_path / "manifest.json"
    path.write_bytes(manifest)
    status = main(["fetch-jar", "1.21.1", "--manifest-url", path.as_uri(), "--cache", str(tmp_path / "cache")])
    return status, capsys.readouterr().err.splitlines(), path.as_uri()


@pytest.mark.parametrize("manifest", list(MALFORMED_MANIFESTS), ids=range(len(MALFORMED_MANIFESTS)))
def test_a_malformed_manifest_is_refused_in_one_line_naming_what_is_missing(tmp_path, capsys, manifest):
    status, err, url = fetch_jar_lines(tmp_path, capsys, manifest)
    assert status == 2 and len(err) == 1
    assert err[0].startswith(f"harness fetch-jar: {url}: {MALFORMED_MANIFESTS[manifest]}"), err
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("doc", list(MALFORMED_VERSION_JSONS), ids=range(len(MALFORMED_VERSION_JSONS)))
def test_a_malformed_version_json_is_refused_in_one_line_naming_what_is_missing(tmp_path, capsys, doc):
    version_json = tmp_path / "1.21.1.json"
    version_json.write_bytes(doc)
    entry = {"id": "1.21.1", "url": version_json.as_uri(), "sha1": hashlib.sha1(doc).hexdigest()}
    status, err, _ = fetch_jar_lines(tmp_path, capsys, json.dumps({"versions": [entry]}).encode())
    assert status == 2 and len(err) == 1
    assert err[0].startswith(f"harness fetch-jar: {version_json.as_uri()}: {MALFORMED_VERSION_JSONS[doc]}"), err
    assert not (tmp_path / "cache").exists()
