package com.mojang.serialization;

/** Stand-in for DataFixerUpper's DynamicOps (a marker here). */
public interface DynamicOps<T> {}
