package net.minecraft.nbt;

import java.io.DataOutput;
import java.io.IOException;

public interface Tag {
    byte getId();
    void write(DataOutput out) throws IOException;
}
