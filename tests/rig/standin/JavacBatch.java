import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The stand-in build's compiler driver (tests/rig/conftest.py), in no jar: runs javac once per
 * argument file, in this one JVM, in the order given. Each argument file holds javac's arguments,
 * one a line. A JVM's start and its JIT's warm-up are most of a javac run on these few small
 * classes: one JVM for every compilation of the build costs about a third of one javac each.
 * Exit status: javac's, at the first compilation that fails (its diagnostics on stderr).
 */
public final class JavacBatch {
    public static void main(String[] argumentFiles) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            System.err.println("JavacBatch: this Java runtime has no compiler (a JDK's java is needed)");
            System.exit(2);
        }
        for (String file : argumentFiles) {
            List<String> args = Files.readAllLines(Path.of(file));
            int status = javac.run(null, null, null, args.toArray(new String[0]));
            if (status != 0) {
                System.err.println("JavacBatch: javac failed on the arguments of " + file);
                System.exit(status);
            }
        }
    }
}
