"""Probe: binary NBT through ``NbtIo`` (``net.minecraft.nbt``) and ``FriendlyByteBuf``.

Mirrors ``harness/implementations/python/nbt.py``. Setup ``{"form": f, "input": hex}``; the
input is read once in that form, then each operation uses the tag read (or answers the
read's error, every time):

- ``file``: ``NbtIo.read(DataInput)`` / ``NbtIo.write(CompoundTag, DataOutput)``;
- ``any``: ``NbtIo.readAnyTag(DataInput, NbtAccounter.unlimitedHeap())`` / ``writeAnyTag``
  (1.20.2 and later);
- ``network``: the packet path over a Netty buffer, by what the jar's ``FriendlyByteBuf``
  has (:func:`network_calls`), in this order:
  ``static`` (1.20.5+): ``readNbt(ByteBuf, NbtAccounter.create(2097152))`` /
  ``writeNbt(ByteBuf, Tag)``, nameless root;
  ``instance`` (1.20.2 … 1.20.4): ``new FriendlyByteBuf(buf).readNbt(NbtAccounter.create(2097152))``
  / ``writeNbt(Tag)``, nameless root;
  ``named`` (1.18 … 1.20.1): ``readNbt()`` / ``writeNbt(CompoundTag)``, the named root
  (1.20.1 also has a ``readNbt(NbtAccounter)``, named: ``writeNbt(Tag)`` is what tells
  the nameless releases apart). No tag read (``null``) is ``EndTag``.

Operations: ``write_back`` (hex), ``to_string`` (``Tag.toString()``), ``pretty``
(``new SnbtPrinterTagVisitor().visit(tag)``).
"""

from __future__ import annotations

from rig.game import Game, MissingMember, java_str
from rig.probes import UnsupportedOperation, buffer_bytes, java_bytes, netty, run_ops

NBT = "net.minecraft.nbt"
NBT_IO = f"{NBT}.NbtIo"
TAG = f"{NBT}.Tag"
COMPOUND = f"{NBT}.CompoundTag"
ACCOUNTER = f"{NBT}.NbtAccounter"
FRIENDLY = "net.minecraft.network.FriendlyByteBuf"
BYTE_BUF = "io.netty.buffer.ByteBuf"
DATA_IN, DATA_OUT = "java.io.DataInput", "java.io.DataOutput"
CLASSES = (NBT_IO, TAG, COMPOUND, f"{NBT}.EndTag", ACCOUNTER, f"{NBT}.SnbtPrinterTagVisitor", FRIENDLY)  # every version
NETWORK_QUOTA = 2097152  # the 2 MiB packet quota (GAME_FACTS.md section 3.1)


def _java_io():
    from jpype import JClass

    return JClass("java.io.DataInputStream"), JClass("java.io.ByteArrayInputStream"), \
        JClass("java.io.DataOutputStream"), JClass("java.io.ByteArrayOutputStream")


def data_input(data: bytes):
    """A ``DataInputStream`` over ``data``."""
    din, bin_, _, _ = _java_io()
    return din(bin_(java_bytes(data)))


def written(write) -> bytes:
    """The bytes ``write(dataOutput)`` writes."""
    _, _, dout, bout = _java_io()
    sink = bout()
    out = dout(sink)
    write(out)
    out.flush()
    return bytes(sink.toByteArray())


def write_any(game: Game, tag) -> bytes:
    """``tag`` in the ``any`` form (type byte, then the payload unless End): ``NbtIo.writeAnyTag``
    where the jar has it, else the same bytes through ``Tag.getId()`` and ``Tag.write``."""
    if game.has_method(NBT_IO, "writeAnyTag", (TAG, DATA_OUT)):
        return written(lambda out: game.static(NBT_IO, "writeAnyTag", (TAG, DATA_OUT), tag, out))

    def manual(out):
        kind = int(game.call(tag, TAG, "getId"))
        out.writeByte(kind)
        if kind != 0:
            game.call(tag, TAG, "write", (DATA_OUT,), out)
    return written(manual)


def unlimited(game: Game):
    return game.static(ACCOUNTER, "unlimitedHeap")


