/** IdMap: getId and byId share the obfuscated name a, byIdOrThrow and size share b. */
public interface ib<T> extends Iterable<T> {
    int a(T value);
    T a(int id);
    default T b(int id) { T v = a(id); if (v == null) throw new IllegalArgumentException("No value with id " + id); return v; }
    int b();
}
