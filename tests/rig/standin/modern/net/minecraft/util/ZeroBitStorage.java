package net.minecraft.util;

import java.util.function.IntConsumer;
import standin.Validate;

public class ZeroBitStorage implements BitStorage {
    private final int size;

    public ZeroBitStorage(int size) { this.size = size; }
    public int getAndSet(int index, int value) { set(index, value); return 0; }
    public void set(int index, int value) { Validate.inclusiveBetween(0L, size - 1, index); Validate.inclusiveBetween(0L, 0L, value); }
    public void fill(int value) { Validate.inclusiveBetween(0L, 0L, value); }
    public int get(int index) { Validate.inclusiveBetween(0L, size - 1, index); return 0; }
    public long[] getRaw() { return new long[0]; }
    public int getSize() { return size; }
    public int getBits() { return 0; }
    public void getAll(IntConsumer consumer) { for (int i = 0; i < size; i++) consumer.accept(0); }
    public void unpack(int[] out) { java.util.Arrays.fill(out, 0, size, 0); }
    public BitStorage copy() { return this; }
}
