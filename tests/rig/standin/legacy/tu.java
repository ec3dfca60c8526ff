/** ReportedNbtException. */
public class tu extends RuntimeException { public tu(String m, Throwable c) { super(m, c); } }
