package net.minecraft.world.level.chunk.storage;

public class RegionFileVersion {
    public static final RegionFileVersion VERSION_GZIP = new RegionFileVersion(1), VERSION_DEFLATE = new RegionFileVersion(2),
        VERSION_NONE = new RegionFileVersion(3), VERSION_LZ4 = new RegionFileVersion(4), VERSION_CUSTOM = new RegionFileVersion(127);
    static final int[] IDS = {1, 2, 3, 4, 127};
    private final int id;
    private RegionFileVersion(int id) { this.id = id; }
    public int getId() { return id; }
    public static RegionFileVersion fromId(int id) {
        for (RegionFileVersion v : new RegionFileVersion[] {VERSION_GZIP, VERSION_DEFLATE, VERSION_NONE, VERSION_LZ4, VERSION_CUSTOM})
            if (v.id == id) return v;
        return null;
    }
}
