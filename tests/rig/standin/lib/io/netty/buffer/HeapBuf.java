package io.netty.buffer;

import java.util.Arrays;

final class HeapBuf extends ByteBuf {
    private byte[] data;
    private int reader, writer;

    HeapBuf(byte[] data, int writer) { this.data = data; this.writer = writer; }

    public int readerIndex() { return reader; }
    public int readableBytes() { return writer - reader; }
    public ByteBuf getBytes(int index, byte[] dst) {
        if (index + dst.length > writer) throw new IndexOutOfBoundsException("index " + index + " + " + dst.length + " > " + writer);
        System.arraycopy(data, index, dst, 0, dst.length);
        return this;
    }
    public byte readByte() {
        if (reader >= writer) throw new IndexOutOfBoundsException("readerIndex(" + reader + ") + length(1) exceeds writerIndex(" + writer + ")");
        return data[reader++];
    }
    public ByteBuf writeByte(int value) {
        if (writer == data.length) data = Arrays.copyOf(data, Math.max(16, data.length * 2));
        data[writer++] = (byte) value;
        return this;
    }
    public ByteBuf readBytes(byte[] dst) { for (int i = 0; i < dst.length; i++) dst[i] = readByte(); return this; }
    public ByteBuf writeBytes(byte[] src) { for (byte b : src) writeByte(b); return this; }
}
