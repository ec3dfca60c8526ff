/** BitStorage (obfuscated stand-in; names as mappings.txt says). */
public interface aa {
    int a(int index);                 // get
    void a(int index, int value);     // set
    int b(int index, int value);      // getAndSet
    long[] a();                       // getRaw
    int b();                          // getSize
    int c();                          // getBits
    void a(int[] out);                // unpack
}
