package dev.ariadne.io;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Values;

/**
 * An event beside the history's operations, kept (with its line) so that reports and tools can show what happened
 * around them: an event of a process that is not a client, such as Jepsen's nemesis starting a partition, or a
 * client's operation that ended in {@code :fail}, which did not happen and is never checked. Of the latter the
 * invocation is kept too ({@link #call()}), so that a report can draw it from its call to its {@code :fail}.
 *
 * @param line    the 1-based line of the event (of a failed operation: its {@code :fail}), or -1 when unknown
 * @param process the process, as written without a keyword's colon (for example {@code "nemesis"})
 * @param type    the event's type ({@code "invoke"}, {@code "ok"}, {@code "fail"} or {@code "info"})
 * @param f       the function (for example {@code "start"})
 * @param value   the event's value, plain data
 * @param call    of a client's operation that ended in {@code :fail}, its invocation; else {@code null}
 */
public record Annotation(long line, String process, String type, String f, Object value, FailedCall call) {

    /** An event that is not an operation's failure. */
    public Annotation(long line, String process, String type, String f, Object value) {
        this(line, process, type, f, value, null);
    }

    /**
     * The invocation of an operation that ended in {@code :fail}.
     *
     * @param line       the 1-based line of the invocation
     * @param client     the client that invoked it, as the history's operations number clients (the process, or
     *                   the new client a process became after an {@code :info})
     * @param input      the operation as invoked (function, key, value), as the history's operations have it
     * @param timeNs     Jepsen's {@code :time} of the invocation in nanoseconds, or {@code null} when the history's
     *                   client events are not all timed
     * @param failTimeNs likewise, the {@code :time} of the {@code :fail}, or {@code null}
     */
    public record FailedCall(long line, int client, Invocation input, Long timeNs, Long failTimeNs) {
    }

    /**
     * A compact, escaped rendering: {@code nemesis info start [:isolated] (line 5)}, and for an operation that ended
     * in {@code :fail} {@code 1 fail write 2 (line 4, called at line 3)}.
     */
    @Override
    public String toString() {
        return Values.escape(process) + " " + Values.escape(type) + " " + Values.escape(f)
                + (value == null ? "" : " " + Text.show(value)) + (line > 0 ? " (line " + line
                + (call != null && call.line() > 0 ? ", called at line " + call.line() : "") + ")" : "");
    }
}
