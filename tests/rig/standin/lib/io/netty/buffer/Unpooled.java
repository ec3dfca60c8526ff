package io.netty.buffer;

public final class Unpooled {
    private Unpooled() {}
    public static ByteBuf buffer() { return new HeapBuf(new byte[16], 0); }
    public static ByteBuf wrappedBuffer(byte[] data) { return new HeapBuf(data, data.length); }
}
