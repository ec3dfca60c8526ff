/** Tag: getId -> b, write -> a. */
public interface ty { byte b(); void a(java.io.DataOutput out) throws java.io.IOException; }
