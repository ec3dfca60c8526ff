import io.netty.buffer.*;
import java.io.IOException;

/** FriendlyByteBuf (1.20.2 … 1.20.4: the nameless network root through the instance
 *  readNbt(NbtAccounter)/writeNbt(Tag); readNbt() is the compound-only reader). */
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
    public ty a(tp accounter) {  // readNbt(NbtAccounter)
        try { ty t = tq.b(new ByteBufInputStream(s), accounter); return t.b() == 0 ? null : t; } catch (IOException e) { throw new RuntimeException(e); }
    }
    public tf b() {  // readNbt(): compound only
        ty t = a(tp.a(2097152L));
        if (t != null && !(t instanceof tf)) throw new IllegalStateException("Not a compound tag: " + t);
        return (tf) t;
    }
    public ug a(ty tag) {  // writeNbt(Tag)
        try { tq.b(tag == null ? tk.b : tag, new ByteBufOutputStream(s)); } catch (IOException e) { throw new RuntimeException(e); }
        return this;
    }
}
