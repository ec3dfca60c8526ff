"""Probe: ``PalettedContainer`` (``net.minecraft.world.level.chunk``) over a registry of N values.

Mirrors ``harness/implementations/python/palette.py``. Setup ``{"strategy": "block_states" |
"biomes", "registry": N, "value": v}``. The registry is the rig's own ``IdMap``: N distinct
Java objects with ids 0..N-1 (compared by identity, as the game's block states are),
implemented as a proxy of the game's ``IdMap`` interface.

Two shapes of the game's API (GAME_API.md), told apart by what the jar has:

- 26.x: top-level ``Strategy`` holding the registry (``Strategy.createForBlockStates(IdMap)``),
  ``new PalettedContainer(value, strategy)``, ``pack(strategy)``,
  static ``unpack(strategy, PackedData)``, ``bitsPerEntry()``;
- 1.19 … 1.21.x: nested ``PalettedContainer$Strategy`` (``SECTION_STATES``,
  ``SECTION_BIOMES``) with the registry passed separately, ``new PalettedContainer(idMap,
  value, strategy)``, ``pack(idMap, strategy)``, the private static ``unpack(idMap, strategy,
  PackedData)`` (called reflectively), bits from the container's ``data.storage()``;
- 1.18 … 1.18.2: the same nested ``Strategy`` and constructor, but no
  ``PalettedContainerRO$PackedData``: the container saves and loads only through its codec,
  ``PalettedContainer.codec(idMap, elementCodec, strategy[, defaultValue])`` (three
  arguments in 1.18 and 1.18.1, four in 1.18.2), a ``Codec<PalettedContainer<T>>`` of
  ``{palette: [...], data: [L; ...]}``. ``pack`` encodes with it to the game's own
  ``NbtOps.INSTANCE`` (as the chunk serializer does) and ``unpack`` decodes the same shape
  built with it; the rig reads and builds that shape through DataFixerUpper's
  ``DynamicOps`` methods only. The element codec is DataFixerUpper's ``Codec.INT`` mapped
  to the rig's registry values (``xmap``), and the default value of the four-argument form
  (what an unknown palette entry becomes) is the registry's value 0. 1.18 has no ``copy()``
  nor ``recreate()``: those answer ``absent``.

Which shape is used is decided by what the jar has (the top-level ``Strategy``, then
``PackedData``), never by the version's name.
"""

from __future__ import annotations

from rig.game import Game
from rig.probes import DataResultError, buffer_bytes, ints, netty, run_ops

PKG = "net.minecraft.world.level.chunk"
CONTAINER = f"{PKG}.PalettedContainer"
STRATEGY = f"{PKG}.Strategy"
NESTED_STRATEGY = f"{CONTAINER}$Strategy"
PACKED = f"{PKG}.PalettedContainerRO$PackedData"
COUNT_CONSUMER = f"{CONTAINER}$CountConsumer"
ID_MAP = "net.minecraft.core.IdMap"
FRIENDLY = "net.minecraft.network.FriendlyByteBuf"
OBJ = "java.lang.Object"
XYZ = ("int", "int", "int")
CODEC = "com.mojang.serialization.Codec"
NBT_OPS = "net.minecraft.nbt.NbtOps"
CLASSES = (CONTAINER, COUNT_CONSUMER, ID_MAP, FRIENDLY)  # needed in every version (Strategy moved; PackedData is 1.19+)
AXIS_BITS = {"block_states": 4, "biomes": 2}


