"""--longs-as-strings: a hello line first, then every long of cases and answers as a decimal string."""

from __future__ import annotations

import json
import sys
import textwrap

from conftest import reference_case
from helpers_adapter import REPO, check, forked_command

from harness.engine.longtext import answers_from_strings, case_to_strings
from harness.implementations.process import ProcessImplementation

# serves our implementation and keeps every line it was sent in a file (forked from the adapters' server)
LOGGING = textwrap.dedent('''
    import sys
    sys.path.insert(0, {repo!r})
    from harness.implementations.process import serve
    from harness.implementations.python import answer_case
    log = open({log!r}, "a", encoding="utf-8")
    def lines():
        for line in sys.stdin:
            log.write(line); log.flush()
            yield line
    serve(answer_case, lines(), sys.stdout)
''')


def _logging_command(tmp_path):
    log = tmp_path / "sent.jsonl"
    script = tmp_path / "logging.py"
    script.write_text(LOGGING.format(repo=str(REPO), log=str(log)), encoding="utf-8")
    return forked_command(script), log


def test_longs_travel_as_strings_after_a_hello_line(tmp_path, capsys):
    cmd, log = _logging_command(tmp_path)
    # the p cases of storage and palette (236 of 722): every storage operation, longs past 2**53
    # in 62 of them, palette's pack and unpack (tests/test_examples.py runs every storage case so)
    status, out, _ = check(["--impl", cmd, "--longs-as-strings", "--version", "26.3", "--area", "storage",
                            "--area", "palette", "--case", "*/p/*", "--json", str(tmp_path / "r.json")], capsys)
    sent = [json.loads(line) for line in log.read_text().splitlines()]
    doc = json.loads((tmp_path / "r.json").read_text())
    assert status == 0 and doc["summary"]["failed"] == 0 and doc["protocol"] == {"longs_as_strings": True}
    assert sent[0] == {"hello": "mc-format-harness", "protocol": 1, "longs_as_strings": True}
    rec = reference_case("26.3", "storage/p/from-longs-1-size-100")
    assert rec["ops"][0][0] == "from_longs" and any(abs(x) > 1 << 53 for x in rec["ops"][0][1])
    got = next(c for c in sent[1:] if c.get("id") == rec["id"])
    assert got["ops"][0] == ["from_longs", [str(x) for x in rec["ops"][0][1]]]
    assert got["ops"][1:] == rec["ops"][1:]


def test_without_the_option_no_hello_line_is_sent(tmp_path, capsys):
    cmd, log = _logging_command(tmp_path)
    status, _, _ = check(["--impl", cmd, "--version", "26.3", "--case", "storage/p/width-5-size-256"], capsys)
    sent = [json.loads(line) for line in log.read_text().splitlines()]
    assert status == 0 and [c["id"] for c in sent] == ["storage/p/width-5-size-256"]


def test_the_longs_of_a_pack_answer_and_an_unpack_case():
    rec = reference_case("26.3", "storage/p/width-5-size-256")
    i = next(k for k, op in enumerate(rec["ops"]) if op[0] == "longs")
    as_text = [None] * len(rec["ops"])
    as_text[i] = [str(x) for x in rec["answers"][i]]
    assert answers_from_strings(rec["ops"], as_text)[i] == rec["answers"][i]
    case = {"id": "x", "area": "palette", "setup": {"strategy": "biomes", "registry": 67, "value": 0},
            "ops": [["unpack", [0, 1], [-9223372036854775808]], ["unpack", [0], None], ["pack"], ["get_at", 3]]}
    assert case_to_strings(case)["ops"] == [["unpack", [0, 1], ["-9223372036854775808"]], ["unpack", [0], None],
                                            ["pack"], ["get_at", 3]]
    got = answers_from_strings(case["ops"], [None, None, {"palette": [0, 1], "data": ["-1", "007"]}, 5])
    assert got[2] == {"palette": [0, 1], "data": [-1, "007"]} and got[3] == 5  # "007" is no decimal long: it differs


def test_a_program_that_answers_the_hello_line_is_tolerated(tmp_path):
    script = tmp_path / "answers_hello.py"
    script.write_text(textwrap.dedent('''
        import json, sys
        for line in sys.stdin:
            doc = json.loads(line)
            print(json.dumps({"id": doc.get("id"), "answers": [None] * len(doc.get("ops", []))}), flush=True)
    '''))
    impl = ProcessImplementation([sys.executable, str(script)], timeout=10, longs_as_strings=True)
    try:
        assert impl.answer({"id": "s", "area": "storage", "version": "26.3", "setup": {"bits": 1, "size": 1},
                            "ops": [["new"]]}) == [None]
    finally:
        impl.close()
