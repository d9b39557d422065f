package dev.ariadne.tla.tlc;

import tlc2.overrides.TLAPlusOperator;
import tlc2.value.impl.Value;

/**
 * The value of {@code __ariadne_traces}, the trace of an OmniLink validation module, built in Java instead of parsed
 * from its literal: SANY's parse of a long trace's literal was most of its load (docs/benchmarks.md, issue 25). Each
 * spec has its own copy of this class (its own class loader, {@code SpecLoader}), so the value is that spec's.
 */
public final class TraceOverride {
    private static volatile Value traces;

    private TraceOverride() {
    }

    static void set(Value value) {
        traces = value;
    }

    /** Whether a trace is set: only then is the definition overridden ({@link tlc2.overrides.TLCOverrides}). */
    public static boolean isSet() {
        return traces != null;
    }

    /** The trace's events: a function from thread numbers to their event records in order. */
    @TLAPlusOperator(identifier = "__ariadne_traces", module = "__AriadneTraces", warn = false)
    public static Value traces() {
        return traces;
    }
}
