"""Float text follows the Java the release needs unless a JDK is named.

``GameVersion.java_version`` (GAME_FACTS.md 4.2: 17 up to 1.20.4, 21 from 1.20.5, 25 for 26.x)
is the JDK the printers use when none is given. Its change of float text (JDK 19's shortest
form, JDK-4511638) is pinned at 1.20.5 by the bundled references' provenance: OpenJDK 17 up to
1.20.4, Java 25 from 1.20.5 (no recorded case's answer shows it: every float in the recorded
sets prints alike on both). Fact: ``Double.toString(1.0E23)`` is ``9.999999999999999E22`` on
JDK 17 and ``1.0E23`` on JDK 19+ (checked against OpenJDK 17 and 25 by test_java_float_text.py).
"""

from __future__ import annotations

import pytest

from harness.engine.reference import BUNDLED, load_reference
from harness.formats import nbt
from harness.formats import versions as V
from harness.formats.nbt.java_float_text import SHORTEST_SINCE_JDK
from harness.formats.nbt.snbt_printer_tag_visitor import pretty
from harness.formats.nbt.string_tag_visitor import to_string
from helpers_cli import run_nbt

JDK17, SHORTEST = "9.999999999999999E22d", "1.0E23d"


def _doc():
    return nbt.parse_snbt("{a:1.0E23d}")


def test_the_first_release_on_the_shortest_float_text_is_1_20_5():
    order = list(V.VERSIONS)
    shortest = [v for v in order if V.get(v).java_version >= SHORTEST_SINCE_JDK]
    assert shortest[0] == "1.20.5" and shortest == order[order.index("1.20.5"):]
    assert (V.get("1.20.4").java_version, V.get("1.20.5").java_version) == (17, 21)  # GAME_FACTS.md 4.2


@pytest.mark.parametrize("release", V.RECORDED)
def test_each_references_jvm_prints_as_the_java_its_release_needs(release):
    recorded_on = load_reference(BUNDLED / release).jvm
    assert (recorded_on >= SHORTEST_SINCE_JDK) == (V.get(release).java_version >= SHORTEST_SINCE_JDK)


@pytest.mark.parametrize("release, text", [("1.20.4", JDK17), ("1.20.5", SHORTEST), ("26.3", SHORTEST)])
def test_to_snbt_and_both_visitors_default_to_the_releases_java(release, text):
    tag = _doc()
    assert nbt.to_snbt(tag, version=release) == to_string(tag, release) == "{a:" + text + "}"
    assert nbt.to_snbt(tag, version=release, pretty=True) == pretty(tag, release) == "{\n    a: " + text + "\n}"


def test_the_latest_release_is_the_default():
    assert nbt.to_snbt(_doc()) == "{a:" + SHORTEST + "}"


def test_a_named_jdk_wins():
    tag = _doc()
    assert nbt.to_snbt(tag, jdk=17) == to_string(tag, "26.3", 17) == "{a:" + JDK17 + "}"
    assert nbt.to_snbt(tag, version="1.20.4", jdk=21, pretty=True) == "{\n    a: " + SHORTEST + "\n}"


@pytest.mark.parametrize("argv, text", [([], SHORTEST), (["--version", "1.20.4"], JDK17),
                                        (["--jdk", "17"], JDK17), (["--version", "1.20.4", "--jdk", "25"], SHORTEST)])
def test_nbt_show_prints_the_releases_java_or_the_named_one(capsys, tmp_path, argv, text):
    path = tmp_path / "a.snbt"
    path.write_text("{a:1.0E23d}")
    status, out, err = run_nbt(capsys, "show", path, *argv)
    assert (status, err) == (0, "") and out.splitlines()[-1] == "{a:" + text + "}"


def test_nbt_convert_to_snbt_takes_jdk(capsys, tmp_path):
    path, written = tmp_path / "a.snbt", tmp_path / "b.snbt"
    path.write_text("{a:1.0E23d}")
    assert run_nbt(capsys, "convert", path, written, "--to", "snbt", "--jdk", "17")[0] == 0
    assert written.read_text() == "{\n    a: " + JDK17 + "\n}\n"


def test_nbt_jdk_must_be_a_whole_number(capsys, tmp_path):
    with pytest.raises(SystemExit) as e:
        run_nbt(capsys, "show", tmp_path / "a.snbt", "--jdk", "x")
    assert e.value.code == 2 and "'x' is not a positive whole number" in capsys.readouterr().err
