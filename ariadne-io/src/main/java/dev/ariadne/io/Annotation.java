package dev.ariadne.io;

import dev.ariadne.core.history.Values;

/**
 * An event of a process that is not a client, such as Jepsen's nemesis starting a partition: it is not an operation
 * of the history, but it is kept (with its line) so that reports and tools can show what happened around the
 * operations.
 *
 * @param line    the 1-based line of the event, or -1 when unknown
 * @param process the process, as written without a keyword's colon (for example {@code "nemesis"})
 * @param type    the event's type ({@code "invoke"}, {@code "ok"}, {@code "fail"} or {@code "info"})
 * @param f       the function (for example {@code "start"})
 * @param value   the event's value, plain data
 */
public record Annotation(long line, String process, String type, String f, Object value) {

    /** A compact, escaped rendering: {@code nemesis info start [:isolated] (line 5)}. */
    @Override
    public String toString() {
        return Values.escape(process) + " " + Values.escape(type) + " " + Values.escape(f)
                + (value == null ? "" : " " + Text.show(value)) + (line > 0 ? " (line " + line + ")" : "");
    }
}
