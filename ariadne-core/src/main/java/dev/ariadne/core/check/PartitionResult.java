package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * The answer for one independent part of a history.
 *
 * @param index      the partition's position (0-based)
 * @param label      what the partition holds, for example {@code key "x"}, or {@code all} when unpartitioned
 * @param operations the number of operations in it
 * @param verdict    the answer
 * @param witness    for {@link Verdict#LINEARIZABLE}: a valid order of the operations that took effect
 *                   (completed ones, and the pending ones the order needs); empty otherwise
 * @param violation  for {@link Verdict#NOT_LINEARIZABLE}: the evidence; {@code null} otherwise
 * @param reason     for {@link Verdict#UNKNOWN}: why no answer; {@code null} otherwise
 * @param engine     the engine that decided
 * @param statistics what the search did
 * @param note       what a person should know about how the partition was checked, whatever the verdict: that
 *                   the decision procedure named in the options did not apply, why, and which engine checked
 *                   instead; {@code null} when there is nothing to say
 */
public record PartitionResult(int index, String label, int operations, Verdict verdict, List<Operation> witness,
                              Violation violation, String reason, String engine, Statistics statistics,
                              String note) {

    /** A result without a note. */
    public PartitionResult(int index, String label, int operations, Verdict verdict, List<Operation> witness,
                           Violation violation, String reason, String engine, Statistics statistics) {
        this(index, label, operations, verdict, witness, violation, reason, engine, statistics, null);
    }

    /** This result with {@code note} (see {@link #note()}). */
    public PartitionResult withNote(String note) {
        return new PartitionResult(index, label, operations, verdict, witness, violation, reason, engine, statistics,
                note);
    }

    /** This result with {@code note} added after the note it has, if any ({@code "first; note"}). */
    public PartitionResult withAddedNote(String note) {
        return withNote(this.note == null ? note : this.note + "; " + note);
    }

    /** This result with {@code s} as what the search did (the sum of several rounds, say). */
    PartitionResult withStatistics(Statistics s) {
        return new PartitionResult(index, label, operations, verdict, witness, violation, reason, engine, s, note);
    }
}
