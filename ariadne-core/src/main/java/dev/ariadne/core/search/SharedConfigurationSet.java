package dev.ariadne.core.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The explored configurations (linearized set, model state) of a {@link ParallelDfs}, shared by its threads
 * without locks. Each thread adds through its own {@link Writer}, which writes the configuration into chunks that
 * only it fills (no two threads write the same cache lines), and then claims a slot of one open-addressing table
 * with a compare-and-set. Of two threads that add equal configurations at once, exactly one wins the slot and
 * explores it; the other finds the winner's entry and compares it. Membership is decided by exact comparison of
 * the bitset and the state, never by the hash alone, so colliding hashes cost a comparison, never a wrong answer.
 *
 * <p>A slot holds the top 32 bits of the configuration's 64-bit hash and its entry number; the slot's place in a
 * table of 2^b slots is the top b bits of the hash, so the table grows (doubles) from the slots alone, without
 * reading the entries. Growth is shared: the thread whose additions take the table past half full starts it, and
 * every thread that adds meanwhile helps to move ranges of old slots, each marked moved as it goes; a thread that
 * meets a moved slot waits for the bigger table and looks there. Memory is reserved with the check's
 * {@link Budget} before it is allocated (the table by the thread that grows it, chunks by their writer); when it
 * does not fit, {@link MemoryLimit} is thrown.
 */
final class SharedConfigurationSet {
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** An old table's slot whose content has been moved to the bigger table (no entry number is all ones). */
    private static final long MOVED = -1L;
    private static final long TAG = 0xFFFF_FFFF_0000_0000L;
    private static final int MIN_TABLE_BITS = 12;
    /** Old slots a thread moves at a time while the table grows. */
    private static final int MOVE_RANGE = 1 << 12;

    private final int words;
    /** Entry numbers are {@code chunk << chunkBits | index}; a chunk holds {@code perChunk <= 2^chunkBits}. */
    private final int chunkBits;
    private final int perChunk;
    private final int maxThreads;
    private final Budget budget;
    private volatile long[] table;
    /** Chunk number to chunk; replaced by a longer copy when it fills (chunks are only ever added). */
    private volatile Chunk[] chunks = new Chunk[16];
    private final AtomicInteger chunkCount = new AtomicInteger();
    /** Entries added so far, summed from the writers' counts every few additions (a lower bound). */
    private final AtomicLong flushed = new AtomicLong();
    /** The growth under way, or {@code null}. */
    private volatile Growth growth;
    private final HeldMemory tableMemory;

    /** A set for bitsets of {@code words} longs, sized for {@code operations} operations and {@code maxThreads}. */
    SharedConfigurationSet(int words, int operations, int maxThreads, Budget budget) {
        this.words = Math.max(1, words);
        // Bitsets of just under 2 MiB a chunk (header included), up to 16,383 entries: with the G1 collector's
        // regions of 1-2 MiB (heaps under 8 GiB) such an array is a "humongous" object, allocated outside the young
        // generation and never copied by its collections. Chunks of 1,024 entries were copied by every young
        // collection while live, which took more pause time than the search on two threads saved.
        this.perChunk = Math.max(64, Math.min((1 << 14) - 1, ((1 << 21) - 64) / (8 * this.words)));
        this.chunkBits = 32 - Integer.numberOfLeadingZeros(perChunk - 1);
        this.maxThreads = Math.max(1, maxThreads);
        this.budget = budget;
        this.tableMemory = new HeldMemory(budget);
        int bits = Math.max(MIN_TABLE_BITS, Math.min(20, 33 - Integer.numberOfLeadingZeros(operations * 16)));
        tableMemory.reserve(8L << bits);
        this.table = new long[1 << bits];
    }

    /** The bitsets and states of {@link #perChunk} entries, written by one writer before it publishes them. */
    private static final class Chunk {
        final long[] sets;
        final Object[] states;

        Chunk(int entries, int words) {
            sets = new long[entries * words];
            states = new Object[entries];
        }
    }

    /** One thread's handle for adding: its current chunk, its count, and the memory its chunks hold. */
    final class Writer {
        private final HeldMemory memory = new HeldMemory(budget);
        private Chunk chunk;
        private int chunkNumber;
        /** The next free entry of {@link #chunk}; {@link #perChunk} when full (or none yet). */
        private int used = perChunk;
        private long added;
        private int unflushed;

        /**
         * Adds the configuration unless present; returns whether it was new (this caller then owns its
         * exploration). Copies {@code set} when adding.
         *
         * @throws MemoryLimit when a chunk or a bigger table does not fit the budget
         */
        boolean add(long setHash, Object state, long[] set) {
            long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
            long tag = hash & TAG;
            boolean written = false;
            for (;;) {
                if (growth != null) {
                    help();
                }
                long[] t = table;
                int mask = t.length - 1;
                int i = (int) (hash >>> (64 - Integer.numberOfTrailingZeros(t.length)));
                for (;;) {
                    long s = (long) SLOTS.getAcquire(t, i);
                    if (s == 0) {
                        if (!written) {
                            write(set, state);
                            written = true;
                        }
                        // The entry's bitset and state were written above: the CAS publishes them to whoever
                        // reads the slot (getAcquire).
                        if (SLOTS.compareAndSet(t, i, 0L, tag | ((long) (chunkNumber << chunkBits | used) + 1))) {
                            used++;
                            added++;
                            if (++unflushed >= flushEvery(t)) {
                                flush(t);
                            }
                            return true;
                        }
                        s = (long) SLOTS.getAcquire(t, i);
                    }
                    if (s == MOVED) {
                        awaitGrowth(t);
                        break;
                    }
                    if ((s & TAG) == tag && same((int) s - 1, set, state)) {
                        return false;
                    }
                    i = (i + 1) & mask;
                }
            }
        }

