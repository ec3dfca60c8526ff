/** StringTag. */
public record tw(String v) implements ty { public byte b() { return 8; } public void a(java.io.DataOutput o) throws java.io.IOException { o.writeUTF(v); } public String toString() { return "\"" + v + "\""; } }
