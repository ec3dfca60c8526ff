package net.minecraft.world.level.chunk;

import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

public interface PalettedContainerRO<T> {
    T get(int x, int y, int z);

    record PackedData<T>(List<T> paletteEntries, Optional<LongStream> storage, int bitsPerEntry) {
        public PackedData(List<T> paletteEntries, Optional<LongStream> storage) { this(paletteEntries, storage, -1); }
    }
}
