package dev.ariadne.core.history;

/**
 * The event-based form of a history: calls and returns in the order they happened, where the order is the
 * time. {@link History#fromEvents} turns a list of events into a {@link History} once; a call left without
 * its return is pending.
 */
public sealed interface Event permits Event.Call, Event.Return {

    /** The client the event belongs to. */
    int client();

    /** Client {@code client} invoked an operation with {@code input}. */
    record Call(int client, Object input) implements Event {
    }

    /** Client {@code client}'s open operation returned {@code output}. */
    record Return(int client, Object output) implements Event {
    }

    /** A call event. */
    static Event call(int client, Object input) {
        return new Call(client, input);
    }

    /** A return event. */
    static Event ret(int client, Object output) {
        return new Return(client, output);
    }
}
