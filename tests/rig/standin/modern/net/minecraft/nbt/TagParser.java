package net.minecraft.nbt;

import com.mojang.brigadier.StringReader;
import com.mojang.brigadier.exceptions.CommandSyntaxException;
import com.mojang.brigadier.exceptions.SimpleCommandExceptionType;
import com.mojang.serialization.DynamicOps;

/** Stand-in: compounds, quoted and unquoted strings, ints, bytes (b suffix), true/false. */
public class TagParser<T> {
    static final SimpleCommandExceptionType TRAILING = new SimpleCommandExceptionType("argument.nbt.trailing");
    static final SimpleCommandExceptionType EXPECTED_COMPOUND = new SimpleCommandExceptionType("argument.nbt.expected.compound");
    static final SimpleCommandExceptionType EXPECTED_VALUE = new SimpleCommandExceptionType("argument.nbt.expected.value");

    private TagParser() {}

    public static TagParser<Tag> create(DynamicOps<Tag> ops) { return new TagParser<>(); }

    @SuppressWarnings("unchecked")
    public T parseFully(String text) throws CommandSyntaxException {
        if (text.equals("\u0000hang")) hang();  // test double: a hung case
        if (text.equals("\u0000crash")) Runtime.getRuntime().halt(3);    // test double: the JVM dies
        StringReader reader = new StringReader(text);
        Tag tag = value(reader);
        reader.skipWhitespace();
        if (reader.canRead()) throw TRAILING.createWithContext(reader);
        return (T) tag;
    }

    /** Test double: a case that never answers, asleep (a hang costs the harness its timeout, not a core). */
    private static void hang() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // still hung
            }
        }
    }

    public static CompoundTag parseCompoundFully(String text) throws CommandSyntaxException {
        Tag tag = new TagParser<Tag>().parseFully(text);
        if (tag instanceof CompoundTag compound) return compound;
        throw EXPECTED_COMPOUND.createWithContext(new StringReader(text) {{ setCursor(text.length()); }});
    }

    static Tag value(StringReader r) throws CommandSyntaxException {
        r.skipWhitespace();
        if (!r.canRead()) throw EXPECTED_VALUE.createWithContext(r);
        char c = r.peek();
        if (c == '{') {
            r.skip();
            CompoundTag tag = new CompoundTag();
            r.skipWhitespace();
            while (r.canRead() && r.peek() != '}') {
                String key = word(r);
                r.skipWhitespace();
                if (!r.canRead() || r.read() != ':') throw EXPECTED_VALUE.createWithContext(r);
                tag.put(key, value(r));
                r.skipWhitespace();
                if (r.canRead() && r.peek() == ',') { r.skip(); r.skipWhitespace(); }
            }
            if (!r.canRead()) throw EXPECTED_VALUE.createWithContext(r);
            r.skip();
            return tag;
        }
        if (c == '"' || c == '\'') {
            r.skip();
            StringBuilder b = new StringBuilder();
            while (r.canRead() && r.peek() != c) b.append(r.read());
            if (!r.canRead()) throw EXPECTED_VALUE.createWithContext(r);
            r.skip();
            return new StringTag(b.toString());
        }
        String w = word(r);
        if (w.isEmpty()) throw EXPECTED_VALUE.createWithContext(r);
        if (w.equalsIgnoreCase("true")) return new ByteTag((byte) 1);
        if (w.equalsIgnoreCase("false")) return new ByteTag((byte) 0);
        try {
            if (w.endsWith("b") || w.endsWith("B")) return new ByteTag(Byte.parseByte(w.substring(0, w.length() - 1)));
            return new IntTag(Integer.parseInt(w));
        } catch (NumberFormatException e) {
            return new StringTag(w);
        }
    }

    static String word(StringReader r) {
        StringBuilder b = new StringBuilder();
        while (r.canRead() && (Character.isLetterOrDigit(r.peek()) || "_-.+".indexOf(r.peek()) >= 0)) b.append(r.read());
        return b.toString();
    }
}
