package com.mojang.serialization;

import java.util.function.Function;

/** Stand-in for DataFixerUpper's Codec: encodeStart, parse, xmap and Codec.INT, with DFU's signatures. */
public interface Codec<A> {
    <T> DataResult<T> encodeStart(DynamicOps<T> ops, A input);

    <T> DataResult<A> parse(DynamicOps<T> ops, T input);

    default <S> Codec<S> xmap(Function<? super A, ? extends S> to, Function<? super S, ? extends A> from) {
        Codec<A> self = this;
        return new Codec<S>() {
            public <T> DataResult<T> encodeStart(DynamicOps<T> ops, S input) { return self.encodeStart(ops, from.apply(input)); }
            public <T> DataResult<S> parse(DynamicOps<T> ops, T input) {
                DataResult<A> a = self.parse(ops, input);
                if (a.result().isEmpty()) return DataResult.error(() -> a.error().get().message());
                return DataResult.success(to.apply(a.result().get()));
            }
        };
    }

    Codec<Integer> INT = new Codec<Integer>() {
        public <T> DataResult<T> encodeStart(DynamicOps<T> ops, Integer input) { return DataResult.success(ops.createInt(input)); }
        public <T> DataResult<Integer> parse(DynamicOps<T> ops, T input) {
            DataResult<Number> n = ops.getNumberValue(input);
            if (n.result().isEmpty()) return DataResult.error(() -> n.error().get().message());
            return DataResult.success(n.result().get().intValue());
        }
    };
}
