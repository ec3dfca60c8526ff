/** SimpleBitStorage. */
public class ab implements aa {
    public static class a extends RuntimeException { a(String m) { super(m); } }  // InitializationException

    private final long[] d; private final int bits, size, per; private final long mask;

    public ab(int bits, int size) { this(bits, size, new long[size == 0 ? 0 : (size + 64 / Math.max(bits, 1) - 1) / (64 / Math.max(bits, 1))], true); }
    public ab(int bits, int size, long[] data) { this(bits, size, data, false); }
    private ab(int bits, int size, long[] data, boolean fresh) {
        standin.Validate.inclusiveBetween(1L, 32L, bits);
        this.bits = bits; this.size = size; this.per = 64 / bits; this.mask = (1L << bits) - 1L;
        int expected = (size + per - 1) / per;
        if (data.length != expected) throw new a("Invalid length given for storage, got: " + data.length + " but expected: " + expected);
        this.d = data;
    }
    public int a(int i) { standin.Validate.inclusiveBetween(0L, size - 1, i); return (int) (d[i / per] >> (i % per) * bits & mask); }
    public void a(int i, int v) {
        standin.Validate.inclusiveBetween(0L, size - 1, i); standin.Validate.inclusiveBetween(0L, mask, v);
        int s = (i % per) * bits; d[i / per] = d[i / per] & ~(mask << s) | ((long) v & mask) << s;
    }
    public int b(int i, int v) { int old = a(i); a(i, v); return old; }
    public long[] a() { return d; }
    public int b() { return size; }
    public int c() { return bits; }
    public void a(int[] out) { for (int i = 0; i < size; i++) out[i] = a(i); }
}