class Registry:
    """The rig's ``IdMap``: N distinct objects, ids 0..N-1 (``values[i]`` has id i).

    Each value is a ``java.util.concurrent.atomic.AtomicInteger`` holding its id: a plain
    object for the game (``equals``/``hashCode`` are identity), whose id the rig reads back
    without a lookup table.
    """

    def __init__(self, game: Game, size: int):
        from jpype import JArray, JClass

        self.size = size
        counter = JClass("java.util.concurrent.atomic.AtomicInteger")
        self.values = JArray(counter)([counter(i) for i in range(size)])
        arrays = JClass("java.util.Arrays")
        illegal = JClass("java.lang.IllegalArgumentException")

        def get_id(value):
            i = self.id(value)
            return i if i is not None and 0 <= i < size and self.values[i].equals(value) else -1

        def by_id(i):
            return self.values[i] if 0 <= i < size else None

        def by_id_or_throw(i):
            if 0 <= i < size:
                return self.values[i]
            raise illegal(f"No value with id {i}")

        def get_id_or_throw(value):
            i = get_id(value)
            if i == -1:
                raise illegal(f"Can't find id for '{value}' in map {self.id_map}")
            return i

        self.id_map = game.proxy(ID_MAP, {
            ("getId", (OBJ,)): get_id, ("byId", ("int",)): by_id,
            ("byIdOrThrow", ("int",)): by_id_or_throw, ("getIdOrThrow", (OBJ,)): get_id_or_throw,
            ("size", ()): lambda: size,
            ("iterator", ()): lambda: arrays.asList(self.values).iterator(),
        })
        self._counter = counter

    def value(self, i: int):
        if not 0 <= i < self.size:
            raise ValueError(f"value {i} is not an id of the registry of {self.size}")
        return self.values[i]

    def id(self, value):
        """The id of one of our values (None for null or a foreign object)."""
        if value is None or not isinstance(value, self._counter):
            return None
        return int(value.get())


def registry(game: Game, size: int) -> Registry:
    """The registry of ``size`` values, made once per JVM."""
    cache = game.__dict__.setdefault("_registries", {})
    if size not in cache:
        cache[size] = Registry(game, size)
    return cache[size]


def _packed_answer(game: Game, reg: Registry, packed) -> dict:
    """A ``PalettedContainerRO$PackedData`` as the protocol's ``{"palette": [ids], "data": [longs] | null}``."""
    entries = game.call(packed, PACKED, "paletteEntries")
    storage = game.call(packed, PACKED, "storage")
    data = ints(storage.get().toArray()) if storage.isPresent() else None
    return {"palette": [reg.id(v) for v in entries], "data": data}


def _packed_data(game: Game, reg: Registry, palette, data):
    """A ``PalettedContainerRO$PackedData`` of palette ids and longs (or None: no data)."""
    from jpype import JArray, JClass, JLong

    entries = JClass("java.util.Arrays").asList(JArray(JClass(OBJ))([reg.value(i) for i in palette]))
    optional = JClass("java.util.Optional")
    stream = (optional.empty() if data is None else
              optional.of(JClass("java.util.stream.LongStream").of(JArray(JLong)([int(x) for x in data]))))
    return game.new(PACKED, ("java.util.List", "java.util.Optional"), entries, stream)


def _container_of(result):
    """The container of a ``DataResult``, or :class:`DataResultError` with its message."""
    value = result.result()
    if not value.isPresent():
        raise DataResultError(str(result.error().get().message()))
    return value.get()


class _PackedApi:
    """What 1.19+ share: ``pack``/``unpack`` through ``PalettedContainerRO$PackedData``.

    ``pack(container)`` (a ``PackedData``) and ``unpack(packed)`` (a ``DataResult``) are the
    game's own calls (the bench times them); ``pack_answer`` and ``unpack_ids`` are the
    protocol's operations on top of them."""

    def pack_answer(self, container) -> dict:
        return _packed_answer(self.game, self.reg, self.pack(container))

    def unpack_ids(self, palette, data):
        return _container_of(self.unpack(_packed_data(self.game, self.reg, palette, data)))


