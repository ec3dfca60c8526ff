package com.mojang.serialization;

import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** Stand-in for DataFixerUpper's DynamicOps: the methods the rig calls, with DFU's signatures
 *  (each unsupported unless an implementation overrides it). */
public interface DynamicOps<T> {
    default T createInt(int value) { throw new UnsupportedOperationException("createInt"); }
    default T createString(String value) { throw new UnsupportedOperationException("createString"); }
    default T createList(Stream<T> input) { throw new UnsupportedOperationException("createList"); }
    default T createLongList(LongStream input) { throw new UnsupportedOperationException("createLongList"); }
    default T createMap(Map<T, T> map) { throw new UnsupportedOperationException("createMap"); }
    default DataResult<T> get(T input, String key) { throw new UnsupportedOperationException("get"); }
    default DataResult<Stream<T>> getStream(T input) { throw new UnsupportedOperationException("getStream"); }
    default DataResult<Number> getNumberValue(T input) { throw new UnsupportedOperationException("getNumberValue"); }
    default DataResult<LongStream> getLongStream(T input) { throw new UnsupportedOperationException("getLongStream"); }
}
