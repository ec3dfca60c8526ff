/** ResourceKey. */
public class ak<T> {}
