package net.minecraft.nbt;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

public final class NbtIo {
    private NbtIo() {}

    public static CompoundTag read(DataInput in) throws IOException { return read(in, NbtAccounter.unlimitedHeap()); }
    public static CompoundTag read(DataInput in, NbtAccounter accounter) throws IOException {
        if (in.readByte() != 10) throw new IOException("Root tag must be a named compound tag");
        in.readUTF();
        return (CompoundTag) payload(10, in, accounter);
    }
    public static void write(CompoundTag tag, DataOutput out) throws IOException {
        out.writeByte(10);
        out.writeUTF("");
        tag.write(out);
    }
    public static Tag readAnyTag(DataInput in, NbtAccounter accounter) throws IOException {
        byte type = in.readByte();
        return type == 0 ? EndTag.INSTANCE : payload(type, in, accounter);
    }
    public static void writeAnyTag(Tag tag, DataOutput out) throws IOException {
        out.writeByte(tag.getId());
        if (tag.getId() != 0) tag.write(out);
    }

    private static Tag payload(int type, DataInput in, NbtAccounter accounter) {
        try {
            return readPayload(type, in, accounter);
        } catch (IOException e) {
            throw new ReportedNbtException("Loading NBT data", e);
        }
    }

    private static Tag readPayload(int type, DataInput in, NbtAccounter accounter) throws IOException {
        switch (type) {
            case 1: accounter.accountBytes(9); return new ByteTag(in.readByte());
            case 3: accounter.accountBytes(12); return new IntTag(in.readInt());
            case 8: accounter.accountBytes(36); return new StringTag(in.readUTF());
            case 10: {
                accounter.pushDepth();
                accounter.accountBytes(48);
                CompoundTag tag = new CompoundTag();
                byte t;
                while ((t = in.readByte()) != 0) {
                    String key = in.readUTF();
                    tag.put(key, readPayload(t, in, accounter));
                }
                accounter.popDepth();
                return tag;
            }
            default: throw new IOException("Invalid tag id: " + type);
        }
    }
}
