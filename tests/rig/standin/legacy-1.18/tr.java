import com.mojang.serialization.DataResult;
import com.mojang.serialization.DynamicOps;
import java.util.*;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** NbtOps (INSTANCE -> a): a test double over plain Java values (Integer, String, List, long[],
 *  Map), reached by the rig only through DynamicOps' methods, as the game's NbtOps is. */
public final class tr implements DynamicOps<Object> {
    public static final tr a = new tr();
    private tr() {}
    public Object createInt(int value) { return value; }
    public Object createString(String value) { return value; }
    public Object createList(Stream<Object> input) { return new ArrayList<>(input.toList()); }
    public Object createLongList(LongStream input) { return input.toArray(); }
    public Object createMap(Map<Object, Object> map) { return new LinkedHashMap<>(map); }
    public DataResult<Object> get(Object input, String key) {
        if (input instanceof Map<?, ?> m && m.containsKey(key)) return DataResult.success(m.get(key));
        return DataResult.error(() -> "No key " + key + " in " + input);
    }
    public DataResult<Stream<Object>> getStream(Object input) {
        if (input instanceof List<?> l) return DataResult.success(l.stream().map(o -> (Object) o));
        return DataResult.error(() -> "Not a list: " + input);
    }
    public DataResult<Number> getNumberValue(Object input) {
        if (input instanceof Number n) return DataResult.success(n);
        return DataResult.error(() -> "Not a number: " + input);
    }
    public DataResult<LongStream> getLongStream(Object input) {
        if (input instanceof long[] l) return DataResult.success(LongStream.of(l));
        return DataResult.error(() -> "Not a long array: " + input);
    }
}
