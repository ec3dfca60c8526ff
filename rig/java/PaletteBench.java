package rig.bench;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

/**
 * The rig's timing harness for the game's PalettedContainer, compiled at run time by rig/bench.py
 * (never committed as a .class). It knows no game class: the game's methods come in as
 * java.lang.reflect objects the rig resolved by Mojang's names, so the same source serves plain
 * and obfuscated jars. Every loop runs inside the JVM, so no JPype call is counted.
 */
public final class PaletteBench {
    private PaletteBench() {}

    /** One timed step. */
    interface Step { Object run() throws Throwable; }

    /** Results land here so that the JIT cannot drop the work. */
    public static volatile Object sink;

    /**
     * Runs {@code step} {@code warmup} times (stopping early after {@code warmupNanos}), then as many
     * times as fit in {@code nanos}; returns {iterations timed, nanoseconds they took, warm-up iterations}.
     */
    static long[] time(Step step, int warmup, long warmupNanos, long nanos) throws Throwable {
        long warmDeadline = System.nanoTime() + warmupNanos;
        int warmed = 0;
        while (warmed < warmup) {
            sink = step.run();
            warmed++;
            if (System.nanoTime() >= warmDeadline) break;
        }
        long n = 0;
        long start = System.nanoTime();
        long deadline = start + nanos;
        long now;
        do {
            sink = step.run();
            n++;
            now = System.nanoTime();
        } while (now < deadline);
        return new long[] {n, now - start, warmed};
    }

    /** {@code container.pack(args)} again and again. */
    public static long[] pack(Method pack, Object container, Object[] args, int warmup, long warmupNanos, long nanos)
            throws Throwable {
        return time(() -> pack.invoke(container, args), warmup, warmupNanos, nanos);
    }

    /**
     * The static {@code unpack(leading..., new PackedData(entries, Optional.of(LongStream.of(data))))}:
     * a fresh PackedData each time, since its LongStream can be read once ({@code data} null: Optional.empty()).
     */
    public static long[] unpack(Method unpack, Object[] leading, Constructor<?> packedData, List<?> entries, long[] data,
                                int warmup, long warmupNanos, long nanos) throws Throwable {
        Object[] args = Arrays.copyOf(leading, leading.length + 1);
        int last = leading.length;
        return time(() -> {
            args[last] = packedData.newInstance(entries, data == null ? Optional.empty() : Optional.of(LongStream.of(data)));
            return unpack.invoke(null, args);
        }, warmup, warmupNanos, nanos);
    }

    /**
     * {@code container.write(buf)}: with {@code clear} (Netty's ByteBuf.clear()) one buffer is
     * emptied and reused; without it a new buffer is made each time ({@code newBuffer}, a static
     * no-argument factory such as Unpooled.buffer(), wrapped by {@code friendly}).
     */
    public static long[] write(Method write, Object container, Method clear, Method newBuffer, Constructor<?> friendly,
                               int warmup, long warmupNanos, long nanos) throws Throwable {
        if (clear != null) {
            Object buf = friendly.newInstance(newBuffer.invoke(null));
            return time(() -> { clear.invoke(buf); write.invoke(container, buf); return buf; }, warmup, warmupNanos, nanos);
        }
        return time(() -> {
            Object buf = friendly.newInstance(newBuffer.invoke(null));
            write.invoke(container, buf);
            return buf;
        }, warmup, warmupNanos, nanos);
    }

    /** Fills a section value by value: index i = (y << b | z) << b | x gets {@code values[ids[i]]}. */
    public static void fill(Method set, Object container, Object[] values, int[] ids, int axisBits) throws Throwable {
        int mask = (1 << axisBits) - 1;
        for (int i = 0; i < ids.length; i++) {
            set.invoke(container, i & mask, i >> (2 * axisBits), (i >> axisBits) & mask, values[ids[i]]);
        }
    }

    /**
     * The game's IdMap over N distinct AtomicIntegers (value i has id i, compared by identity),
     * implemented in Java so that the game's calls to it (write asks getId for each palette entry)
     * cost about what a registry lookup costs, not a call back into Python.
     */
    public static final class Registry implements InvocationHandler {
        public final Object[] values;
        private final Method[] roles; // getId, byId, size, iterator (the interface's, by Mojang name)
        private final Method[] seen = new Method[4];

        public Registry(int size, Method getId, Method byId, Method sizeMethod, Method iterator) {
            values = new Object[size];
            for (int i = 0; i < size; i++) values[i] = new AtomicInteger(i);
            roles = new Method[] {getId, byId, sizeMethod, iterator};
        }

        public Object idMap(Class<?> idMapInterface) {
            return Proxy.newProxyInstance(idMapInterface.getClassLoader(), new Class<?>[] {idMapInterface}, this);
        }

        private int role(Method m) {
            for (int i = 0; i < seen.length; i++) if (seen[i] == m) return i;
            for (int i = 0; i < roles.length; i++) {
                if (roles[i] != null && roles[i].equals(m)) { seen[i] = m; return i; }
            }
            return -1;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] a) throws Throwable {
            switch (role(m)) {
                case 0: {
                    Object v = a[0];
                    if (v instanceof AtomicInteger) {
                        int i = ((AtomicInteger) v).get();
                        if (i >= 0 && i < values.length && values[i] == v) return i;
                    }
                    return -1;
                }
                case 1: {
                    int i = (Integer) a[0];
                    return i >= 0 && i < values.length ? values[i] : null;
                }
                case 2: return values.length;
                case 3: return Arrays.asList(values).iterator();
                default: break;
            }
            if (m.isDefault()) return InvocationHandler.invokeDefault(proxy, m, a);
            switch (m.getName()) {
                case "hashCode": return System.identityHashCode(proxy);
                case "equals": return proxy == a[0];
                case "toString": return "rig registry of " + values.length + " values";
                default: throw new UnsupportedOperationException(m.toString());
            }
        }
    }
}
