package io.netty.buffer;

/** Stand-in for Netty's ByteBuf: the few methods the rig and the stand-in use. */
public abstract class ByteBuf {
    public abstract int readerIndex();
    public abstract int readableBytes();
    public abstract ByteBuf getBytes(int index, byte[] dst);
    public abstract byte readByte();
    public abstract ByteBuf writeByte(int value);
    public abstract ByteBuf readBytes(byte[] dst);
    public abstract ByteBuf writeBytes(byte[] src);
}
