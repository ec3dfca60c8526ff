"""The nbt probe follows the JDK the answers were recorded on (the case's optional ``jvm``),
else the Java the case's release needs (``GameVersion.java_version``).

Fact: ``Double.toString(1.0E23)`` (bits 0x44b52d02c7e14af6) is ``9.999999999999999E22`` on
JDK 17 and ``1.0E23`` on JDK 19+ (JDK-4511638; checked against OpenJDK 17 and 25 by
tests/formats/test_java_float_text.py).
"""

from harness.implementations.python import answer_case

# a file-form compound {d: 1.0E23d}
DOC = "0a0000" + "060001" + "64" + "44b52d02c7e14af6" + "00"


def _case(jvm=None, version="26.3"):
    case = {"id": "t", "area": "nbt", "version": version, "setup": {"form": "file", "input": DOC},
            "ops": [["to_string"]]}
    if jvm:
        case["jvm"] = jvm
    return case


def test_default_is_the_java_the_release_needs():
    # GAME_FACTS.md 4.2 and reference/*/PROVENANCE.json: 1.20.4 runs on Java 17, 26.3 on Java 25
    assert answer_case(_case(version="1.20.4")) == ["{d:9.999999999999999E22d}"]
    assert answer_case(_case()) == ["{d:1.0E23d}"]


def test_a_case_recorded_on_jdk_17_gets_jdk_17s_text():
    assert answer_case(_case(17)) == ["{d:9.999999999999999E22d}"]


def test_a_case_recorded_on_jdk_25_gets_the_shortest_text():
    assert answer_case(_case(25)) == ["{d:1.0E23d}"]
