/** RegionFileVersion (1.21.1: LZ4 and custom). */
public class eh {
    public static final eh a = new eh(1), b = new eh(2), c = new eh(3), d = new eh(4), e = new eh(127);
    static final int[] IDS = {1, 2, 3, 4, 127};
    final int id;
    private eh(int id) { this.id = id; }
    public static eh a(int id) { for (eh v : new eh[] {a, b, c, d, e}) if (v.id == id) return v; return null; }
}
