package net.minecraft.nbt;

public class NbtAccounter {
    private final long quota;
    private long usage;
    private int depth;

    private NbtAccounter(long quota) { this.quota = quota; }
    public static NbtAccounter create(long quota) { return new NbtAccounter(quota); }
    public static NbtAccounter defaultQuota() { return new NbtAccounter(2097152L); }
    public static NbtAccounter uncompressedQuota() { return new NbtAccounter(104857600L); }
    public static NbtAccounter unlimitedHeap() { return new NbtAccounter(Long.MAX_VALUE); }

    public void accountBytes(long bytes) {
        if (usage + bytes > quota)
            throw new NbtAccounterException("Tried to read NBT tag that was too big; tried to allocate: " + usage + " + " + bytes + " bytes where max allowed: " + quota);
        usage += bytes;
    }
    public void pushDepth() {
        if (depth >= 512) throw new NbtAccounterException("Tried to read NBT tag with too high complexity, depth > 512");
        depth++;
    }
    public void popDepth() { depth--; }
}
