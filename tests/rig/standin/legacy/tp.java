/** NbtAccounter: create(long) -> a, unlimitedHeap() -> a. */
public class tp {
    private final long q; private long used;
    private tp(long q) { this.q = q; }
    public static tp a(long quota) { return new tp(quota); }
    public static tp a() { return new tp(Long.MAX_VALUE); }
    public void b(long n) { if (used + n > q) throw new to("Tried to read NBT tag that was too big; tried to allocate: " + used + " + " + n + " bytes where max allowed: " + q); used += n; }
}
