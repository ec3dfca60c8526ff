/** ZeroBitStorage. */
public class ac implements aa {
    private final int size;
    public ac(int size) { this.size = size; }
    public int a(int i) { standin.Validate.inclusiveBetween(0L, size - 1, i); return 0; }
    public void a(int i, int v) { standin.Validate.inclusiveBetween(0L, size - 1, i); standin.Validate.inclusiveBetween(0L, 0L, v); }
    public int b(int i, int v) { a(i, v); return 0; }
    public long[] a() { return new long[0]; }
    public int b() { return size; }
    public int c() { return 0; }
    public void a(int[] out) { java.util.Arrays.fill(out, 0, size, 0); }
}
