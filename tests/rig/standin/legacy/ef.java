/** MissingPaletteEntryException. */
public class ef extends RuntimeException { public ef(int i) { super("Missing Palette entry for index " + i + "."); } }