class ModernApi(_PackedApi):
    """26.x: the registry lives in the top-level ``Strategy``."""

    def __init__(self, game: Game, reg: Registry, kind: str):
        self.game, self.reg = game, reg
        factory = "createForBlockStates" if kind == "block_states" else "createForBiomes"
        self.strategy = game.static(STRATEGY, factory, (ID_MAP,), reg.id_map)

    def new(self, value):
        return self.game.new(CONTAINER, (OBJ, STRATEGY), value, self.strategy)

    def pack(self, container):
        return self.game.call(container, CONTAINER, "pack", (STRATEGY,), self.strategy)

    def unpack(self, packed):
        return self.game.static(CONTAINER, "unpack", (STRATEGY, PACKED), self.strategy, packed)

    def bits(self, container):
        return self.game.call(container, CONTAINER, "bitsPerEntry")


class LegacyApi(_PackedApi):
    """1.19 … 1.21.x: nested ``PalettedContainer$Strategy``, registry passed separately."""

    def __init__(self, game: Game, reg: Registry, kind: str):
        self.game, self.reg = game, reg
        self.id_map = reg.id_map
        name = "SECTION_STATES" if kind == "block_states" else "SECTION_BIOMES"
        self.strategy = game.field(None, NESTED_STRATEGY, name)

    def new(self, value):
        return self.game.new(CONTAINER, (ID_MAP, OBJ, NESTED_STRATEGY), self.id_map, value, self.strategy)

    def pack(self, container):
        return self.game.call(container, CONTAINER, "pack", (ID_MAP, NESTED_STRATEGY), self.id_map, self.strategy)

    def unpack(self, packed):
        return self.game.static(CONTAINER, "unpack", (ID_MAP, NESTED_STRATEGY, PACKED),
                                self.id_map, self.strategy, packed)

    def bits(self, container):
        data = self.game.field(container, CONTAINER, "data")
        storage = self.game.call(data, f"{CONTAINER}$Data", "storage")
        return self.game.call(storage, "net.minecraft.util.BitStorage", "getBits")


class CodecApi(LegacyApi):
    """1.18 … 1.18.2: no ``PackedData``; ``pack``/``unpack`` through ``PalettedContainer.codec``
    and the game's ``NbtOps``, the encoded shape read and built by ``DynamicOps`` methods."""

    CODEC_4 = (ID_MAP, CODEC, NESTED_STRATEGY, OBJ)  # 1.18.2: an unknown entry becomes the default
    CODEC_3 = (ID_MAP, CODEC, NESTED_STRATEGY)  # 1.18, 1.18.1

    def __init__(self, game: Game, reg: Registry, kind: str):
        super().__init__(game, reg, kind)
        self._codec = None

    def codec(self):
        """The container's codec (made once per case), or :class:`MissingMember` naming
        the three-argument form when the jar has neither."""
        if self._codec is None:
            g, element = self.game, self.element_codec()
            if g.has_method(CONTAINER, "codec", self.CODEC_4):
                self._codec = g.static(CONTAINER, "codec", self.CODEC_4, self.id_map, element, self.strategy,
                                       self.reg.value(0))
            else:
                self._codec = g.static(CONTAINER, "codec", self.CODEC_3, self.id_map, element, self.strategy)
        return self._codec

    def element_codec(self):
        """DataFixerUpper's ``Codec.INT`` mapped to the registry's values and back."""
        from jpype import JClass, JInt, JProxy

        cache = self.game.__dict__.setdefault("_element_codecs", {})
        if self.reg.size not in cache:
            function = JClass("java.util.function.Function")
            reg = self.reg
            to_value = JProxy(function, dict={"apply": lambda i: reg.value(int(i))})
            to_id = JProxy(function, dict={"apply": lambda v: JClass("java.lang.Integer").valueOf(JInt(reg.id(v)))})
            cache[self.reg.size] = self.game.jclass(CODEC).INT.xmap(to_value, to_id)
        return cache[self.reg.size]

    def ops(self):
        return self.game.field(None, NBT_OPS, "INSTANCE")

    def pack_answer(self, container) -> dict:
        ops = self.ops()
        encoded = _container_of(self.codec().encodeStart(ops, container))
        palette = [int(_container_of(ops.getNumberValue(e)))
                   for e in _container_of(ops.getStream(_container_of(ops.get(encoded, "palette")))).toArray()]
        data = ops.get(encoded, "data").result()
        longs = ints(_container_of(ops.getLongStream(data.get())).toArray()) if data.isPresent() else None
        return {"palette": palette, "data": longs}

    def unpack_ids(self, palette, data):
        from jpype import JArray, JClass, JLong

        ops = self.ops()
        for i in palette:
            self.reg.value(i)  # an id outside the registry is the case's mistake, as in later releases
        fields = JClass("java.util.LinkedHashMap")()
        entries = JClass("java.util.Arrays").asList(JArray(JClass(OBJ))([ops.createInt(int(i)) for i in palette]))
        fields.put(ops.createString("palette"), ops.createList(entries.stream()))
        if data is not None:
            longs = JClass("java.util.stream.LongStream").of(JArray(JLong)([int(x) for x in data]))
            fields.put(ops.createString("data"), ops.createLongList(longs))
        return _container_of(self.codec().parse(ops, ops.createMap(fields)))


