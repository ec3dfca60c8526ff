/** IntTag. */
public record tj(int v) implements ty { public byte b() { return 3; } public void a(java.io.DataOutput o) throws java.io.IOException { o.writeInt(v); } public String toString() { return Integer.toString(v); } }
