import java.io.*;
import standin.RegionStore;

/** The stand-in's RegionFile methods under their 1.21.1 names (ei's constructors differ by release). */
public abstract class RegionFileCalls implements AutoCloseable {
    protected RegionStore s;
    public DataInputStream a(dc p) throws IOException { return s.read(p.e, p.f); }
    public DataOutputStream c(dc p) throws IOException { return s.write(p.e, p.f); }
    public boolean b(dc p) { return s.exists(p.e, p.f); }
    public boolean d(dc p) { return s.has(p.e, p.f); }
    public void e(dc p) throws IOException { s.clear(p.e, p.f); }
    public void a() throws IOException { s.flush(); }
    public void close() throws IOException { s.close(); }
}
