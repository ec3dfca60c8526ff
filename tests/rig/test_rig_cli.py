"""``harness record``, ``live``, ``fetch-jar`` as a user meets them: help texts, refusals, exit codes.

Every refusal here happens before a JVM starts, so these run in-process through
:func:`harness.cli.main` and take milliseconds.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest

from harness.cli import main
from rig.runner import REPO

VERSION_26_3 = {"id": "26.3", "world_version": 5023, "protocol_version": 777, "java_version": 25}
VERBS = ("record", "live", "fetch-jar")


def readme_rig_commands() -> dict[str, list[str]]:
    """The commands of README's rig section, continuation lines joined, by verb."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Recording references from your own server jar", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands: dict[str, list[str]] = {}
    for command in re.sub(r"\\\n\s*", "", block).splitlines():
        if command.startswith("harness "):
            commands.setdefault(command.split()[1], []).append(" ".join(command.split()))
    return commands


def help_text(verb: str, capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([verb, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_each_verb_has_its_own_help_with_readmes_commands(capsys):
    commands = readme_rig_commands()
    assert set(commands) == set(VERBS)
    helps = {verb: help_text(verb, capsys) for verb in VERBS}
    assert len(set(helps.values())) == 3
    for verb, text in helps.items():
        joined = " ".join(re.sub(r"\\\n\s*", "", text).split())
        for command in commands[verb]:
            assert command in joined, (verb, command)
        assert f"usage: harness {verb} " in text and "\nexit status:\n  0  " in text
        # the other verbs' descriptions are not merged in
        others = {"record": "write what the\ngame answered", "live": "side by side",
                  "fetch-jar": "Download a version's server jar"}
        assert [v for v, words in others.items() if words in text] == [verb]
    # lists keep their line breaks (no "- ``live`` ..." run into the paragraph before)
    assert "\n  harness fetch-jar 26.3\n" in helps["record"]
    assert "\n  2  refused before any download: the version is not in the manifest" in helps["fetch-jar"]
    assert "--jvm-option=-Xmx2g" in helps["record"]  # not broken at its hyphens


def refusal(argv, capsys) -> tuple[int, list[str]]:
    status = main(argv)
    return status, capsys.readouterr().err.splitlines()


def test_a_directory_given_as_the_jar_is_named_for_what_it_is(tmp_path, capsys):
    for verb in ("record", "live"):
        assert refusal([verb, "--jar", str(tmp_path)], capsys) == (
            2, [f"harness {verb}: {tmp_path}: is a directory, not a jar"])


def test_a_zip_without_the_games_classes_is_refused_in_one_line(tmp_path, capsys):
    jar = tmp_path / "fake.jar"
    with zipfile.ZipFile(jar, "w") as z:
        z.writestr("version.json", json.dumps(VERSION_26_3))
    status, err = refusal(["record", "--jar", str(jar), "--out", str(tmp_path / "ref")], capsys)
    assert status == 2 and len(err) == 1
    assert err[0].startswith(f"harness record: {jar}: lacks game classes the probes need: "
                             "net/minecraft/util/SimpleBitStorage.class, ")
    assert not (tmp_path / "ref").exists()


def test_refusals_before_any_case_exit_2(tmp_path, capsys, classes_jar):
    jar = str(classes_jar(VERSION_26_3))
    out_file = tmp_path / "taken"
    out_file.write_text("")
    cases = tmp_path / "cases.jsonl"
    cases.write_text("")
    expected = {
        ("--jvm-option=-Xbogus",): "the JVM does not start with -Xbogus: Unrecognized option: -Xbogus",
        ("--out", str(out_file)): f"{out_file}: is a file, not a folder (--out)",
        ("--cases", str(tmp_path)): f"{tmp_path}: is a directory, not a case file (YAML, or recorded .jsonl)",
        ("--cases", str(cases)): f"no case applies to 26.3 in {cases}",
    }
    for extra, message in expected.items():
        status, err = refusal(["record", "--jar", jar, *extra], capsys)
        assert (status, err) == (2, [f"harness record: {message}"]), extra  # one line: no banner before it


def bundler_of(jar: Path, path: Path) -> Path:
    """A bundler jar (GAME_FACTS.md section 4.1) carrying ``jar`` as its game jar."""
    inner = jar.read_bytes()
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("META-INF/versions.list", f"{hashlib.sha256(inner).hexdigest()}\t26.3\t26.3/server-26.3.jar\n")
        z.writestr("META-INF/versions/26.3/server-26.3.jar", inner)
    return path


def test_every_path_option_is_checked_before_the_jar_is_opened(tmp_path, capsys, classes_jar):
    jar = str(bundler_of(classes_jar(VERSION_26_3), tmp_path / "bundler.jar"))
    cache = tmp_path / "cache"  # opening the bundler would unpack it here
    taken, missing = tmp_path / "taken", tmp_path / "missing"
    taken.write_text("")
    java_home = "a Java home is the directory holding bin/ and lib/ (and 'release')"
    both = {
        ("--mappings", str(missing)): f"{missing}: no such file",
        ("--cases", str(missing)): f"{missing}: no such file",
        ("--java-home", str(taken)): f"{taken}: is a file; {java_home}",
        ("--java-home", str(missing)): f"{missing}: no such directory ({java_home})",
        ("--cache", str(taken)): f"{taken}: is a file, not a folder (--cache)",
        ("--cache", str(taken / "below")): f"{taken}: is a file, not a folder (--cache)",
    }
    record_only = {
        ("--out", str(taken)): f"{taken}: is a file, not a folder (--out)",
        ("--out", str(taken / "below")): f"{taken}: is a file, not a folder (--out)",
    }
    for verb, refused in (("record", {**both, **record_only}), ("live", both)):
        for extra, message in refused.items():
            argv = [verb, "--jar", jar, *(["--cache", str(cache)] if "--cache" not in extra else []), *extra]
            assert refusal(argv, capsys) == (2, [f"harness {verb}: {message}"]), (verb, extra)
            assert not cache.exists(), (verb, extra)


def test_an_out_version_folder_that_is_a_file_is_refused_before_the_run_is_announced(tmp_path, capsys, classes_jar):
    jar = str(classes_jar(VERSION_26_3))
    (tmp_path / "ref").mkdir()
    (tmp_path / "ref" / "26.3").write_text("")
    assert refusal(["record", "--jar", jar, "--out", str(tmp_path / "ref")], capsys) == (2, [
        f"harness record: {tmp_path / 'ref' / '26.3'}: is a file; the reference set goes into a folder of that name (--out)"])


def test_a_timeout_must_be_positive(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["live", "--jar", str(tmp_path), "--timeout", "0"])
    assert exit_.value.code == 2 and "--timeout" in capsys.readouterr().err


def test_fetch_jar_refusals_exit_2(capsys):
    status, err = refusal(["fetch-jar", "1.21.1", "--manifest-url", "not-a-url"], capsys)
    assert status == 2 and err == ["harness fetch-jar: 'not-a-url' is not a URL (unknown url type: 'not-a-url')"]
