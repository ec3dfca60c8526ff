package com.mojang.brigadier.exceptions;

/** Stand-in for Brigadier's CommandSyntaxException: "key at position N: context<--[HERE]". */
public class CommandSyntaxException extends Exception {
    private final String key;
    private final String input;
    private final int cursor;

    public CommandSyntaxException(String key, String input, int cursor) {
        super(key, null, false, false);
        this.key = key; this.input = input; this.cursor = cursor;
    }

    @Override
    public String getMessage() {
        if (input == null || cursor < 0) return key;
        int start = Math.max(0, cursor - 10);
        String context = (start > 0 ? "..." : "") + input.substring(start, Math.min(input.length(), cursor));
        return key + " at position " + cursor + ": " + context + "<--[HERE]";
    }
}
