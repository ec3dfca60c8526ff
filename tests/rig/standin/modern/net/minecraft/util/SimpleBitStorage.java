package net.minecraft.util;

import java.util.function.IntConsumer;
import standin.Validate;

/** Stand-in: values packed low bits first, never straddling two longs. */
public class SimpleBitStorage implements BitStorage {
    private final long[] data;
    private final int bits;
    private final long mask;
    private final int size;
    private final int valuesPerLong;

    public SimpleBitStorage(int bits, int size) { this(bits, size, (int[]) null); }

    public SimpleBitStorage(int bits, int size, int[] values) {
        Validate.inclusiveBetween(1L, 32L, bits);
        this.bits = bits; this.size = size; this.mask = (1L << bits) - 1L;
        this.valuesPerLong = 64 / bits;
        this.data = new long[(size + valuesPerLong - 1) / valuesPerLong];
        if (values != null) for (int i = 0; i < size; i++) set(i, values[i] & (int) mask);
    }

    public SimpleBitStorage(int bits, int size, long[] data) {
        Validate.inclusiveBetween(1L, 32L, bits);
        this.bits = bits; this.size = size; this.mask = (1L << bits) - 1L;
        this.valuesPerLong = 64 / bits;
        int expected = (size + valuesPerLong - 1) / valuesPerLong;
        if (data.length != expected) throw new InitializationException("Invalid length given for storage, got: " + data.length + " but expected: " + expected);
        this.data = data;
    }

    private int shift(int index) { return (index % valuesPerLong) * bits; }

    public int getAndSet(int index, int value) { int old = get(index); set(index, value); return old; }
    public void set(int index, int value) {
        Validate.inclusiveBetween(0L, size - 1, index);
        Validate.inclusiveBetween(0L, mask, value);
        int cell = index / valuesPerLong;
        data[cell] = data[cell] & ~(mask << shift(index)) | ((long) value & mask) << shift(index);
    }
    public void fill(int value) {
        Validate.inclusiveBetween(0L, mask, value);
        long pattern = 0;
        for (int i = 0; i < valuesPerLong; i++) pattern |= ((long) value & mask) << (i * bits);
        java.util.Arrays.fill(data, pattern);
    }
    public int get(int index) {
        Validate.inclusiveBetween(0L, size - 1, index);
        return (int) (data[index / valuesPerLong] >> shift(index) & mask);
    }
    public long[] getRaw() { return data; }
    public int getSize() { return size; }
    public int getBits() { return bits; }
    public void getAll(IntConsumer consumer) { for (int i = 0; i < size; i++) consumer.accept(get(i)); }
    public void unpack(int[] out) { for (int i = 0; i < size; i++) out[i] = get(i); }
    public BitStorage copy() { return new SimpleBitStorage(bits, size, data.clone()); }

    public static class InitializationException extends RuntimeException {
        InitializationException(String message) { super(message); }
    }
}
