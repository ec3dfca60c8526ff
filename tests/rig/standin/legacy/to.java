/** NbtAccounterException. */
public class to extends RuntimeException { public to(String m) { super(m); } }
