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
 * the linearized set and the state, never by the hash alone, so colliding hashes cost a comparison, never a wrong
 * answer. As in {@link ConfigurationCache}, a set is stored as its window ({@link LinearizedSet}: the index of its
 * first word that is not full, the words from there to its last word that is not zero, and the pending operations'
 * bits), so an entry grows with the operations open at once, not with the history. Every entry of one set has
 * pending bits of the same length (one search's), so an entry's length tells its window's.
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

    /** Entry numbers are {@code chunk << CHUNK_BITS | index}; a chunk holds at most {@code PER_CHUNK} entries. */
    private static final int CHUNK_BITS = 14;
    private static final int PER_CHUNK = (1 << CHUNK_BITS) - 1;
    /**
     * A chunk's arena of windows: just under 2 MiB (header included) unless one window needs more. With the G1
     * collector's regions of 1-2 MiB (heaps under 8 GiB) such an array is a "humongous" object, allocated outside
     * the young generation and never copied by its collections. Chunks of 1,024 entries were copied by every young
     * collection while live, which took more pause time than the search on two threads saved.
     */
    private static final int ARENA_LONGS = ((1 << 21) - 64) / 8;
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

    /** A set sized for a search over {@code operations} operations on up to {@code maxThreads}. */
    SharedConfigurationSet(int operations, int maxThreads, Budget budget) {
        this.maxThreads = Math.max(1, maxThreads);
        this.budget = budget;
        this.tableMemory = new HeldMemory(budget);
        int bits = Math.max(MIN_TABLE_BITS, Math.min(20, 33 - Integer.numberOfLeadingZeros(operations * 16)));
        tableMemory.reserve(8L << bits);
        this.table = new long[1 << bits];
    }

    /**
     * The windows and states of up to {@link #PER_CHUNK} entries, written by one writer before it publishes them:
     * entry i's window and pending bits are {@code sets[starts[i] .. starts[i + 1])}, its first word's index
     * {@code bases[i]}.
     */
    private static final class Chunk {
        final long[] sets;
        final int[] starts;
        final int[] bases;
        final Object[] states;

        Chunk(int entries, int arenaLongs) {
            sets = new long[arenaLongs];
            starts = new int[entries + 1];
            bases = new int[entries];
            states = new Object[entries];
        }

        /** What a chunk of these sizes holds, with {@link Budget#STATE_BYTES} for each state it may keep. */
        static long bytes(int entries, int arenaLongs) {
            return arenaLongs * 8L + (entries + 1) * 4L + entries * (4L + 4L + Budget.STATE_BYTES);
        }
    }

    /** One thread's handle for adding: its current chunk, its count, and the memory its chunks hold. */
    final class Writer {
        private final HeldMemory memory = new HeldMemory(budget);
        private Chunk chunk;
        private int chunkNumber;
        /** The next free entry of {@link #chunk}; {@link #PER_CHUNK} when full (or none yet). */
        private int used = PER_CHUNK;
        private long added;
        /** The window words of this writer's entries, which size its next chunk's arena. */
        private long addedWords;
        private int unflushed;

        /**
         * Adds the configuration unless present; returns whether it was new (this caller then owns its
         * exploration). {@code setHash} must be equal for equal sets. Copies the set's window and pending bits when
         * adding.
         *
         * @throws MemoryLimit when a chunk or a bigger table does not fit the budget
         */
        boolean add(long setHash, Object state, LinearizedSet set) {
            return add(setHash, state, set.bits, set.lo, set.hi, set.pendingBits);
        }

        /** {@link #add(long, Object, LinearizedSet)} of a whole bitset, no operation pending (tests). */
        boolean add(long setHash, Object state, long[] set) {
            int lo = LinearizedSet.firstNotFull(set);
            return add(setHash, state, set, lo, LinearizedSet.endOfNonZero(set, lo), NO_PENDING);
        }

        /** The set is {@code set}'s canonical window {@code [lo, hi)} ({@link LinearizedSet}) and {@code pending}. */
        private boolean add(long setHash, Object state, long[] set, int lo, int hi, long[] pending) {
            int window = Math.max(0, hi - lo);
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
                            write(set, lo, window, pending, state);
                            written = true;
                        }
                        // The entry's bitset and state were written above: the CAS publishes them to whoever
                        // reads the slot (getAcquire).
                        if (SLOTS.compareAndSet(t, i, 0L, tag | ((long) (chunkNumber << CHUNK_BITS | used) + 1))) {
                            used++;
                            added++;
                            addedWords += window + pending.length;
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
                    if ((s & TAG) == tag && same((int) s - 1, set, lo, window, pending, state)) {
                        return false;
                    }
                    i = (i + 1) & mask;
                }
            }
        }

        /** Writes the configuration into this writer's next free entry (not yet published). */
        private void write(long[] set, int lo, int window, long[] pending, Object state) {
            int length = window + pending.length;
            if (used == PER_CHUNK || chunk.sets.length - chunk.starts[used] < length) {
                newChunk(length);
            }
            int start = chunk.starts[used];
            System.arraycopy(set, lo, chunk.sets, start, window);
            System.arraycopy(pending, 0, chunk.sets, start + window, pending.length);
            chunk.starts[used + 1] = start + length;
            chunk.bases[used] = lo;
            chunk.states[used] = state;
        }

        /**
         * Starts a chunk whose arena fits {@code length} words: sized for {@link #PER_CHUNK} windows of this
         * writer's average so far (a quarter more), at most {@link #ARENA_LONGS} unless the one window needs more.
         */
        private void newChunk(int length) {
            long average = added == 0 ? 2 : (addedWords * 5 / 4 + added - 1) / added;
            int arenaLongs = (int) Math.max(length, Math.min(ARENA_LONGS, PER_CHUNK * Math.max(1, average)));
            memory.reserve(Chunk.bytes(PER_CHUNK, arenaLongs));
            int number = chunkCount.getAndIncrement();
            if (number >= (Integer.MAX_VALUE >> CHUNK_BITS) - 1) {
                // Entry numbers end here; the memory budget normally stops the search long before.
                throw new OutOfMemoryError("shared configuration set of " + number + " chunks");
            }
            Chunk c = new Chunk(PER_CHUNK, arenaLongs);
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

    /** Whether entry {@code e} holds exactly the window {@code set[lo .. lo + window)}, {@code pending} and this state. */
    private boolean same(int e, long[] set, int lo, int window, long[] pending, Object state) {
        Chunk c = chunks[e >>> CHUNK_BITS];
        int index = e & ((1 << CHUNK_BITS) - 1);
        int start = c.starts[index];
        if (c.bases[index] != lo || c.starts[index + 1] - start != window + pending.length) {
            return false;
        }
        long[] sets = c.sets;
        for (int i = 0; i < window; i++) {
            if (sets[start + i] != set[lo + i]) {
                return false;
            }
        }
        for (int i = 0; i < pending.length; i++) {
            if (sets[start + window + i] != pending[i]) {
                return false;
            }
        }
        return c.states[index].equals(state);
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

    private static final long[] NO_PENDING = new long[0];

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
