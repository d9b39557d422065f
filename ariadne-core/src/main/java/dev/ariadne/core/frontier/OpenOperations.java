package dev.ariadne.core.frontier;

import java.util.Arrays;

/**
 * The operations a {@link Frontier} has open, and the slots they hold: the table every part of the frontier reads
 * (the closure steps them, the dominance rules compare their pending ones). An operation holds a slot from its
 * call to its return (a pending one for ever, unless forgotten); a freed slot is reused, so the configurations'
 * bitsets are {@link #words} longs, as wide as the most operations ever open at once.
 *
 * <p>The open table is unordered: {@link #removeAt} moves the last entry into the hole. Fields are read directly
 * by the frontier's parts (they sit in the closure's innermost loop); only this class writes them. Not
 * thread-safe.
 */
final class OpenOperations {
    /** Every operation's input and output, by operation number (set by {@link Frontier#operations}). */
    Object[] inputs;
    Object[] outputs;

    /** The open operations, {@link #count} of them: number, slot, and the flags below, by table index. */
    int[] op = new int[8];
    int[] slot = new int[8];
    /** The slot of the operation that must be linearized before this one (equal pending inputs), or -1. */
    int[] prev = new int[8];
    boolean[] pending = new boolean[8];
    boolean[] readOnly = new boolean[8];
    int count;
    /** How many open operations are read-only. */
    int readOnlyCount;

    /** The width of the configurations' bitsets, in longs. */
    int words = 1;
    private int[] freeSlots = new int[8];
    private int freeCount;
    private int slotsUsed;
    /** The slots of open pending operations, {@link #words} longs. */
    long[] pendingMask = new long[1];
    /** How many open operations are pending. */
    int pendingSlots;
    /** The operation holding each slot (or that held it last). */
    int[] slotOp = new int[64];

    /** A slot for an operation about to be called: a freed one if any, else a new one (maybe past {@link #words}). */
    int takeSlot() {
        return freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
    }

    /**
     * Opens operation {@code op} in {@code slot} (from {@link #takeSlot}, within {@link #words}), after the one in
     * {@code prevSlot} (or -1).
     */
    void add(int op, int slot, int prevSlot, boolean pending, boolean readOnly) {
        if (count == this.op.length) {
            int c = count * 2;
            this.op = Arrays.copyOf(this.op, c);
            this.slot = Arrays.copyOf(this.slot, c);
            prev = Arrays.copyOf(prev, c);
            this.pending = Arrays.copyOf(this.pending, c);
            this.readOnly = Arrays.copyOf(this.readOnly, c);
        }
        if (slot >= slotOp.length) {
            slotOp = Arrays.copyOf(slotOp, Math.max(slotOp.length * 2, slot + 1));
        }
        slotOp[slot] = op;
        this.op[count] = op;
        this.slot[count] = slot;
        prev[count] = prevSlot;
        this.pending[count] = pending;
        this.readOnly[count] = readOnly;
        if (readOnly) {
            readOnlyCount++;
        }
        count++;
        if (pending) {
            pendingMask[slot >>> 6] |= 1L << slot;
            pendingSlots++;
        }
    }

    /** Makes the open operation at index {@code k}, not yet pending, pending. */
    void markPending(int k) {
        pending[k] = true;
        pendingMask[slot[k] >>> 6] |= 1L << slot[k];
        pendingSlots++;
    }

    /** The table index of open operation {@code op}, or -1. */
    int indexOf(int op) {
        int[] o = this.op;
        for (int k = count - 1; k >= 0; k--) {
            if (o[k] == op) {
                return k;
            }
        }
        return -1;
    }

    /** Closes the open operation at index {@code k} and frees its slot. */
    void removeAt(int k) {
        int s = slot[k];
        if (pending[k]) {
            pendingMask[s >>> 6] &= ~(1L << s);
            pendingSlots--;
        }
        if (readOnly[k]) {
            readOnlyCount--;
        }
        int last = --count;
        op[k] = op[last];
        slot[k] = slot[last];
        prev[k] = prev[last];
        pending[k] = pending[last];
        readOnly[k] = readOnly[last];
        if (freeCount == freeSlots.length) {
            freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
        }
        freeSlots[freeCount++] = s;
        for (int j = 0; j < count; j++) { // operations that waited for this one wait for nothing any more
            if (prev[j] == s) {
                prev[j] = -1;
            }
        }
    }

    /**
     * Closes the pending operation in {@code s}, whose bit the caller already cleared from {@link #pendingMask}
     * (and from every configuration): every configuration has linearized it. Operations that waited for it wait
     * for nothing any more.
     */
    void forgetPending(int s) {
        for (int k = 0; k < count; k++) {
            if (slot[k] == s) {
                pending[k] = false; // so that removeAt does not count it twice
                pendingSlots--;
                removeAt(k);
                break;
            }
        }
        for (int k = 0; k < count; k++) {
            if (prev[k] == s) {
                prev[k] = -1;
            }
        }
    }

    /** Widens the bitsets to {@code newWords} longs. */
    void widen(int newWords) {
        pendingMask = Arrays.copyOf(pendingMask, newWords);
        words = newWords;
    }

    /** The bytes of the open table and the free slots, as the frontier reports them to the budget. */
    long bytes() {
        return op.length * 14L + freeSlots.length * 4L;
    }

    /** Makes this table a copy of {@code other}'s (the inputs and outputs are shared). */
    void copyFrom(OpenOperations other) {
        inputs = other.inputs;
        outputs = other.outputs;
        op = other.op.clone();
        slot = other.slot.clone();
        prev = other.prev.clone();
        pending = other.pending.clone();
        readOnly = other.readOnly.clone();
        count = other.count;
        readOnlyCount = other.readOnlyCount;
        freeSlots = other.freeSlots.clone();
        freeCount = other.freeCount;
        slotsUsed = other.slotsUsed;
        pendingMask = other.pendingMask.clone();
        pendingSlots = other.pendingSlots;
        slotOp = other.slotOp.clone();
        words = other.words;
    }
}
