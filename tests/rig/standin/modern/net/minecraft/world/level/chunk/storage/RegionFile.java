package net.minecraft.world.level.chunk.storage;

import java.io.*;
import java.nio.file.Path;
import net.minecraft.world.level.ChunkPos;
import standin.RegionStore;

public class RegionFile implements AutoCloseable {
    private final RegionStore store;

    public RegionFile(RegionStorageInfo info, Path file, Path dir, boolean sync) throws IOException {
        this(info, file, dir, RegionFileVersion.VERSION_DEFLATE, sync);
    }
    public RegionFile(RegionStorageInfo info, Path file, Path dir, RegionFileVersion version, boolean sync) throws IOException {
        store = new RegionStore(file, dir, version.getId(), RegionFileVersion.IDS);
    }
    public DataInputStream getChunkDataInputStream(ChunkPos pos) throws IOException { return store.read(pos.x, pos.z); }
    public DataOutputStream getChunkDataOutputStream(ChunkPos pos) throws IOException { return store.write(pos.x, pos.z); }
    public boolean doesChunkExist(ChunkPos pos) { return store.exists(pos.x, pos.z); }
    public boolean hasChunk(ChunkPos pos) { return store.has(pos.x, pos.z); }
    public void clear(ChunkPos pos) throws IOException { store.clear(pos.x, pos.z); }
    public void flush() throws IOException { store.flush(); }
    public void close() throws IOException { store.close(); }
}
