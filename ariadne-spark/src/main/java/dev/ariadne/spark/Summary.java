package dev.ariadne.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;

import java.io.IOException;
import java.io.Serializable;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a check found, over all keys: the keys and operations, how many keys got each verdict, the keys that are
 * not linearizable (the first {@link #LISTED} in key order), the unknown ones with their reasons, the slowest keys,
 * and the exit status {@code ariadne check} would give (0 linearizable, 1 not, 2 unknown, 65 invalid input).
 *
 * @param keys       the keys checked
 * @param operations their operations in all
 * @param verdicts   keys per verdict
 * @param violating  the first {@link #LISTED} keys that are not linearizable, in key order
 * @param unknown    the first {@link #LISTED} unknown (or invalid) keys, in key order, with their reasons
 * @param slowest    the {@link #SLOWEST} keys that took longest, slowest first
 * @param hot        the first {@link #LISTED} hot keys, in key order, each with its verdict, time and memory
 * @param status     the exit status
 */
public record Summary(long keys, long operations, Map<String, Long> verdicts, List<String> violating,
                      Map<String, String> unknown, List<KeyResult> slowest, List<KeyResult> hot, int status)
        implements Serializable {

    /** The most keys listed as violating or unknown. */
    public static final int LISTED = 1000;
    /** The slowest keys listed. */
    public static final int SLOWEST = 10;

    /** The summary of {@code results}, as {@link AriadneSpark#check} returned them. */
    public static Summary of(Dataset<KeyResult> results) {
        return of(results.javaRDD());
    }

    static Summary of(JavaRDD<KeyResult> rows) {
        Tally t = rows.treeAggregate(new Tally(), Tally::add, Tally::merge);
        Map<String, String> unknown = new TreeMap<>(t.unknown);
        List<KeyResult> slowest = new ArrayList<>(t.slowest);
        slowest.sort(Slowest.INSTANCE);
        int status = t.verdicts.containsKey(AriadneSpark.INVALID_INPUT) ? 65
                : t.verdicts.containsKey("NOT_LINEARIZABLE") ? 1 : t.verdicts.containsKey("UNKNOWN") ? 2 : 0;
        return new Summary(t.keys, t.operations, new TreeMap<>(t.verdicts), new ArrayList<>(t.violating), unknown,
                slowest, new ArrayList<>(t.hot.values()), status);
    }

    /** The summary's figures over part of the rows, bounded in size: one pass over the table finds them all. */
    static final class Tally implements Serializable {
        private static final long serialVersionUID = 1L;
        long keys;
        long operations;
        final TreeMap<String, Long> verdicts = new TreeMap<>();
        final TreeSet<String> violating = new TreeSet<>();
        final TreeMap<String, String> unknown = new TreeMap<>();
        final TreeSet<KeyResult> slowest = new TreeSet<>(Slowest.INSTANCE);
        final TreeMap<String, KeyResult> hot = new TreeMap<>();

        Tally add(KeyResult r) {
            keys++;
            operations += r.getOperations();
            verdicts.merge(r.getVerdict(), 1L, Long::sum);
            if (r.getVerdict().equals("NOT_LINEARIZABLE")) {
                violating.add(r.getKey());
                if (violating.size() > LISTED) {
                    violating.pollLast();
                }
            } else if (r.getVerdict().equals("UNKNOWN") || r.getVerdict().equals(AriadneSpark.INVALID_INPUT)) {
                unknown.put(r.getKey(), r.getReason());
                if (unknown.size() > LISTED) {
                    unknown.pollLastEntry();
                }
            }
            slowest.add(brief(r));
            if (slowest.size() > SLOWEST) {
                slowest.pollLast();
            }
            if ("hot".equals(r.getStage())) {
                hot.put(r.getKey(), brief(r));
                if (hot.size() > LISTED) {
                    hot.pollLastEntry();
                }
            }
            return this;
        }

        Tally merge(Tally o) {
            keys += o.keys;
            operations += o.operations;
            o.verdicts.forEach((v, n) -> verdicts.merge(v, n, Long::sum));
            violating.addAll(o.violating);
            while (violating.size() > LISTED) {
                violating.pollLast();
            }
            unknown.putAll(o.unknown);
            while (unknown.size() > LISTED) {
                unknown.pollLastEntry();
            }
            slowest.addAll(o.slowest);
            while (slowest.size() > SLOWEST) {
                slowest.pollLast();
            }
            hot.putAll(o.hot);
            while (hot.size() > LISTED) {
                hot.pollLastEntry();
            }
            return this;
        }
    }

    private static KeyResult brief(KeyResult r) {
        KeyResult b = new KeyResult();
        b.setKey(r.getKey());
        b.setVerdict(r.getVerdict());
        b.setOperations(r.getOperations());
        b.setEngine(r.getEngine());
        b.setMillis(r.getMillis());
        b.setStage(r.getStage());
        b.setMemoryBudget(r.getMemoryBudget());
        b.setHeapPeak(r.getHeapPeak());
        return b;
    }

    private enum Slowest implements Comparator<KeyResult>, Serializable {
        INSTANCE;

        @Override
        public int compare(KeyResult a, KeyResult b) {
            int c = Double.compare(b.getMillis(), a.getMillis());
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        }
    }

    private static void brief(JsonGenerator g, KeyResult r) throws IOException {
        g.writeStartObject();
        g.writeStringField("key", r.getKey());
        g.writeStringField("verdict", r.getVerdict());
        g.writeNumberField("operations", r.getOperations());
        g.writeStringField("engine", r.getEngine());
        g.writeStringField("stage", r.getStage());
        g.writeNumberField("millis", Math.round(r.getMillis() * 1000) / 1000.0);
        g.writeNumberField("memoryBudget", r.getMemoryBudget());
        if (r.getHeapPeak() != null) {
            g.writeNumberField("heapPeak", r.getHeapPeak());
        }
        g.writeEndObject();
    }

    /** The summary as the JSON document {@code summary.json} holds (docs/spark.md). */
    public String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("status", status);
            g.writeNumberField("keys", keys);
            g.writeNumberField("operations", operations);
            g.writeObjectFieldStart("verdicts");
            for (Map.Entry<String, Long> e : verdicts.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("violating");
            for (String k : violating) {
                g.writeString(k);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("unknown");
            for (Map.Entry<String, String> e : unknown.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("slowest");
            for (KeyResult r : slowest) {
                brief(g, r);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("hot");
            for (KeyResult r : hot) {
                brief(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString() + "\n";
    }
}
