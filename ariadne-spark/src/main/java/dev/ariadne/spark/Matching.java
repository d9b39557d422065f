package dev.ariadne.spark;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import scala.Tuple2;

/**
 * Matches each client's events, sorted by client and input order, into operations: a call with the return, crash
 * or fail that ends it (a native return carries no key, so it must meet its call before the operations are
 * regrouped by key). Enforces what {@link dev.ariadne.core.history.HistoryBuilder} enforces in {@code ariadne check},
 * citing the file and line: no return without a call, no call while one is open, no call after a crash.
 */
final class Matching implements Iterator<Op> {
    private final Iterator<? extends Tuple2<?, Ev>> events;
    private final List<String> files;
    private int client = Integer.MIN_VALUE;
    private Ev open;
    private Ev crashedAt;
    private Op pending;

    Matching(Iterator<? extends Tuple2<?, Ev>> events, List<String> files) {
        this.events = events;
        this.files = files;
    }

    private String at(Ev e) {
        return Inputs.display(files.get(e.file())) + (e.line > 0 ? ":" + e.line : "");
    }

    private Op advance() {
        while (events.hasNext()) {
            Ev e = events.next()._2;
            Op out = null;
            if (e.client != client) {
                out = open == null ? null : new Op(open, null);
                client = e.client;
                open = null;
                crashedAt = null;
            }
            if (e.kind == Ev.CALL) {
                if (open != null) {
                    throw new InputProblem(at(e) + ": client " + e.client + " calls a new operation while its "
                            + "operation from " + at(open) + " is still open");
                }
                if (crashedAt != null) {
                    throw new InputProblem(at(e) + ": client " + e.client + " calls a new operation after one of "
                            + "its operations crashed (" + at(crashedAt) + "; its outcome is unknown, so the client "
                            + "may still be running it)");
                }
                open = e;
            } else {
                if (open == null) {
                    throw new InputProblem(at(e) + ": client " + e.client + " "
                            + (e.kind == Ev.RET ? "returns" : e.kind == Ev.CRASH ? "crashes" : "fails")
                            + " but has no open operation (a completion without its invocation)");
                }
                if (e.kind != Ev.DISCARD) {
                    Op done = new Op(open, e);
                    if (out != null) {
                        throw new IllegalStateException("unreachable: a new client's first event ends an operation");
                    }
                    out = done;
                }
                if (e.kind == Ev.CRASH) {
                    crashedAt = e;
                }
                open = null;
            }
            if (out != null) {
                return out;
            }
        }
        if (open != null) {
            Op last = new Op(open, null);
            open = null;
            return last;
        }
        return null;
    }

    @Override
    public boolean hasNext() {
        if (pending == null) {
            pending = advance();
        }
        return pending != null;
    }

    @Override
    public Op next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Op o = pending;
        pending = null;
        return o;
    }
}
