/** ByteTag. */
public record tc(byte v) implements ty { public byte b() { return 1; } public void a(java.io.DataOutput o) throws java.io.IOException { o.writeByte(v); } public String toString() { return v + "b"; } }
