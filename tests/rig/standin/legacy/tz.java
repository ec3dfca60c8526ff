import com.mojang.brigadier.StringReader;
import com.mojang.brigadier.exceptions.*;

/** TagParser (legacy): ERROR_TRAILING_DATA -> a, parseTag -> a, readValue -> d. */
public class tz {
    public static final SimpleCommandExceptionType a = new SimpleCommandExceptionType("argument.nbt.trailing");
    static final SimpleCommandExceptionType b = new SimpleCommandExceptionType("argument.nbt.expected.value");
    static final SimpleCommandExceptionType c = new SimpleCommandExceptionType("parsing.expected");
    private final StringReader r;
    public tz(StringReader r) { this.r = r; }

    public static tf a(String s) throws CommandSyntaxException {
        tz p = new tz(new StringReader(s));
        p.r.skipWhitespace();
        if (!p.r.canRead() || p.r.peek() != '{') throw c.createWithContext(p.r);
        ty t = p.d();
        p.r.skipWhitespace();
        if (p.r.canRead()) throw a.createWithContext(p.r);
        return (tf) t;
    }
    public ty d() throws CommandSyntaxException {
        r.skipWhitespace();
        if (!r.canRead()) throw b.createWithContext(r);
        char ch = r.peek();
        if (ch == '{') {
            r.skip(); tf t = new tf(); r.skipWhitespace();
            while (r.canRead() && r.peek() != '}') {
                String k = w(); r.skipWhitespace();
                if (!r.canRead() || r.read() != ':') throw b.createWithContext(r);
                t.m.put(k, d()); r.skipWhitespace();
                if (r.canRead() && r.peek() == ',') { r.skip(); r.skipWhitespace(); }
            }
            if (!r.canRead()) throw b.createWithContext(r);
            r.skip(); return t;
        }
        String s = w();
        if (s.isEmpty()) throw b.createWithContext(r);
        try { return s.endsWith("b") ? new tc(Byte.parseByte(s.substring(0, s.length() - 1))) : new tj(Integer.parseInt(s)); }
        catch (NumberFormatException e) { return new tw(s); }
    }
    private String w() { StringBuilder sb = new StringBuilder(); while (r.canRead() && (Character.isLetterOrDigit(r.peek()) || "_-.+".indexOf(r.peek()) >= 0)) sb.append(r.read()); return sb.toString(); }
}
