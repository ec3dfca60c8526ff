/** ChunkPos. */
public class dc { public final int e, f; public dc(int x, int z) { e = x; f = z; } }
