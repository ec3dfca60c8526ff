import com.mojang.serialization.Codec;
import com.mojang.serialization.DataResult;
import com.mojang.serialization.DynamicOps;
import java.util.*;
import java.util.stream.LongStream;

/** PalettedContainer as 1.18 has it: no PalettedContainerRO, no pack/unpack/copy/recreate;
 *  saved and loaded only through codec(IdMap, Codec, Strategy) -> a (a test double). */
public class ed<T> {
    public static abstract class d {  // Strategy
        public static final d a = new d(4) {};  // SECTION_STATES
        public static final d b = new d(2) {};  // SECTION_BIOMES
        final int axis;
        d(int axis) { this.axis = axis; }
        public int a() { return 1 << 3 * axis; }                                   // size
        public int a(int x, int y, int z) { return ((y << axis) | z) << axis | x; }  // getIndex
    }
    public record a(aa b) {}                                  // Data(storage)
    public interface b<T> { void a(T value, int count); }     // CountConsumer

    private final ib<T> registry; private final d strategy; private final Object[] v; private a c;  // c: data

    public ed(ib<T> registry, T value, d strategy) { this(registry, strategy, filled(strategy.a(), value)); }
    private ed(ib<T> registry, d strategy, Object[] v) { this.registry = registry; this.strategy = strategy; this.v = v; this.c = new a(storage()); }
    private static Object[] filled(int n, Object value) { Object[] o = new Object[n]; Arrays.fill(o, value); return o; }

    @SuppressWarnings("unchecked") private List<T> palette() { List<T> p = new ArrayList<>(); for (Object o : v) if (!p.contains(o)) p.add((T) o); return p; }
    private static int log2(int n) { return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1); }
    private aa storage() {
        List<T> p = palette(); int bits = log2(p.size());
        if (bits == 0) return new ac(v.length);
        ab s = new ab(bits, v.length);
        for (int i = 0; i < v.length; i++) s.a(i, p.indexOf(v[i]));
        return s;
    }

    @SuppressWarnings("unchecked") public T a(int x, int y, int z, T value) { int i = strategy.a(x, y, z); T old = (T) v[i]; v[i] = value; c = new a(storage()); return old; }  // getAndSet
    public void b(int x, int y, int z, T value) { a(x, y, z, value); }                                                                                                  // set
    @SuppressWarnings("unchecked") public T a(int x, int y, int z) { T t = (T) v[strategy.a(x, y, z)]; if (t == null) throw new IllegalStateException("Missing Palette entry for id 0."); return t; }  // get

    public void a(ug buf) {  // write: bits, palette, VarInt length, longs
        List<T> p = palette(); aa s = c.b();
        buf.writeByte(s.c()); buf.c(p.size());
        for (T t : p) buf.c(registry.a(t));
        long[] raw = s.a(); buf.c(raw.length);
        for (long l : raw) for (int k = 56; k >= 0; k -= 8) buf.writeByte((int) (l >>> k));
    }
    public void a(b<T> consumer) {  // count
        for (T t : palette()) { int n = 0; for (Object o : v) if (o == t) n++; consumer.a(t, n); }
    }

    public static <T> Codec<ed<T>> a(ib<T> registry, Codec<T> element, d strategy) {  // codec
        return new Codec<ed<T>>() {
            public <O> DataResult<O> encodeStart(DynamicOps<O> ops, ed<T> container) {
                List<O> entries = new ArrayList<>();
                for (T t : container.palette()) entries.add(element.encodeStart(ops, t).result().get());
                Map<O, O> fields = new LinkedHashMap<>();
                fields.put(ops.createString("palette"), ops.createList(entries.stream()));
                if (entries.size() > 1) fields.put(ops.createString("data"), ops.createLongList(LongStream.of(container.c.b().a())));
                return DataResult.success(ops.createMap(fields));
            }
            public <O> DataResult<ed<T>> parse(DynamicOps<O> ops, O input) {
                DataResult<O> list = ops.get(input, "palette");
                if (list.result().isEmpty()) return DataResult.error(() -> list.error().get().message());
                List<T> p = new ArrayList<>();
                for (Object e : ops.getStream(list.result().get()).result().get().toArray()) {
                    @SuppressWarnings("unchecked") DataResult<T> t = element.parse(ops, (O) e);
                    p.add(t.result().get());
                }
                Optional<LongStream> data = ops.get(input, "data").result().map(o -> ops.getLongStream(o).result().get());
                return read(registry, strategy, p, data);
            }
        };
    }

    private static <T> DataResult<ed<T>> read(ib<T> registry, d strategy, List<T> p, Optional<LongStream> data) {
        Object[] v = new Object[strategy.a()];
        if (p.size() <= 1) { Arrays.fill(v, p.isEmpty() ? null : p.get(0)); return DataResult.success(new ed<>(registry, strategy, v)); }
        if (data.isEmpty()) return DataResult.error(() -> "Missing values for non-zero storage");
        ab s = new ab(log2(p.size()), v.length, data.get().toArray());  // 1.18: a wrong length is thrown, not returned
        for (int i = 0; i < v.length; i++) { int id = s.a(i); if (id >= p.size()) throw new ef(id); v[i] = p.get(id); }
        return DataResult.success(new ed<>(registry, strategy, v));
    }
}
