package dev.ariadne.core.history;

import java.util.Map;

/**
 * Where a reader pushes the events of a history as it parses them: calls, returns, crashes and discards, in the
 * order they happened. {@link HistoryBuilder} collects them into a {@link History}; an
 * {@link dev.ariadne.core.online.OnlineChecker} checks them as they come. A sink reports a malformed stream (a
 * return without its call, a second call on a busy client, time going backwards) with a
 * {@link HistoryException}, and the event is then not recorded.
 *
 * <p>Times are given on every event or on none: {@link #UNTIMED} means the event's place in the sequence is its
 * time (the n-th event happens at time n). A {@code line} of -1, or metadata without a {@code line}, means the
 * source line is unknown.
 */
public interface EventSink {
    /** The time of an event that carries none: its order is its time. */
    long UNTIMED = -1;

    /**
     * Client {@code client} calls an operation with {@code input} at {@code time} (or {@link #UNTIMED}).
     * {@code metadata} becomes the operation's metadata; its {@code line} (an {@link Integer}) is the source line
     * of the call.
     */
    EventSink call(int client, Object input, long time, Map<String, Object> metadata);

    /** Client {@code client}'s open operation returns {@code output} ({@link Operation#UNKNOWN} if not seen). */
    EventSink ret(int client, Object output, long time, int line);

    /**
     * Client {@code client}'s open operation crashed (Jepsen {@code :info}): it stays pending for ever and the
     * client may not call again.
     */
    EventSink crash(int client, long time, int line);

    /** Client {@code client}'s open operation certainly did not take effect (Jepsen {@code :fail}): it is dropped. */
    EventSink discard(int client, long time, int line);
}
