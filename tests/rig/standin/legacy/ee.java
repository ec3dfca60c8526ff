/** PalettedContainerRO with its PackedData record (ee$a). */
public interface ee<T> {
    record a<T>(java.util.List<T> a, java.util.Optional<java.util.stream.LongStream> b) {}
}
