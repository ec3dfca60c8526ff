package net.minecraft.nbt;

public class NbtAccounterException extends RuntimeException {
    public NbtAccounterException(String message) { super(message); }
}
