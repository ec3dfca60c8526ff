/** SharedConstants. */
public final class ad { public static boolean detected; public static void a() { detected = true; } }
