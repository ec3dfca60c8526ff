package standin;

/** commons-lang's Validate.inclusiveBetween message, for the stand-in classes. */
public final class Validate {
    private Validate() {}
    public static void inclusiveBetween(long start, long end, long value) {
        if (value < start || value > end)
            throw new IllegalArgumentException("The value " + value + " is not in the specified inclusive range of " + start + " to " + end);
    }
}
