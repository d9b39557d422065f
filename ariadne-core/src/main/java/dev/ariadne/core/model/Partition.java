package dev.ariadne.core.model;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * An independent part of a history, as produced by {@link Model#partition}: its operations (ids kept) and a
 * label saying what it holds, such as {@code key "x"}.
 *
 * @param label      what the part holds; escaped if it contains history values
 * @param operations the part's operations, in history order
 */
public record Partition(String label, List<Operation> operations) {

    /** The whole history as a single part. */
    public static Partition whole(List<Operation> operations) {
        return new Partition("all", operations);
    }
}
