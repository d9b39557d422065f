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
 */
public record PartitionResult(int index, String label, int operations, Verdict verdict, List<Operation> witness,
                              Violation violation, String reason, String engine, Statistics statistics) {
}
