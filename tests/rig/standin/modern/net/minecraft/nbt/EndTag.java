package net.minecraft.nbt;

import java.io.DataOutput;

public final class EndTag implements Tag {
    public static final EndTag INSTANCE = new EndTag();
    private EndTag() {}
    public byte getId() { return 0; }
    public void write(DataOutput out) {}
    public String toString() { return "END"; }
}
