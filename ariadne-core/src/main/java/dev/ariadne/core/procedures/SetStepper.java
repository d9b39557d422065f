package dev.ariadne.core.procedures;

import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.prepared.PreparedViews;

import java.util.List;

/**
 * The {@code set} model's steps on a membership array instead of a sorted copy-on-write sequence, so that replaying
 * a witness of n operations costs O(n) plus the sizes of the reads rather than O(n) times the size of the set.
 * It accepts exactly what {@link dev.ariadne.core.models.SetModel#step} accepts, from the empty set; the
 * differential tests replay every witness it approves on the model itself.
 */
final class SetStepper implements Replay.Stepper {
    private final boolean[] present;
    private int size;

    /** A stepper for the prepared set operations {@code ops}, starting empty. */
    SetStepper(List<Operation> ops) {
        int max = 0;
        for (Operation op : ops) {
            switch (PreparedViews.kind(op.input())) {
                case SET_READ -> {
                    int[] ids = op.output() == Operation.UNKNOWN ? null : PreparedViews.ids(op.output());
                    if (ids != null) {
                        for (int id : ids) {
                            max = Math.max(max, id);
                        }
                    }
                }
                case SET_ADD, SET_REMOVE, SET_CONTAINS -> max = Math.max(max, PreparedViews.element(op.input()));
                default -> throw new IllegalArgumentException("not a set operation: " + op);
            }
        }
        this.present = new boolean[max + 1];
    }

    @Override
    public boolean step(Operation op) {
        Object out = op.output();
        boolean known = out != Operation.UNKNOWN;
        switch (PreparedViews.kind(op.input())) {
            case SET_ADD -> {
                int v = PreparedViews.element(op.input());
                if (known && (Boolean) out == present[v]) {
                    return false; // → true needs v absent, → false needs it present
                }
                if (!present[v]) {
                    present[v] = true;
                    size++;
                }
                return true;
            }
            case SET_REMOVE -> {
                int v = PreparedViews.element(op.input());
                if (known && (Boolean) out != present[v]) {
                    return false;
                }
                if (present[v]) {
                    present[v] = false;
                    size--;
                }
                return true;
            }
            case SET_CONTAINS -> {
                return !known || (Boolean) out == present[PreparedViews.element(op.input())];
            }
            default -> { // SET_READ: the listed ids are sorted and distinct
                if (!known) {
                    return true;
                }
                int[] ids = PreparedViews.ids(out);
                if (ids.length != size) {
                    return false;
                }
                for (int id : ids) {
                    if (!present[id]) {
                        return false;
                    }
                }
                return true;
            }
        }
    }
}
