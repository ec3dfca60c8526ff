package net.minecraft.core;

public interface IdMap<T> extends Iterable<T> {
    int getId(T value);
    T byId(int id);
    default T byIdOrThrow(int id) {
        T value = byId(id);
        if (value == null) throw new IllegalArgumentException("No value with id " + id);
        return value;
    }
    int size();
}
