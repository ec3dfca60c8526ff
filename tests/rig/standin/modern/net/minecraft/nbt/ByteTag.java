package net.minecraft.nbt;

import java.io.DataOutput;
import java.io.IOException;

public record ByteTag(byte value) implements Tag {
    public byte getId() { return 1; }
    public void write(DataOutput out) throws IOException { out.writeByte(value); }
    public String toString() { return value + "b"; }
}
