package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.HashMap;
import java.util.Map;

/**
 * Turns Jepsen events ({@code :invoke}, {@code :ok}, {@code :fail}, {@code :info}) into a history, in event
 * order. {@code :invoke} opens an operation, {@code :ok} completes it with the value seen, {@code :info} leaves
 * it pending for ever, and {@code :fail} drops it; in porcupine's etcd logs ({@code etcdFailures}) a failed
 * {@code cas} instead completes with {@code false} and a failed {@code read} with an unknown output.
 */
final class JepsenOps {
    enum Type {
        INVOKE, OK, FAIL, INFO;

        /** The type named by a Jepsen keyword (without its colon), or {@code null}. */
        static Type of(String name) {
            return switch (name) {
                case "invoke" -> INVOKE;
                case "ok" -> OK;
                case "fail" -> FAIL;
                case "info" -> INFO;
                default -> null;
            };
        }

        static final String EXPECTED = ":invoke, :ok, :fail or :info";
    }

    private record Open(String f, long line) {
    }

    private final String source;
    private final boolean etcdFailures;
    private final HistoryBuilder builder = new HistoryBuilder();
    private final Map<Integer, Open> open = new HashMap<>();

    /**
     * @param etcdFailures whether {@code :fail} follows porcupine's etcd logs (cas → false, read → unknown)
     *                     rather than meaning "did not happen"
     */
    JepsenOps(String source, boolean etcdFailures) {
        this.source = source;
        this.etcdFailures = etcdFailures;
    }

    /** Process {@code process}'s event of {@code type} on function {@code f}, read at {@code line}. */
    void event(int process, Type type, String f, Object key, Object value, long line)
            throws InvalidInputException {
        int l = (int) Math.min(line, Integer.MAX_VALUE);
        try {
            if (type == Type.INVOKE) {
                builder.call(process, new Invocation(f, key, value), builder.clock(), Map.of("line", l));
                open.put(process, new Open(f, line));
                return;
            }
            Open o = open.remove(process);
            if (o != null && !o.f.equals(f)) {
                throw new InvalidInputException(source, line, "process " + process + " completes :"
                        + Text.cut(f) + " but its open operation (line " + o.line + ") is :" + Text.cut(o.f));
            }
            switch (type) {
                case OK -> builder.ret(process, value, builder.clock(), l);
                case INFO -> builder.crash(process, builder.clock(), l);
                default -> fail(process, f, l);
            }
        } catch (HistoryException e) {
            throw new InvalidInputException(source, e.line() > 0 ? e.line() : line, e.getMessage());
        }
    }

    private void fail(int process, String f, int line) {
        if (etcdFailures && f.equals("cas")) {
            builder.ret(process, Boolean.FALSE, builder.clock(), line);
        } else if (etcdFailures && f.equals("read")) {
            builder.ret(process, Operation.UNKNOWN, builder.clock(), line);
        } else {
            builder.discard(process, builder.clock(), line);
        }
    }

    /** The history so far; operations still open are pending. */
    History build() {
        return builder.build();
    }
}
