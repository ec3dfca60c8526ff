import java.io.IOException;
import java.nio.file.Path;
import standin.RegionStore;

/** RegionFile (before 1.20.5: no RegionStorageInfo). */
public class ei extends RegionFileCalls {
    public ei(Path file, Path dir, boolean sync) throws IOException { this(file, dir, eh.b, sync); }
    public ei(Path file, Path dir, eh v, boolean sync) throws IOException { s = new RegionStore(file, dir, v.id, eh.IDS); }
}
