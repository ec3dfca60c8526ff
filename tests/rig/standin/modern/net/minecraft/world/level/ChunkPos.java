package net.minecraft.world.level;

public class ChunkPos {
    public final int x, z;
    public ChunkPos(int x, int z) { this.x = x; this.z = z; }
    public String toString() { return "[" + x + ", " + z + "]"; }
}