def api_for(game: Game, reg: Registry, kind: str):
    """The shape of the jar's container API, by what the jar has (module docstring)."""
    if game.has_class(STRATEGY):
        return ModernApi(game, reg, kind)
    if game.has_class(PACKED):
        return LegacyApi(game, reg, kind)
    return CodecApi(game, reg, kind)


def run(game: Game, setup: dict, ops: list, version) -> list:
    """The game's answers to ``ops`` on a container made as ``setup`` says."""
    kind = setup["strategy"]
    if kind not in AXIS_BITS:
        raise ValueError(f"strategy {kind!r}: block_states or biomes")
    reg = registry(game, int(setup["registry"]))
    api = api_for(game, reg, kind)
    axis = AXIS_BITS[kind]
    mask = (1 << axis) - 1
    state = {"c": api.new(reg.value(int(setup["value"])))}

    def xyz(i):
        return i & mask, i >> (2 * axis), (i >> axis) & mask

    def set_(x, y, z, v):
        game.call(state["c"], CONTAINER, "set", XYZ + (OBJ,), x, y, z, reg.value(v))

    def get(x, y, z):
        return reg.id(game.call(state["c"], CONTAINER, "get", XYZ, x, y, z))

    def get_and_set(x, y, z, v):
        return reg.id(game.call(state["c"], CONTAINER, "getAndSet", XYZ + (OBJ,), x, y, z, reg.value(v)))

    def counts():
        seen = []
        consumer = game.proxy(COUNT_CONSUMER, {("accept", (OBJ, "int")): lambda v, n: seen.append([reg.id(v), int(n)])})
        game.call(state["c"], CONTAINER, "count", (COUNT_CONSUMER,), consumer)
        return seen

    def write():
        out = netty(game, "Unpooled").buffer()
        game.call(state["c"], CONTAINER, "write", (FRIENDLY,), game.new(FRIENDLY, ("io.netty.buffer.ByteBuf",), out))
        return buffer_bytes(out).hex()

    def pack():
        return api.pack_answer(state["c"])

    def unpack(palette, data):
        state["c"] = api.unpack_ids(palette, data)

    def replace(method):
        def op():
            state["c"] = game.call(state["c"], CONTAINER, method)
        return op

    def at(fn):
        return lambda i, *rest: fn(*xyz(i), *rest)

    return run_ops(game, {
        "set": set_, "get": get, "get_and_set": get_and_set,
        "set_at": at(set_), "get_at": at(get), "get_and_set_at": at(get_and_set),
        "bits": lambda: int(api.bits(state["c"])), "counts": counts, "write": write,
        "pack": pack, "unpack": unpack, "copy": replace("copy"), "recreate": replace("recreate"),
    }, ops)