def network_calls(game: Game) -> str:
    """``"static"``, ``"instance"`` or ``"named"``: how this jar's ``FriendlyByteBuf`` reads and
    writes network NBT (module docstring); :class:`MissingMember` when it has none of them."""
    cached = game.__dict__.get("_network_calls")
    if cached is None:
        if game.has_method(FRIENDLY, "writeNbt", (BYTE_BUF, TAG)) and game.has_method(FRIENDLY, "readNbt", (BYTE_BUF, ACCOUNTER)):
            cached = "static"
        elif game.has_method(FRIENDLY, "writeNbt", (TAG,)) and game.has_method(FRIENDLY, "readNbt", (ACCOUNTER,)):
            cached = "instance"
        elif game.has_method(FRIENDLY, "writeNbt", (COMPOUND,)) and game.has_method(FRIENDLY, "readNbt"):
            cached = "named"
        else:
            raise MissingMember("FriendlyByteBuf has no readNbt/writeNbt pair the rig knows",
                                "FriendlyByteBuf.readNbt(ByteBuf, NbtAccounter)")
        game.__dict__["_network_calls"] = cached
    return cached


class Form:
    """How one form reads a tag from bytes and writes it back."""

    def __init__(self, game: Game, form: str, version):
        self.game, self.form = game, form
        if form not in ("file", "any", "network"):
            raise UnsupportedOperation(f"unknown nbt form {form!r}; forms are file, any, network")
        if form == "any" and not game.has_method(NBT_IO, "readAnyTag", (DATA_IN, ACCOUNTER)):
            raise UnsupportedOperation(f"{version.id} has no 'any' form (NbtIo.readAnyTag(DataInput, NbtAccounter))")

    def read(self, data: bytes):
        g = self.game
        if self.form == "file":
            return g.static(NBT_IO, "read", (DATA_IN,), data_input(data))
        if self.form == "any":
            return g.static(NBT_IO, "readAnyTag", (DATA_IN, ACCOUNTER), data_input(data), unlimited(g))
        source = netty(g, "Unpooled").wrappedBuffer(java_bytes(data))
        calls = network_calls(g)
        if calls == "named":
            return g.call(g.new(FRIENDLY, (BYTE_BUF,), source), FRIENDLY, "readNbt")
        quota = g.static(ACCOUNTER, "create", ("long",), NETWORK_QUOTA)
        if calls == "instance":
            return g.call(g.new(FRIENDLY, (BYTE_BUF,), source), FRIENDLY, "readNbt", (ACCOUNTER,), quota)
        return g.static(FRIENDLY, "readNbt", (BYTE_BUF, ACCOUNTER), source, quota)

    def write(self, tag) -> bytes:
        g = self.game
        if self.form == "file":
            return written(lambda out: g.static(NBT_IO, "write", (COMPOUND, DATA_OUT), tag, out))
        if self.form == "any":
            return written(lambda out: g.static(NBT_IO, "writeAnyTag", (TAG, DATA_OUT), tag, out))
        sink = netty(g, "Unpooled").buffer()
        calls = network_calls(g)
        if calls == "named":
            g.call(g.new(FRIENDLY, (BYTE_BUF,), sink), FRIENDLY, "writeNbt", (COMPOUND,),
                   None if _is_end(g, tag) else tag)
        elif calls == "instance":
            g.call(g.new(FRIENDLY, (BYTE_BUF,), sink), FRIENDLY, "writeNbt", (TAG,), tag)
        else:
            g.static(FRIENDLY, "writeNbt", (BYTE_BUF, TAG), sink, tag)
        return buffer_bytes(sink)


def end_tag(game: Game):
    return game.field(None, f"{NBT}.EndTag", "INSTANCE")


def _is_end(game: Game, tag) -> bool:
    return int(game.call(tag, TAG, "getId")) == 0


def run(game: Game, setup: dict, ops: list, version) -> list:
    """The game's answers to ``ops`` on the tag read from ``setup["input"]`` in ``setup["form"]``."""
    form = Form(game, setup["form"], version)
    state = {}
    try:
        tag = form.read(bytes.fromhex(setup["input"]))
        state["tag"] = end_tag(game) if tag is None else tag
    except Exception as e:  # answered by every operation
        state["error"] = e

    def the_tag():
        if "error" in state:
            raise state["error"]
        return state["tag"]

    def pretty():
        printer = game.new(f"{NBT}.SnbtPrinterTagVisitor")
        return java_str(game.call(printer, f"{NBT}.SnbtPrinterTagVisitor", "visit", (TAG,), the_tag()))

    return run_ops(game, {
        "write_back": lambda: form.write(the_tag()).hex(),
        "to_string": lambda: java_str(the_tag().toString()),
        "pretty": pretty,
    }, ops)
