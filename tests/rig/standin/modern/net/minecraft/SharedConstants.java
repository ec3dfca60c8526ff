package net.minecraft;

public final class SharedConstants {
    public static boolean detected;
    public static void tryDetectVersion() { detected = true; }
}
