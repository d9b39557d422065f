package dev.ariadne.core.check;

import java.util.List;

/**
 * The answer for a whole history: {@link Verdict#NOT_LINEARIZABLE} if any partition is, else
 * {@link Verdict#UNKNOWN} if any partition could not be decided, else {@link Verdict#LINEARIZABLE}. Partitions
 * cancelled after another one failed are reported {@code UNKNOWN} with reason {@code cancelled}.
 *
 * @param verdict    the answer
 * @param reason     for {@code UNKNOWN}: why (for example a time limit), else {@code null}
 * @param model      the model's name
 * @param operations the number of operations checked
 * @param partitions one result per partition, in partition order
 * @param statistics totals over all partitions
 */
public record Result(Verdict verdict, String reason, String model, int operations, List<PartitionResult> partitions,
                     Statistics statistics) {

    /** Whether the history is linearizable. */
    public boolean isLinearizable() {
        return verdict == Verdict.LINEARIZABLE;
    }

    /** This result with {@code note} added to every partition's note ({@link PartitionResult#withAddedNote}). */
    public Result withNote(String note) {
        List<PartitionResult> noted = new java.util.ArrayList<>(partitions.size());
        for (PartitionResult p : partitions) {
            noted.add(p.withAddedNote(note));
        }
        return new Result(verdict, reason, model, operations, noted, statistics);
    }

    /**
     * This result with {@code from} replaced by {@code to} in its reasons and its partitions': the time limit a
     * caller gave, where a check ran with what was left of it.
     */
    public Result withReasonReplaced(String from, String to) {
        List<PartitionResult> partitions = new java.util.ArrayList<>(this.partitions.size());
        for (PartitionResult p : this.partitions) {
            partitions.add(p.reason() == null || !p.reason().contains(from) ? p
                    : new PartitionResult(p.index(), p.label(), p.operations(), p.verdict(), p.witness(),
                    p.violation(), p.reason().replace(from, to), p.engine(), p.statistics(), p.note()));
        }
        return new Result(verdict, reason == null ? null : reason.replace(from, to), model, operations, partitions,
                statistics);
    }

    /** The partitions that are not linearizable. */
    public List<PartitionResult> violations() {
        // A loop, not a stream: every report asks, and a stream pipeline's first use in a run costs milliseconds
        List<PartitionResult> violated = new java.util.ArrayList<>();
        for (PartitionResult p : partitions) {
            if (p.verdict() == Verdict.NOT_LINEARIZABLE) {
                violated.add(p);
            }
        }
        return List.copyOf(violated);
    }
}
