package dev.ariadne.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Map;

/**
 * One event as a reader pushed it, with its place in the input: {@link #pos} orders the events of all files (the
 * file's index in name order, then the event's rank within the file), {@link #file} and {@link #line} cite it.
 */
final class Ev implements Serializable {
    private static final long serialVersionUID = 1L;
    static final byte CALL = 0, RET = 1, CRASH = 2, DISCARD = 3;
    /** Bits of {@link #pos} for the rank within a file. */
    static final int RANK_BITS = 40;

    long pos;
    byte kind;
    int client;
    long time;
    int line;
    /** The input of a call, the output of a return; else null. */
    transient Object value;
    /** A call's metadata (its line among it); else null. */
    transient Map<String, Object> metadata;

    Ev() {
    }

    Ev(long pos, byte kind, int client, long time, int line, Object value, Map<String, Object> metadata) {
        this.pos = pos;
        this.kind = kind;
        this.client = client;
        this.time = time;
        this.line = line;
        this.value = value;
        this.metadata = metadata;
    }

    int file() {
        return (int) (pos >>> RANK_BITS);
    }

    @SuppressWarnings("unchecked")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        value = Wire.read(in);
        metadata = (Map<String, Object>) Wire.read(in);
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        Wire.write(out, value);
        Wire.write(out, metadata);
    }
}
