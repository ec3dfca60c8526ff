package net.minecraft.world.level.chunk;

import net.minecraft.core.IdMap;

public abstract class Strategy<T> {
    private final IdMap<T> globalMap;
    private final int axisBits;

    private Strategy(IdMap<T> globalMap, int axisBits) { this.globalMap = globalMap; this.axisBits = axisBits; }

    public static <T> Strategy<T> createForBlockStates(IdMap<T> map) { return new Strategy<T>(map, 4) {}; }
    public static <T> Strategy<T> createForBiomes(IdMap<T> map) { return new Strategy<T>(map, 2) {}; }

    public int entryCount() { return 1 << (3 * axisBits); }
    public int getIndex(int x, int y, int z) { return ((y << axisBits) | z) << axisBits | x; }
    public IdMap<T> globalMap() { return globalMap; }
}
