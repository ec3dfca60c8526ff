package net.minecraft.nbt;

/** Stand-in: the game's crash-report wrapper, titled as the game titles it. */
public class ReportedNbtException extends RuntimeException {
    public ReportedNbtException(String title, Throwable cause) { super(title, cause); }
}
