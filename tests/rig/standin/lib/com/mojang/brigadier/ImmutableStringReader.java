package com.mojang.brigadier;

public interface ImmutableStringReader {
    String getString();
    int getCursor();
}
