import io.netty.buffer.*;
import java.io.IOException;

/** FriendlyByteBuf (1.18 … 1.20.1: the named network root through the instance readNbt()/writeNbt(CompoundTag)). */
public class ug extends ByteBuf {
    private final ByteBuf s;
    public ug(ByteBuf s) { this.s = s; }
    public int readerIndex() { return s.readerIndex(); }
    public int readableBytes() { return s.readableBytes(); }
    public ByteBuf getBytes(int i, byte[] d) { return s.getBytes(i, d); }
    public byte readByte() { return s.readByte(); }
    public ByteBuf writeByte(int v) { s.writeByte(v); return this; }
    public ByteBuf readBytes(byte[] d) { return s.readBytes(d); }
    public ByteBuf writeBytes(byte[] d) { s.writeBytes(d); return this; }
    public ug c(int value) { while ((value & -128) != 0) { writeByte(value & 127 | 128); value >>>= 7; } writeByte(value); return this; }  // writeVarInt
    public tf b() {  // readNbt(): named root, null for a 0 byte
        byte[] first = new byte[1];
        if (s.readableBytes() > 0 && s.getBytes(s.readerIndex(), first) != null && first[0] == 0) { s.readByte(); return null; }
        try { return tq.a(new ByteBufInputStream(s)); } catch (IOException e) { throw new RuntimeException(e); }
    }
    public ug a(tf tag) {  // writeNbt(CompoundTag)
        if (tag == null) { writeByte(0); return this; }
        try { tq.a(tag, new ByteBufOutputStream(s)); } catch (IOException e) { throw new RuntimeException(e); }
        return this;
    }
}
