package dev.ariadne.core.frontier;

import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.MemoryLimit;
import java.util.Arrays;

/**
 * The linearizations behind a {@link Frontier}'s configurations, shared: an arena of (operation, parent) entries,
 * where each configuration keeps the entry of the last operation it placed ({@link ConfigSet#trails}, -1 for none)
 * and the chain of parents reads its linearization back. Appending allocates nothing but amortised growth.
 *
 * <p>Entries no configuration reaches any more are garbage; {@link #compact} drops them (keeping the order of
 * the others) when {@link #needsCompaction} says the arena grew enough since the last time. A speculative
 * frontier {@linkplain #shareFrom shares} another's arena: it appends after the other's entries, which the
 * other overwrites later, and it must never compact.
 */
final class Trail {
    private final Budget budget;
    private int[] op = new int[1024];
    private int[] parent = new int[1024];
    private int size;
    /** The arena compacts when it grows past this; twice what survived the last compaction, or more. */
    private int limit = 1 << 16;
    /** Bytes reserved from the budget for growth and not yet {@linkplain #takeReserved taken} into an account. */
    private long reserved;

    Trail(Budget budget) {
        this.budget = budget;
    }

    /** Appends operation {@code op} after entry {@code parent} (-1: first) and returns the new entry. */
    int append(int op, int parent) {
        if (size == this.op.length) {
            MemoryLimit.reserve(budget, size * 16L);
            reserved += size * 16L;
            this.op = Arrays.copyOf(this.op, size * 2);
            this.parent = Arrays.copyOf(this.parent, size * 2);
        }
        this.op[size] = op;
        this.parent[size] = parent;
        return size++;
    }

    /** The operations of the linearization ending at entry {@code trail}, in order. */
    int[] order(int trail) {
        return order(op, parent, trail);
    }

    /** The operations of the chain ending at entry {@code trail} of the arena ({@code op}, {@code parent}), in order. */
    static int[] order(int[] op, int[] parent, int trail) {
        int length = 0;
        for (int t = trail; t >= 0; t = parent[t]) {
            length++;
        }
        int[] order = new int[length];
        for (int t = trail; t >= 0; t = parent[t]) {
            order[--length] = op[t];
        }
        return order;
    }

    /** Whether the arena grew enough since the last compaction for {@link #compact} to be worth its pass. */
    boolean needsCompaction() {
        return size > limit;
    }

    /**
     * Drops the entries that no configuration of {@code live} reaches, keeping the order of the others, and
     * renumbers the configurations' entries.
     */
    void compact(ConfigSet live) {
        int n = compact(op, parent, size, live.trails, live.size);
        limit = nextLimit(n, size);
        size = n;
        int capacity = shrunk(n, op.length);
        if (capacity < op.length) {
            op = Arrays.copyOf(op, capacity);
            parent = Arrays.copyOf(parent, capacity);
        }
    }

    /**
     * The size past which an arena that kept {@code kept} of its {@code size} entries compacts next: twice what
     * survived, or four times when little was garbage (one long chain), so that it waits longer before the next try.
     */
    static int nextLimit(int kept, int size) {
        return Math.max(1 << 16, (kept * 4 > size * 3 ? 4 : 2) * kept);
    }

    /** The capacity an arena of {@code length} entries holding {@code kept} shrinks to; {@code length} to keep it. */
    static int shrunk(int kept, int length) {
        int capacity = Math.max(1024, Integer.highestOneBit(Math.max(1, kept)) * 4);
        return length > capacity * 2 ? capacity : length;
    }

    /**
     * Compacts the arena ({@code op}, {@code parent}, its first {@code size} entries) in place to the entries
     * that the first {@code count} of {@code trails} reach, keeping their order, renumbers those trails, and
     * returns how many entries are left.
     */
    static int compact(int[] op, int[] parent, int size, int[] trails, int count) {
        int[] map = new int[size];
        Arrays.fill(map, -1);
        for (int e = 0; e < count; e++) {
            for (int t = trails[e]; t >= 0 && map[t] == -1; t = parent[t]) {
                map[t] = -2;
            }
        }
        int n = 0;
        for (int t = 0; t < size; t++) {
            if (map[t] == -2) {
                int p = parent[t];
                op[n] = op[t];
                parent[n] = p < 0 ? -1 : map[p];
                map[t] = n++;
            }
        }
        for (int e = 0; e < count; e++) {
            if (trails[e] >= 0) {
                trails[e] = map[trails[e]];
            }
        }
        return n;
    }

    /**
     * Cuts the start of the order every configuration of {@code live} shares, all but its last {@code keep}
     * entries, stopping at the first operation {@code cuttable} refuses; returns the operations cut, in order. The
     * first entry kept becomes a root, and the arena is compacted.
     */
    int[] cutCommon(ConfigSet live, int keep, java.util.function.IntPredicate cuttable) {
        compact(live); // now every entry is reachable, and parents come before their children
        int configs = live.size;
        if (configs == 0 || size == 0) {
            return new int[0];
        }
        int[] through = new int[size]; // how many configurations' orders pass through each entry
        for (int e = 0; e < configs; e++) {
            if (live.trails[e] < 0) {
                return new int[0]; // one configuration placed nothing since the base: nothing is shared
            }
            through[live.trails[e]]++;
        }
        for (int t = size - 1; t >= 0; t--) {
            if (parent[t] >= 0) {
                through[parent[t]] += through[t];
            }
        }
        int[] path = new int[size];
        int shared = 0;
        for (int t = 0; t < size; t++) {
            if (through[t] == configs) {
                path[shared++] = t; // root first: a shared entry's parent is shared, and comes before it
            }
        }
        int cut = 0;
        while (cut < shared - keep && cuttable.test(op[path[cut]])) {
            cut++;
        }
        if (cut == 0) {
            return new int[0];
        }
        int[] ops = new int[cut];
        for (int i = 0; i < cut; i++) {
            ops[i] = op[path[i]];
        }
        // path[cut] is the only child of path[cut - 1] (every entry is reachable, and all orders go through it)
        parent[path[cut]] = -1;
        compact(live);
        return ops;
    }

    /** Renumbers the operations of the entries as {@link Frontier#renumber} says. */
    void renumber(int[] map, int kept) {
        for (int t = 0; t < size; t++) {
            int x = op[t];
            op[t] = x < map.length ? map[x] : x - map.length + kept;
        }
    }

    /** Calls {@code f} with the operation of every entry. */
    void forEachOp(java.util.function.IntConsumer f) {
        for (int t = 0; t < size; t++) {
            f.accept(op[t]);
        }
    }

    /** The bytes of the arena, as the frontier reports them to the budget. */
    long bytes() {
        return op.length * 8L;
    }

    /** The bytes reserved for growth since the last call, which the caller adds to what it reported. */
    long takeReserved() {
        long r = reserved;
        reserved = 0;
        return r;
    }

    /** Appends after {@code other}'s entries from now on, in its arena (see the class comment). */
    void shareFrom(Trail other) {
        op = other.op;
        parent = other.parent;
        size = other.size;
        limit = other.limit;
    }
}
