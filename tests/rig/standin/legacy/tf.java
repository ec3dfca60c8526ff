import java.util.*;

/** CompoundTag. */
public final class tf implements ty {
    final Map<String, ty> m = new LinkedHashMap<>();
    public byte b() { return 10; }
    public void a(java.io.DataOutput o) throws java.io.IOException {
        for (Map.Entry<String, ty> e : m.entrySet()) { o.writeByte(e.getValue().b()); o.writeUTF(e.getKey()); e.getValue().a(o); }
        o.writeByte(0);
    }
    public String toString() { StringJoiner j = new StringJoiner(",", "{", "}"); new TreeMap<>(m).forEach((k, v) -> j.add(k + ":" + v)); return j.toString(); }
}
