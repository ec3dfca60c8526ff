package com.mojang.brigadier;

/** Stand-in for Brigadier's StringReader (the parts the rig and the stand-in parser use). */
public class StringReader implements ImmutableStringReader {
    private final String string;
    private int cursor;

    public StringReader(String string) { this.string = string; }
    public String getString() { return string; }
    public int getCursor() { return cursor; }
    public void setCursor(int cursor) { this.cursor = cursor; }
    public boolean canRead() { return cursor < string.length(); }
    public char peek() { return string.charAt(cursor); }
    public char read() { return string.charAt(cursor++); }
    public void skip() { cursor++; }
    public void skipWhitespace() { while (canRead() && Character.isWhitespace(peek())) cursor++; }
}
