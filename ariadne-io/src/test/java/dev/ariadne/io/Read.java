package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Test helpers: read text as a history. */
final class Read {
    static final String SOURCE = "test.txt";

    private Read() {
    }

    static History text(String content, Format format) throws IOException, InvalidInputException {
        return bytes(content.getBytes(StandardCharsets.UTF_8), format);
    }

    static History bytes(byte[] content, Format format) throws IOException, InvalidInputException {
        return HistoryReaders.read(new ByteArrayInputStream(content), SOURCE, format);
    }

    static ReadResult load(String content, ReadOptions options) throws IOException, InvalidInputException {
        return load(content.getBytes(StandardCharsets.UTF_8), options);
    }

    static ReadResult load(byte[] content, ReadOptions options) throws IOException, InvalidInputException {
        return HistoryReaders.load(new ByteArrayInputStream(content), SOURCE, options);
    }

    static Invocation input(Operation op) {
        return (Invocation) op.input();
    }
}
