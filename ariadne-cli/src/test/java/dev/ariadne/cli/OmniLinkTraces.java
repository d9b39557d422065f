package dev.ariadne.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Tiny OmniLink logs in MessagePack, written byte by byte as OmniLink's logger would. */
final class OmniLinkTraces {
    private OmniLinkTraces() {
    }

    /** Enqueue 1 [10, 20], Enqueue 2 [30, 40], Dequeue → 1 [50, 60]: a linearizable FIFO trace of one thread. */
    static byte[] queue() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        record(out, "Enqueue", 1, 10, 20);
        record(out, "Enqueue", 2, 30, 40);
        record(out, "Dequeue", 1, 50, 60);
        return out.toByteArray();
    }

    /** Dequeue → 7 [70, 80]: after {@link #queue()}, 2 is at the head, and 7 was never enqueued. */
    static byte[] laterDequeue() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        record(out, "Dequeue", 7, 70, 80);
        return out.toByteArray();
    }

    private static void record(ByteArrayOutputStream out, String name, int element, int start, int end) {
        out.write(0x82);
        string(out, "operation_name");
        string(out, name.toLowerCase(java.util.Locale.ROOT));
        string(out, "operation");
        out.write(0x83);
        string(out, "element");
        out.write(element);
        string(out, "_op_start");
        out.write(start);
        string(out, "_op_end");
        out.write(end);
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(0xa0 | b.length);
        out.write(b, 0, b.length);
    }
}
