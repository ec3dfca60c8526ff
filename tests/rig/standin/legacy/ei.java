import java.io.IOException;
import java.nio.file.Path;
import standin.RegionStore;

/** RegionFile (1.21.1: a RegionStorageInfo first). */
public class ei extends RegionFileCalls {
    public ei(eg info, Path file, Path dir, boolean sync) throws IOException { this(info, file, dir, eh.b, sync); }
    public ei(eg info, Path file, Path dir, eh v, boolean sync) throws IOException { s = new RegionStore(file, dir, v.id, eh.IDS); }
}
