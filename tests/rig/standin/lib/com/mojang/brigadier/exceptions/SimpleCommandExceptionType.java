package com.mojang.brigadier.exceptions;

import com.mojang.brigadier.ImmutableStringReader;

public class SimpleCommandExceptionType {
    private final String key;

    public SimpleCommandExceptionType(String key) { this.key = key; }
    public CommandSyntaxException create() { return new CommandSyntaxException(key, null, -1); }
    public CommandSyntaxException createWithContext(ImmutableStringReader reader) {
        return new CommandSyntaxException(key, reader.getString(), reader.getCursor());
    }
}
