package net.minecraft.nbt;

import java.io.DataOutput;
import java.io.IOException;

public record StringTag(String value) implements Tag {
    public byte getId() { return 8; }
    public void write(DataOutput out) throws IOException { out.writeUTF(value); }
    public String toString() { return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\""; }
}
