package net.minecraft.nbt;

import java.util.StringJoiner;
import java.util.TreeMap;

public class SnbtPrinterTagVisitor {
    public SnbtPrinterTagVisitor() {}

    public String visit(Tag tag) { return print(tag, ""); }

    private String print(Tag tag, String indent) {
        if (tag instanceof EndTag) return "";
        if (!(tag instanceof CompoundTag compound) || compound.tags.isEmpty()) return tag.toString();
        StringJoiner j = new StringJoiner(",\n", "{\n", "\n" + indent + "}");
        new TreeMap<>(compound.tags).forEach((k, v) -> j.add(indent + "    " + k + ": " + print(v, indent + "    ")));
        return j.toString();
    }
}
