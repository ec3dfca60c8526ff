package net.minecraft.network;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import net.minecraft.nbt.EndTag;
import net.minecraft.nbt.NbtAccounter;
import net.minecraft.nbt.NbtIo;
import net.minecraft.nbt.Tag;

public class FriendlyByteBuf extends ByteBuf {
    private final ByteBuf source;

    public FriendlyByteBuf(ByteBuf source) { this.source = source; }

    public int readerIndex() { return source.readerIndex(); }
    public int readableBytes() { return source.readableBytes(); }
    public ByteBuf getBytes(int index, byte[] dst) { return source.getBytes(index, dst); }
    public byte readByte() { return source.readByte(); }
    public ByteBuf writeByte(int value) { source.writeByte(value); return this; }
    public ByteBuf readBytes(byte[] dst) { return source.readBytes(dst); }
    public ByteBuf writeBytes(byte[] src) { source.writeBytes(src); return this; }

    public FriendlyByteBuf writeVarInt(int value) {
        while ((value & -128) != 0) { writeByte(value & 127 | 128); value >>>= 7; }
        writeByte(value);
        return this;
    }
    public FriendlyByteBuf writeLong(long value) {
        for (int shift = 56; shift >= 0; shift -= 8) writeByte((int) (value >>> shift));
        return this;
    }

    public static void writeNbt(ByteBuf buf, Tag tag) {
        try { NbtIo.writeAnyTag(tag == null ? EndTag.INSTANCE : tag, new ByteBufOutputStream(buf)); }
        catch (IOException e) { throw new RuntimeException(e); }
    }
    public static Tag readNbt(ByteBuf buf, NbtAccounter accounter) {
        try {
            Tag tag = NbtIo.readAnyTag(new ByteBufInputStream(buf), accounter);
            return tag.getId() == 0 ? null : tag;
        } catch (IOException e) { throw new RuntimeException(e); }
    }
}