        /** Writes the configuration into this writer's next free entry (not yet published). */
        private void write(long[] set, Object state) {
            if (used == perChunk) {
                newChunk();
            }
            System.arraycopy(set, 0, chunk.sets, used * words, words);
            chunk.states[used] = state;
        }

        private void newChunk() {
            int entries = perChunk;
            memory.reserve((long) entries * (words * 8L + 4 + Budget.STATE_BYTES));
            int number = chunkCount.getAndIncrement();
            if (number >= (Integer.MAX_VALUE >> chunkBits) - 1) {
                // Entry numbers end here; the memory budget normally stops the search long before.
                throw new OutOfMemoryError("shared configuration set of " + number + " chunks");
            }
            Chunk c = new Chunk(entries, words);
            synchronized (SharedConfigurationSet.this) {
                Chunk[] all = chunks;
                if (number >= all.length) {
                    all = Arrays.copyOf(all, Math.max(all.length * 2, number + 1));
                }
                all[number] = c;
                chunks = all; // a volatile write: the chunk is visible to whoever reads the directory after it
            }
            chunk = c;
            chunkNumber = number;
            used = 0;
        }

        private void flush(long[] t) {
            long total = flushed.addAndGet(unflushed);
            unflushed = 0;
            if (total > t.length >>> 1 && growth == null && table == t) {
                startGrowth(t);
            }
        }

        /** Entries this writer added. */
        long added() {
            return added;
        }

        /** Gives back the memory of this writer's chunks (when the search is over). */
        void release() {
            memory.release();
        }
    }

    /**
     * How many additions a writer makes between reports to the shared count: few enough that all threads together
     * cannot fill the table's other half before one of them starts its growth.
     */
    private int flushEvery(long[] t) {
        return Math.max(1, Math.min(256, t.length / (8 * maxThreads)));
    }

    /** Whether entry {@code e} holds exactly this bitset and state. */
    private boolean same(int e, long[] set, Object state) {
        Chunk c = chunks[e >>> chunkBits];
        int base = (e & ((1 << chunkBits) - 1)) * words;
        long[] sets = c.sets;
        for (int i = 0; i < words; i++) {
            if (sets[base + i] != set[i]) {
                return false;
            }
        }
        return c.states[e & ((1 << chunkBits) - 1)].equals(state);
    }

    /** A doubling of the table: the ranges of old slots still to move, and how many are moved. */
    private static final class Growth {
        final long[] old;
        final long[] bigger;
        final int ranges;
        final AtomicInteger nextRange = new AtomicInteger();
        final AtomicInteger movedRanges = new AtomicInteger();

        Growth(long[] old, long[] bigger) {
            this.old = old;
            this.bigger = bigger;
            this.ranges = Math.max(1, old.length / MOVE_RANGE);
        }
    }

    private void startGrowth(long[] t) {
        synchronized (this) {
            if (growth != null || table != t) {
                return;
            }
            if (t.length >= 1 << 30) {
                throw new OutOfMemoryError("shared configuration set of " + flushed.get() + " entries");
            }
            tableMemory.reserve(t.length * 16L);
            growth = new Growth(t, new long[t.length * 2]);
        }
        help();
    }

    /** Moves ranges of old slots until none is left to take. */
    private void help() {
        Growth g = growth;
        if (g == null) {
            return;
        }
        long[] bigger = g.bigger;
        int shift = 64 - Integer.numberOfTrailingZeros(bigger.length);
        int mask = bigger.length - 1;
        int perRange = g.old.length / g.ranges;
        for (int r = g.nextRange.getAndIncrement(); r < g.ranges; r = g.nextRange.getAndIncrement()) {
            for (int i = r * perRange, end = i + perRange; i < end; i++) {
                long s = (long) SLOTS.getAndSet(g.old, i, MOVED);
                if (s != 0) {
                    // The slot's tag holds the top 32 bits of the hash, so its place in the bigger table.
                    int j = (int) (s >>> shift);
                    while (!SLOTS.compareAndSet(bigger, j, 0L, s)) {
                        j = (j + 1) & mask;
                    }
                }
            }
            if (g.movedRanges.incrementAndGet() == g.ranges) {
                synchronized (this) {
                    table = bigger;
                    growth = null;
                    tableMemory.account(bigger.length * 8L);
                }
            }
        }
    }

    /** Waits (helping) until the table that had {@code t}'s moved slot has been replaced. */
    private void awaitGrowth(long[] t) {
        help();
        for (int spins = 0; table == t; spins++) {
            if (spins < 1000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** A new writer, for one thread. */
    Writer writer() {
        return new Writer();
    }

    /** Gives back the memory of the table (the writers give back their own). */
    void release() {
        synchronized (this) {
            tableMemory.release();
        }
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb34f1a2d20c5L;
        return z ^ (z >>> 33);
    }
}
