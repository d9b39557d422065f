package dev.ariadne.cli;

/**
 * A little of the Java heap held back so that, after an {@link OutOfMemoryError}, the command can still say what
 * happened and which verdicts stand. Whoever catches the error calls {@link #release} first (the handler's own
 * strings and the report need room), then {@link #hold} again once the data that filled the heap is garbage.
 * {@code -XX:+ExitOnOutOfMemoryError} would not do: it exits with status 3 and says nothing.
 */
final class HeapReserve {
    /** The advice every message about the heap ends with. */
    static final String ADVICE = "give Java more with ARIADNE_JAVA_OPTS=-Xmx<size>";

    private static volatile byte[] reserve;

    private HeapReserve() {
    }

    /**
     * The most the reserve holds: as much as the handlers are tested with (heaps of 16 to 64 MiB, whose
     * thirty-second is 0.5 to 2 MiB). It was 8 MiB: every run, one small file's included, then zeroed 8 MiB of fresh
     * pages at start and copied them to the old generation at its first collection (docs/benchmarks.md, 2026-11-30
     * "small8").
     */
    static final int MAX_BYTES = 2 << 20;

    /** Holds the reserve again (a thirty-second of the heap, at most {@link #MAX_BYTES}), unless the heap has no room. */
    static void hold() {
        if (reserve == null) {
            try {
                reserve = new byte[(int) Math.min(MAX_BYTES, Runtime.getRuntime().maxMemory() / 32)];
            } catch (OutOfMemoryError e) {
                // nothing held back: the handlers print less comfortably, but they still print
            }
        }
    }

    /** Gives the reserve back to the heap, for an error handler to use. */
    static void release() {
        reserve = null;
    }

    /** {@code memory: the Java heap ran out WHERE; ADVICE}: the reason of an UNKNOWN outcome. */
    static String reason(String where) {
        return "memory: the Java heap ran out " + where + "; " + ADVICE;
    }
}
