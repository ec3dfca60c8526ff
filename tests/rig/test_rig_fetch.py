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


@pytest.fixture
def server():
    files: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
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

    def publish(version: str, jar: bytes, mappings: bytes | None, jar_sha1: str | None = None):
        downloads = {"server": {"sha1": jar_sha1 or hashlib.sha1(jar).hexdigest(), "size": len(jar), "url": f"{base}/{version}/server.jar"}}
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

    yield publish
    httpd.shutdown()
    httpd.server_close()


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


def test_unobfuscated_version_has_no_mappings(server, tmp_path):
    got = fetch("26.3", server("26.3", JAR, None), tmp_path)
    assert got.mappings is None and got.server.read_bytes() == JAR


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
