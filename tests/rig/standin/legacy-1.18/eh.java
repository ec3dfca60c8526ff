/** RegionFileVersion (before 1.20.5: gzip, deflate, none). */
public class eh {
    public static final eh a = new eh(1), b = new eh(2), c = new eh(3);
    static final int[] IDS = {1, 2, 3};
    final int id;
    private eh(int id) { this.id = id; }
    public static eh a(int id) { for (eh v : new eh[] {a, b, c}) if (v.id == id) return v; return null; }
}
