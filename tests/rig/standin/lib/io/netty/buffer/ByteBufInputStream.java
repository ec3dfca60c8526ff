package io.netty.buffer;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

public class ByteBufInputStream extends DataInputStream implements DataInput {
    public ByteBufInputStream(ByteBuf buf) {
        super(new InputStream() {
            public int read() { return buf.readableBytes() > 0 ? buf.readByte() & 0xff : -1; }
        });
    }
}
