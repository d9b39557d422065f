package dev.ariadne.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Map;

/**
 * A client's operation once its call is matched with what ended it (a return, a crash, or nothing: still open),
 * with the places of both events so that the key's history can be rebuilt in input order.
 */
final class Op implements Serializable {
    private static final long serialVersionUID = 1L;
    /** {@link #endKind} of an operation never ended in the input: pending, as the readers leave it. */
    static final byte OPEN = -1;

    int client;
    long callPos;
    long callTime;
    byte endKind;
    long endPos;
    long endTime;
    int endLine;
    transient Object input;
    transient Object output;
    transient Map<String, Object> metadata;

    Op() {
    }

    Op(Ev call, Ev end) {
        client = call.client;
        callPos = call.pos;
        callTime = call.time;
        input = call.value;
        metadata = call.metadata;
        endKind = end == null ? OPEN : end.kind;
        endPos = end == null ? Long.MAX_VALUE : end.pos;
        endTime = end == null ? 0 : end.time;
        endLine = end == null ? -1 : end.line;
        output = end == null ? null : end.value;
    }

    @SuppressWarnings("unchecked")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        input = Wire.read(in);
        output = Wire.read(in);
        metadata = (Map<String, Object>) Wire.read(in);
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        Wire.write(out, input);
        Wire.write(out, output);
        Wire.write(out, metadata);
    }
}
