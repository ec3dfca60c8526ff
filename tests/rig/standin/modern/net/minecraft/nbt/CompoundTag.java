package net.minecraft.nbt;

import java.io.DataOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

public final class CompoundTag implements Tag {
    final Map<String, Tag> tags = new LinkedHashMap<>();

    public void put(String key, Tag tag) { tags.put(key, tag); }
    public byte getId() { return 10; }
    public void write(DataOutput out) throws IOException {
        for (Map.Entry<String, Tag> e : tags.entrySet()) {
            out.writeByte(e.getValue().getId());
            out.writeUTF(e.getKey());
            e.getValue().write(out);
        }
        out.writeByte(0);
    }
    public String toString() {
        StringJoiner j = new StringJoiner(",", "{", "}");
        new TreeMap<>(tags).forEach((k, v) -> j.add(k + ":" + v));
        return j.toString();
    }
}
