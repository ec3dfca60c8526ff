package com.mojang.serialization;

import java.util.Optional;

/** Stand-in for DataFixerUpper's DataResult: a value or an error message. */
public final class DataResult<R> {
    public record Error<R>(String message) {}

    private final R value;
    private final String error;

    private DataResult(R value, String error) { this.value = value; this.error = error; }

    public static <R> DataResult<R> success(R value) { return new DataResult<>(value, null); }
    public static <R> DataResult<R> error(java.util.function.Supplier<String> message) { return new DataResult<>(null, message.get()); }

    public Optional<R> result() { return error == null ? Optional.ofNullable(value) : Optional.empty(); }
    public Optional<Error<R>> error() { return error == null ? Optional.empty() : Optional.of(new Error<>(error)); }
}
