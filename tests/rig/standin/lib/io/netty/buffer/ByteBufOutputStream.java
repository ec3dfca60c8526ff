package io.netty.buffer;

import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.OutputStream;

public class ByteBufOutputStream extends DataOutputStream implements DataOutput {
    public ByteBufOutputStream(ByteBuf buf) {
        super(new OutputStream() {
            public void write(int b) { buf.writeByte(b); }
        });
    }
}
