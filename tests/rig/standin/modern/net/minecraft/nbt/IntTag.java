package net.minecraft.nbt;

import java.io.DataOutput;
import java.io.IOException;

public record IntTag(int value) implements Tag {
    public byte getId() { return 3; }
    public void write(DataOutput out) throws IOException { out.writeInt(value); }
    public String toString() { return Integer.toString(value); }
}
