package dev.ariadne.io;

import dev.ariadne.core.history.Values;

/**
 * An event beside the history's operations, kept (with its line) so that reports and tools can show what happened
 * around them: an event of a process that is not a client, such as Jepsen's nemesis starting a partition, or a
 * client's operation that ended in {@code :fail}, which did not happen and is never checked. Of the latter the
 * invocation is kept too ({@link #callLine()}, and Jepsen's {@code :time}s when every client event had one), so that
 * a report can draw it from its call to its {@code :fail}.
 *
 * @param line       the 1-based line of the event (of a failed operation: its {@code :fail}), or -1 when unknown
 * @param process    the process, as written without a keyword's colon (for example {@code "nemesis"})
 * @param type       the event's type ({@code "invoke"}, {@code "ok"}, {@code "fail"} or {@code "info"})
 * @param f          the function (for example {@code "start"})
 * @param value      the event's value, plain data
 * @param callLine   of an operation that ended in {@code :fail}, the line of its invocation; else -1
 * @param callTimeNs of an operation that ended in {@code :fail}, Jepsen's {@code :time} of its invocation in
 *                   nanoseconds, or {@code null} when the history's client events are not all timed
 * @param timeNs     likewise, the {@code :time} of its {@code :fail}, or {@code null}
 */
public record Annotation(long line, String process, String type, String f, Object value, long callLine,
                         Long callTimeNs, Long timeNs) {

    /** An event that is not an operation's failure: no invocation, no times. */
    public Annotation(long line, String process, String type, String f, Object value) {
        this(line, process, type, f, value, -1, null, null);
    }

    /** Whether this is a client's operation that ended in {@code :fail}, with the line of its invocation. */
    public boolean isFailedCall() {
        return callLine > 0;
    }

    /**
     * A compact, escaped rendering: {@code nemesis info start [:isolated] (line 5)}, and for an operation that ended
     * in {@code :fail} {@code 1 fail write 2 (line 4, called at line 3)}.
     */
    @Override
    public String toString() {
        return Values.escape(process) + " " + Values.escape(type) + " " + Values.escape(f)
                + (value == null ? "" : " " + Text.show(value)) + (line > 0 ? " (line " + line
                + (callLine > 0 ? ", called at line " + callLine : "") + ")" : "");
    }
}
