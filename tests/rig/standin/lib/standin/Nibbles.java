package standin;

/** The stand-in's DataLayer body (a test double): 4096 nibbles, index y << 8 | z << 4 | x. */
public class Nibbles {
    protected byte[] data;

    public Nibbles() {}
    public Nibbles(byte[] data) {
        if (data.length != 2048) throw new IllegalArgumentException("DataLayer should be 2048 bytes not: " + data.length);
        this.data = data;
    }
    public int get(int x, int y, int z) {
        if (data == null) return 0;
        int i = y << 8 | z << 4 | x;
        return data[i >> 1] >> 4 * (i & 1) & 15;
    }
    public void set(int x, int y, int z, int v) {
        int i = y << 8 | z << 4 | x;
        byte[] d = bytes();
        d[i >> 1] = (byte) (d[i >> 1] & ~(15 << 4 * (i & 1)) | (v & 15) << 4 * (i & 1));
    }
    public byte[] bytes() { if (data == null) data = new byte[2048]; return data; }
    public boolean empty() { return data == null; }
}
