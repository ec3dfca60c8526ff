/** RegionStorageInfo. */
public record eg(String a, ak<Object> b, String c) {}
