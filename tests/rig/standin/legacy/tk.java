/** EndTag (INSTANCE -> b). */
public final class tk implements ty { public static final tk b = new tk(); public byte b() { return 0; } public void a(java.io.DataOutput o) {} public String toString() { return "END"; } }
