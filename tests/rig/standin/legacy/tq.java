import java.io.*;

/** NbtIo: read/write -> a, readAnyTag/writeAnyTag -> b. */
public final class tq {
    public static tf a(DataInput in) throws IOException {
        if (in.readByte() != 10) throw new IOException("Root tag must be a named compound tag");
        in.readUTF();
        return (tf) p(10, in, tp.a());
    }
    public static void a(tf tag, DataOutput out) throws IOException { out.writeByte(10); out.writeUTF(""); tag.a(out); }
    public static ty b(DataInput in, tp acc) throws IOException { byte t = in.readByte(); return t == 0 ? tk.b : p(t, in, acc); }
    public static void b(ty tag, DataOutput out) throws IOException { out.writeByte(tag.b()); if (tag.b() != 0) tag.a(out); }
    private static ty p(int t, DataInput in, tp acc) { try { return r(t, in, acc); } catch (IOException e) { throw new tu("Loading NBT data", e); } }
    private static ty r(int t, DataInput in, tp acc) throws IOException {
        switch (t) {
            case 1: acc.b(9); return new tc(in.readByte());
            case 3: acc.b(12); return new tj(in.readInt());
            case 8: acc.b(36); return new tw(in.readUTF());
            case 10: { acc.b(48); tf c = new tf(); byte k; while ((k = in.readByte()) != 0) { String key = in.readUTF(); c.m.put(key, r(k, in, acc)); } return c; }
            default: throw new IOException("Invalid tag id: " + t);
        }
    }
}
