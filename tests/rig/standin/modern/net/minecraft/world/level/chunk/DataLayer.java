package net.minecraft.world.level.chunk;

public class DataLayer extends standin.Nibbles {
    public DataLayer() {}
    public DataLayer(byte[] data) { super(data); }
    public int get(int x, int y, int z) { return super.get(x, y, z); }
    public void set(int x, int y, int z, int v) { super.set(x, y, z, v); }
    public byte[] getData() { return bytes(); }
    public boolean isEmpty() { return empty(); }
}
