package net.minecraft.world.level.chunk;

import com.mojang.serialization.DataResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import net.minecraft.network.FriendlyByteBuf;
import net.minecraft.util.SimpleBitStorage;

/** Stand-in: a plain array of values; palette = distinct values in first-appearance order. */
public class PalettedContainer<T> implements PaletteResize<T>, PalettedContainerRO<T> {
    private final Strategy<T> strategy;
    private final Object[] values;

    public PalettedContainer(T initialValue, Strategy<T> strategy) {
        this.strategy = strategy;
        this.values = new Object[strategy.entryCount()];
        Arrays.fill(values, initialValue);
    }

    private PalettedContainer(Strategy<T> strategy, Object[] values) { this.strategy = strategy; this.values = values; }

    public int onResize(int bits, T lastAddedValue) { return 0; }

    @SuppressWarnings("unchecked")
    public T getAndSet(int x, int y, int z, T value) {
        int i = strategy.getIndex(x, y, z);
        T old = (T) values[i];
        values[i] = value;
        return old;
    }
    public T getAndSetUnchecked(int x, int y, int z, T value) { return getAndSet(x, y, z, value); }
    public void set(int x, int y, int z, T value) { getAndSet(x, y, z, value); }
    @SuppressWarnings("unchecked")
    public T get(int x, int y, int z) {
        T value = (T) values[strategy.getIndex(x, y, z)];
        if (value == null) throw new IllegalStateException("Missing Palette entry for id 0.");
        return value;
    }

    @SuppressWarnings("unchecked")
    private List<T> palette() {
        List<T> out = new ArrayList<>();
        for (Object v : values) if (!out.contains(v)) out.add((T) v);
        return out;
    }

    private static int ceillog2(int n) { return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1); }

    public int bitsPerEntry() { return ceillog2(palette().size()); }

    private long[] packed(List<T> palette) {
        int bits = ceillog2(palette.size());
        int[] ids = new int[values.length];
        for (int i = 0; i < values.length; i++) ids[i] = palette.indexOf(values[i]);
        return new SimpleBitStorage(bits, values.length, ids).getRaw();
    }

    public void write(FriendlyByteBuf buf) {
        List<T> palette = palette();
        if (palette.contains(null)) throw new IllegalStateException("Use of an uninitialized palette");
        buf.writeByte(bitsPerEntry());
        buf.writeVarInt(palette.size());
        for (T v : palette) buf.writeVarInt(strategy.globalMap().getId(v));
        if (palette.size() > 1) for (long l : packed(palette)) buf.writeLong(l);
    }

    public void read(FriendlyByteBuf buf) { throw new UnsupportedOperationException("stand-in"); }

    public PalettedContainerRO.PackedData<T> pack(Strategy<T> strategy) {
        List<T> palette = palette();
        Optional<LongStream> data = palette.size() > 1 ? Optional.of(LongStream.of(packed(palette))) : Optional.empty();
        return new PalettedContainerRO.PackedData<>(palette, data, bitsPerEntry());
    }

    public static <T> DataResult<PalettedContainer<T>> unpack(Strategy<T> strategy, PalettedContainerRO.PackedData<T> packed) {
        List<T> palette = packed.paletteEntries();
        Object[] values = new Object[strategy.entryCount()];
        if (palette.size() <= 1) {
            Arrays.fill(values, palette.isEmpty() ? null : palette.get(0));
            return DataResult.success(new PalettedContainer<>(strategy, values));
        }
        if (packed.storage().isEmpty()) return DataResult.error(() -> "Missing values for non-zero storage");
        SimpleBitStorage storage;
        try {
            storage = new SimpleBitStorage(ceillog2(palette.size()), values.length, packed.storage().get().toArray());
        } catch (SimpleBitStorage.InitializationException e) {
            return DataResult.error(() -> "Failed to read PalettedContainer: " + e.getMessage());
        }
        for (int i = 0; i < values.length; i++) {
            int id = storage.get(i);
            if (id >= palette.size()) throw new MissingPaletteEntryException(id);
            values[i] = palette.get(id);
        }
        return DataResult.success(new PalettedContainer<>(strategy, values));
    }

    public int getSerializedSize() { return 1; }
    public void forEachInPalette(Consumer<T> consumer) { palette().forEach(consumer); }
    public PalettedContainer<T> copy() { return new PalettedContainer<>(strategy, values.clone()); }
    @SuppressWarnings("unchecked")
    public PalettedContainer<T> recreate() { return new PalettedContainer<>((T) values[0], strategy); }

    public void count(CountConsumer<T> consumer) {
        List<T> palette = palette();
        if (palette.contains(null)) throw new IllegalStateException("Missing Palette entry for id 0.");
        for (T v : palette) {
            int n = 0;
            for (Object o : values) if (o == v) n++;
            consumer.accept(v, n);
        }
    }

    @FunctionalInterface
    public interface CountConsumer<T> {
        void accept(T value, int count);
    }
}
