import io.netty.buffer.*;
import java.io.IOException;

/** FriendlyByteBuf (1.21.1: nameless network NBT through static readNbt/writeNbt). */
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
    public static ty a(ByteBuf buf, tp accounter) {  // readNbt
        try { ty t = tq.b(new ByteBufInputStream(buf), accounter); return t.b() == 0 ? null : t; } catch (IOException e) { throw new RuntimeException(e); }
    }
    public static void a(ByteBuf buf, ty tag) {  // writeNbt
        try { tq.b(tag == null ? tk.b : tag, new ByteBufOutputStream(buf)); } catch (IOException e) { throw new RuntimeException(e); }
    }
}
