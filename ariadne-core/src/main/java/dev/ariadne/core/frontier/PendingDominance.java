package dev.ariadne.core.frontier;

import dev.ariadne.core.model.Model;

import java.util.Arrays;

/**
 * The {@link Frontier}'s rules for pending (crashed) operations, which stay open for ever. A configuration that
 * linearized a pending operation is <em>dominated</em> by one with the same state and the same completed
 * operations that linearized a strict subset of its pending ones (the other can still do everything it can, and
 * more), or, where the model says which pending inputs {@linkplain Model#covers cover} which, one whose remaining
 * pending operations can stand in for all of its own (a bipartite matching). Dominated configurations are dropped
 * twice: in the closure, as nodes are reached ({@link #admit}, {@link #link}: grouped by state and completed
 * operations), and after it, among the surviving configurations ({@link #prune}). A pending operation linearized
 * in every configuration is forgotten like a returned one ({@link #forgetPlaced}).
 *
 * <p>Contract: only dominated configurations are dropped, so the frontier stays exact. The closure nodes it groups
 * are those of the closure's set given at construction; {@link #clearGroups} starts a new closure. The tables
 * live across returns and grow with the largest closure; comparisons allocate nothing.
 */
final class PendingDominance {
    private final Model<?> model;
    private final OpenOperations open;
    /** The closure's nodes, which {@link #admit} compares. */
    private final ConfigSet nodes;
    /** Whether the model says some pending inputs cover others ({@link Model#covers}); probed once per frontier. */
    private final boolean covering;
    /**
     * Per pending slot: the pending slots whose input covers its input, a bitset of {@link OpenOperations#words}
     * longs (kept only while {@link #covering}; bits of slots that are no longer pending are masked out where
     * used).
     */
    private long[][] coveredBy = new long[64][];
    /** The state of a bipartite matching in {@link #mayDoAll}, by slot; an entry counts only with this stamp. */
    private int[] matchOwner = new int[64];
    private int[] matchOwnerStamp = new int[64];
    private int[] matchSeenStamp = new int[64];
    private int matchStamp;
    private int seenStamp;
    private long[] matchHave = new long[1];

    /**
     * Closure nodes grouped by (state, completed operations): an open-addressing table from group hash to the first
     * node, a next-pointer per node, and per node whether a node of its group with fewer pending operations made it
     * dead.
     */
    private int[] groupHead = newTable(64);
    private long[] groupKeys = new long[64];
    private int[] groupUsed = new int[64];
    private int groupUsedCount;
    private int[] groupNext = new int[16];
    private boolean[] dead = new boolean[16];
    /** The table position and key of the group the last {@link #admit} looked at, for {@link #link}. */
    private int groupPos;
    private long groupKeyNow;

    /**
     * Group members and pairs compared so far ({@link #admit}, {@link #prune}): the frontier counts them as work
     * ({@link Frontier#work}), since a group of many nodes costs that much without a model step.
     */
    long scanned;
    /** {@link #scanned} beyond which {@link #prune} stops comparing (set by {@link Frontier#limitWork}). */
    long scanLimit = Long.MAX_VALUE;

    private long[] pruneKeys = new long[16];
    private boolean[] drop = new boolean[16];
    /** The pending slots linearized everywhere, in {@link #forgetPlaced}. */
    private long[] placed = new long[1];

    PendingDominance(Model<?> model, OpenOperations open, ConfigSet nodes) {
        this.model = model;
        this.open = open;
        this.nodes = nodes;
        this.covering = overridesCovers(model);
    }

