/** DataLayer. */
public class ej extends standin.Nibbles {
    public ej() {}
    public ej(byte[] d) { super(d); }
    public int a(int x, int y, int z) { return get(x, y, z); }
    public void a(int x, int y, int z, int v) { set(x, y, z, v); }
    public byte[] a() { return bytes(); }
    public boolean c() { return empty(); }
}
