package standin;

import java.io.*;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.*;

/** The stand-in's region file (a test double, not the game): a sector table, each chunk
 *  appended after the last one, c.X.Z.mcc from 256 sectors, padded to a sector on close. */
public final class RegionStore {
    private final FileChannel file;
    private final Path dir;
    private final int version;
    private final Set<Integer> known = new HashSet<>();
    private final int[] offsets = new int[1024];
    private final int[] stamps = new int[1024];
    private int next = 2;

    public RegionStore(Path path, Path dir, int version, int... known) throws IOException {
        this.dir = dir;
        this.version = version;
        for (int k : known) this.known.add(k);
        file = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        ByteBuffer h = ByteBuffer.allocate(8192);
        file.read(h, 0);
        IntBuffer ints = ByteBuffer.wrap(h.array()).asIntBuffer();
        long size = file.size();
        for (int i = 0; i < 1024; i++) {
            int e = ints.get(i);
            stamps[i] = ints.get(1024 + i);
            if (e != 0 && (e >> 8) >= 2 && (e & 255) > 0 && (long) (e >>> 8) * 4096 <= size) {
                offsets[i] = e;
                next = Math.max(next, (e >>> 8) + (e & 255));
            }
        }
    }

    private static int index(int x, int z) { return (x & 31) + 32 * (z & 31); }
    private Path external(int x, int z) { return dir.resolve("c." + x + "." + z + ".mcc"); }
    public boolean has(int x, int z) { return offsets[index(x, z)] != 0; }
    public boolean exists(int x, int z) { return has(x, z) && file.isOpen(); }

    public DataInputStream read(int x, int z) throws IOException {
        int e = offsets[index(x, z)];
        if (e == 0) return null;
        ByteBuffer b = ByteBuffer.allocate((e & 255) * 4096);
        file.read(b, (long) (e >>> 8) * 4096);
        b.flip();
        if (b.remaining() < 5) return null;
        int length = b.getInt();
        int id = b.get() & 255;
        InputStream in;
        if ((id & 128) != 0) {
            Path p = external(x, z);
            if (!Files.isRegularFile(p)) return null;
            in = Files.newInputStream(p);
            id &= 127;
        } else {
            if (length <= 0 || length - 1 > b.remaining()) return null;
            in = new ByteArrayInputStream(b.array(), b.position(), length - 1);
        }
        if (!known.contains(id) || id == 127) return null;
        return new DataInputStream(id == 1 ? new GZIPInputStream(in) : id == 2 ? new InflaterInputStream(in) : in);
    }

    public DataOutputStream write(int x, int z) throws IOException {
        if (version == 127) throw new UnsupportedOperationException();
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override public void close() throws IOException { store(x, z, toByteArray()); }
        };
        OutputStream out = version == 1 ? new GZIPOutputStream(sink) : version == 2 ? new DeflaterOutputStream(sink) : sink;
        return new DataOutputStream(new BufferedOutputStream(out));
    }

    private void store(int x, int z, byte[] data) throws IOException {
        int i = index(x, z);
        int sectors = (data.length + 5 + 4095) / 4096;
        int start = next;
        ByteBuffer head = ByteBuffer.allocate(5);
        if (sectors >= 256) {
            Files.write(external(x, z), data);
            head.putInt(1).put((byte) (version | 128)).flip();
            file.write(head, (long) start * 4096);
            sectors = 1;
        } else {
            Files.deleteIfExists(external(x, z));
            head.putInt(data.length + 1).put((byte) version).flip();
            file.write(head, (long) start * 4096);
            file.write(ByteBuffer.wrap(data), (long) start * 4096 + 5);
        }
        next = start + sectors;
        offsets[i] = start << 8 | sectors;
        stamps[i] = (int) (System.currentTimeMillis() / 1000);
        header();
    }

    public void clear(int x, int z) throws IOException {
        int i = index(x, z);
        if (offsets[i] == 0) return;
        offsets[i] = 0;
        stamps[i] = (int) (System.currentTimeMillis() / 1000);
        header();
        Files.deleteIfExists(external(x, z));
    }

    private void header() throws IOException {
        ByteBuffer h = ByteBuffer.allocate(8192);
        for (int o : offsets) h.putInt(o);
        for (int s : stamps) h.putInt(s);
        h.flip();
        file.write(h, 0);
    }

    public void flush() throws IOException { file.force(true); }

    public void close() throws IOException {
        long size = file.size();
        long padded = (size + 4095) / 4096 * 4096;
        if (padded != size) file.write(ByteBuffer.wrap(new byte[1]), padded - 1);
        file.close();
    }
}