    /** Whether the model's class declares {@link Model#covers} (so that the matching can find anything). */
    private static boolean overridesCovers(Model<?> model) {
        try {
            return model.getClass().getMethod("covers", Object.class, Object.class).getDeclaringClass()
                    != Model.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** Records which pending operations cover the one that just became pending in {@code slot}, and which it covers. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void notePending(int slot) {
        if (!covering) {
            return;
        }
        Model m = model;
        OpenOperations o = open;
        if (slot >= coveredBy.length) {
            int c = Math.max(coveredBy.length * 2, slot + 1);
            coveredBy = Arrays.copyOf(coveredBy, c);
            matchOwner = Arrays.copyOf(matchOwner, c);
            matchOwnerStamp = Arrays.copyOf(matchOwnerStamp, c);
            matchSeenStamp = Arrays.copyOf(matchSeenStamp, c);
        }
        int words = o.words;
        long[] row = new long[words];
        coveredBy[slot] = row;
        Object input = o.inputs[o.slotOp[slot]];
        for (int k = 0; k < words; k++) {
            for (long p = o.pendingMask[k]; p != 0; p &= p - 1) {
                int other = k * 64 + Long.numberOfTrailingZeros(p);
                if (other == slot) {
                    continue;
                }
                Object otherInput = o.inputs[o.slotOp[other]];
                if (m.covers(otherInput, input)) {
                    row[k] |= 1L << other;
                }
                long[] otherRow = coveredBy[other];
                if (m.covers(input, otherInput)) {
                    otherRow[slot >>> 6] |= 1L << slot;
                } else {
                    otherRow[slot >>> 6] &= ~(1L << slot);
                }
            }
        }
    }

    // ---- in the closure -----------------------------------------------------------------------------------------

    private static int[] newTable(int capacity) {
        int[] t = new int[capacity];
        Arrays.fill(t, -1);
        return t;
    }

    /** Forgets the groups of the previous closure. */
    void clearGroups() {
        for (int i = 0; i < groupUsedCount; i++) {
            groupHead[groupUsed[i]] = -1;
        }
        groupUsedCount = 0;
    }

    private long groupKey(Object state, long[] bits, int off) {
        long[] pendingMask = open.pendingMask;
        long h = state.hashCode() * 0x9E3779B97F4A7C15L;
        for (int i = 0, w = open.words; i < w; i++) {
            h += ConfigSet.mix((bits[off + i] & ~pendingMask[i]) + i * 0xD6E8FEB86659FD93L);
        }
        return ConfigSet.mix(h);
    }

    /**
     * Whether a closure node (state, bits) is worth keeping: no node of the same group (same state, same completed
     * operations) linearized a subset of its pending operations. Nodes of the group that linearized a strict
     * superset are marked dead: they are not expanded. Remembers the group for {@link #link}.
     */
    boolean admit(Object state, long[] bits, int off) {
        long key = groupKey(state, bits, off);
        int mask = groupHead.length - 1;
        int i = (int) key & mask;
        while (groupHead[i] >= 0 && groupKeys[i] != key) {
            i = (i + 1) & mask;
        }
        groupPos = i;
        groupKeyNow = key;
        int w = open.words;
        long[] pendingMask = open.pendingMask;
        ConfigSet vs = nodes;
        for (int m = groupHead[i]; m >= 0; m = groupNext[m]) {
            scanned++;
            if (dead[m]) {
                continue;
            }
            boolean sameCompleted = true;
            boolean mWithinNew = true;
            boolean newWithinM = true;
            for (int k = 0; k < w; k++) {
                long bm = vs.bits[m * w + k];
                long bn = bits[off + k];
                long p = pendingMask[k];
                if (((bm ^ bn) & ~p) != 0) {
                    sameCompleted = false;
                    break;
                }
                mWithinNew &= (bm & p & ~bn) == 0;
                newWithinM &= (bn & p & ~bm) == 0;
            }
            if (!sameCompleted || !(mWithinNew || newWithinM || covering) || !state.equals(vs.states[m])) {
                continue;
            }
            if (mWithinNew || covering && mayDoAll(vs.bits, m * w, bits, off)) {
                return false;
            }
            if (newWithinM || covering && mayDoAll(bits, off, vs.bits, m * w)) {
                dead[m] = true;
            }
        }
        return true;
    }

    /**
     * Enters closure node e into the group the last {@link #admit} looked at; it is dead (not to be expanded)
     * unless {@code admitted}.
     */
    void link(int e, boolean admitted) {
        if (groupNext.length <= e) {
            int c = Math.max(groupNext.length * 2, e + 1);
            groupNext = Arrays.copyOf(groupNext, c);
            dead = Arrays.copyOf(dead, c);
        }
        dead[e] = !admitted;
        int i = groupPos;
        if (groupHead[i] < 0) {
            groupKeys[i] = groupKeyNow;
            groupUsed[groupUsedCount++] = i;
        }
        groupNext[e] = groupHead[i];
        groupHead[i] = e;
        if (groupUsedCount * 2 > groupHead.length) {
            regroup(groupHead.length * 2);
        }
    }

    /** Whether closure node v is dominated by a node of its group, so that expanding it finds nothing new. */
    boolean isDead(int v) {
        return dead[v];
    }

    private void regroup(int capacity) {
        int[] oldHead = groupHead;
        long[] oldKeys = groupKeys;
        int[] oldUsed = Arrays.copyOf(groupUsed, groupUsedCount);
        groupHead = newTable(capacity);
        groupKeys = new long[capacity];
        groupUsed = new int[capacity];
        groupUsedCount = 0;
        int mask = capacity - 1;
        for (int old : oldUsed) {
            int i = (int) oldKeys[old] & mask;
            while (groupHead[i] >= 0) {
                i = (i + 1) & mask;
            }
            groupHead[i] = oldHead[old];
            groupKeys[i] = oldKeys[old];
            groupUsed[groupUsedCount++] = i;
        }
    }

    // ---- after the closure --------------------------------------------------------------------------------------

    /**
     * Drops every configuration of {@code n} that is dominated. Configurations are grouped by a hash of (state,
     * completed bits), then compared pairwise within each group. Returns how many of the first {@code leading}
     * configurations stay.
     */
    int prune(ConfigSet n, int leading) {
        int size = n.size;
        if (size > 1 << 20) {
            return leading; // too many to index this way; the closure's rule still applied to every node
        }
        int w = open.words;
        long[] pendingMask = open.pendingMask;
        if (pruneKeys.length < size) {
            pruneKeys = new long[Integer.highestOneBit(size) * 2];
        }
        long[] keys = pruneKeys;
        for (int e = 0; e < size; e++) {
            long h = n.states[e].hashCode() * 0x9E3779B97F4A7C15L;
            for (int i = 0; i < w; i++) {
                h += ConfigSet.mix((n.bits[e * w + i] & ~pendingMask[i]) + i * 0xD6E8FEB86659FD93L);
            }
            keys[e] = (ConfigSet.mix(h) & ~0xFFFFFL) | e; // the low 20 bits hold the entry
        }
        Arrays.sort(keys, 0, size);
        if (drop.length < size) {
            drop = new boolean[Integer.highestOneBit(size) * 2];
        }
        boolean any = false;
        for (int from = 0; from < size; ) {
            int to = from + 1;
            while (to < size && (keys[to] & ~0xFFFFFL) == (keys[from] & ~0xFFFFFL)) {
                to++;
            }
            if (scanned > scanLimit) {
                break; // out of work: dropping dominated configurations is optional (the frontier stops now)
            }
            scanned += (long) (to - from) * (to - from);
            for (int a = from; a < to; a++) {
                int i = (int) (keys[a] & 0xFFFFF);
                for (int b = from; b < to && !drop[i]; b++) {
                    int j = (int) (keys[b] & 0xFFFFF);
                    if (i != j && !drop[j] && dominates(n, j, i)) {
                        drop[i] = true;
                        any = true;
                    }
                }
            }
            from = to;
        }
        return n.removeMarked(drop, any, leading);
    }

    /** Whether configuration j of {@code set} dominates configuration i. */
    private boolean dominates(ConfigSet set, int j, int i) {
        int w = open.words;
        long[] pendingMask = open.pendingMask;
        boolean strict = false;
        boolean subset = true;
        for (int k = 0; k < w; k++) {
            long bi = set.bits[i * w + k];
            long bj = set.bits[j * w + k];
            long p = pendingMask[k];
            if (((bi ^ bj) & ~p) != 0) {
                return false; // different completed operations
            }
            subset &= (bj & p & ~bi) == 0;
            strict |= ((bi ^ bj) & p) != 0;
        }
        if (!strict || !subset && !covering) {
            return false;
        }
        return set.states[i].equals(set.states[j]) && (subset || mayDoAll(set.bits, j * w, set.bits, i * w));
    }

    /**
     * Whether a configuration whose linearized pending operations are {@code a} (at {@code offA}) may still do
     * everything one with {@code b} may, given the same state and completed operations: each pending operation
     * {@code b} has left but {@code a} used is matched to a distinct one that {@code a} has left but {@code b}
     * used, whose input {@linkplain Model#covers covers} it (a bipartite matching by augmenting paths). Then
     * {@code b}'s future linearizations are {@code a}'s with those operations substituted.
     */
    private boolean mayDoAll(long[] a, int offA, long[] b, int offB) {
        int w = open.words;
        long[] pendingMask = open.pendingMask;
        long[] have = matchHave;
        boolean needs = false;
        for (int k = 0; k < w; k++) {
            long p = pendingMask[k];
            needs |= (a[offA + k] & ~b[offB + k] & p) != 0; // left to b, used by a: a must cover them
            have[k] = b[offB + k] & ~a[offA + k] & p; // left to a, used by b
        }
        if (!needs) {
            return true;
        }
        for (int k = 0; k < w; k++) {
            for (long m = a[offA + k] & ~b[offB + k] & pendingMask[k]; m != 0; m &= m - 1) {
                if (!intersects(coveredBy[k * 64 + Long.numberOfTrailingZeros(m)], have)) {
                    return false; // nothing a has left covers it: the common case, decided without a matching
                }
            }
        }
        matchStamp++;
        for (int k = 0; k < w; k++) {
            for (long m = a[offA + k] & ~b[offB + k] & pendingMask[k]; m != 0; m &= m - 1) {
                seenStamp++;
                if (!augment(k * 64 + Long.numberOfTrailingZeros(m))) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean intersects(long[] row, long[] have) {
        for (int k = 0, w = open.words; k < w; k++) {
            if ((row[k] & have[k]) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Kuhn's augmenting path from needed slot l: finds it a covering slot, re-matching others on the way. */
    private boolean augment(int l) {
        long[] row = coveredBy[l];
        for (int k = 0, w = open.words; k < w; k++) {
            for (long m = row[k] & matchHave[k]; m != 0; m &= m - 1) {
                int r = k * 64 + Long.numberOfTrailingZeros(m);
                if (matchSeenStamp[r] == seenStamp) {
                    continue;
                }
                matchSeenStamp[r] = seenStamp;
                if (matchOwnerStamp[r] != matchStamp || augment(matchOwner[r])) {
                    matchOwner[r] = l;
                    matchOwnerStamp[r] = matchStamp;
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Pending operations linearized in every configuration of {@code live} are forgotten: their bits are cleared
     * and their slots freed.
     */
    void forgetPlaced(ConfigSet live) {
        OpenOperations o = open;
        int w = o.words;
        long[] all = placed;
        System.arraycopy(o.pendingMask, 0, all, 0, w);
        long any = 0;
        for (int e = 0; e < live.size; e++) {
            any = 0;
            for (int i = 0; i < w; i++) {
                all[i] &= live.bits[e * w + i];
                any |= all[i];
            }
            if (any == 0) {
                return;
            }
        }
        for (int i = 0; i < w; i++) {
            long m = all[i];
            if (m == 0) {
                continue;
            }
            for (int e = 0; e < live.size; e++) {
                live.bits[e * w + i] &= ~m;
            }
            o.pendingMask[i] &= ~m;
            while (m != 0) {
                int slot = i * 64 + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                o.forgetPending(slot);
            }
        }
        live.rehash();
    }

    /** Widens the bitsets it keeps to {@code newWords} longs. */
    void widen(int newWords) {
        for (int i = 0; i < coveredBy.length; i++) {
            if (coveredBy[i] != null) {
                coveredBy[i] = Arrays.copyOf(coveredBy[i], newWords);
            }
        }
        matchHave = Arrays.copyOf(matchHave, newWords);
        placed = Arrays.copyOf(placed, newWords);
    }

    /** Copies {@code other}'s cover relation, for a frontier made a copy of another (groups last one closure). */
    void copyFrom(PendingDominance other) {
        coveredBy = other.coveredBy.clone();
        for (int i = 0; i < coveredBy.length; i++) {
            if (coveredBy[i] != null) {
                coveredBy[i] = coveredBy[i].clone();
            }
        }
        matchOwner = new int[coveredBy.length];
        matchOwnerStamp = new int[coveredBy.length];
        matchSeenStamp = new int[coveredBy.length];
        matchHave = new long[other.open.words];
        placed = new long[other.open.words];
    }
}
