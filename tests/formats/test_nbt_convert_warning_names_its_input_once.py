"""``harness nbt convert``'s warning about what the input holds (bytes after its root) names
the input alone, once, as its notes do: never the output, then the input."""

from __future__ import annotations

from harness.cli import main

# a Java file: root "hello world", {name:"Bananrama"} (tests/data/real/java-nbt/hello_world.nbt)
HELLO = bytes.fromhex("0a000b68656c6c6f20776f726c640800046e616d65000942616e616e72616d6100")


def test_trailing_bytes_are_warned_of_under_the_input_and_the_root_name_under_the_output(tmp_path, capsys):
    source, target = tmp_path / "trailing.nbt", tmp_path / "conv.snbt"
    source.write_bytes(HELLO + b"JUNKJUNK")
    assert main(["nbt", "convert", str(source), str(target), "--to", "snbt"]) == 0
    _, err = capsys.readouterr()
    assert err.splitlines() == [
        f"harness nbt: {source}: warning: 8 bytes follow the NBT root, from offset 33: not written, as the game's "
        "NbtIo.read ignores them (the root ends there)",
        f"harness nbt: {target}: warning: the root's name \"hello world\" is dropped (snbt has no root name)"]
    assert target.read_text(encoding="utf-8") == '{\n    name: "Bananrama"\n}\n'


def test_strict_refuses_naming_the_output_not_written_and_the_input_that_holds_them(tmp_path, capsys):
    source, target = tmp_path / "trailing.nbt", tmp_path / "conv.nbt"
    source.write_bytes(HELLO + b"!")
    assert main(["nbt", "convert", str(source), str(target), "--to", "java", "--strict"]) == 2
    _, err = capsys.readouterr()
    assert f"{target}: not written (--strict): {source}: 1 byte follows the NBT root" in err and not target.exists()
