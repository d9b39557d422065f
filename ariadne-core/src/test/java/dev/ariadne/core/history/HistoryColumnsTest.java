package dev.ariadne.core.history;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link HistoryBuilder} keeps operations as columns ({@link OperationColumns}) and makes them when asked: on seeded
 * random events (returns, crashes, discards that leave gaps, operations left open, metadata as maps or as a
 * {@link MetadataColumns} table, histories past several chunks, times that stop fitting an {@code int} midway),
 * every history built, at any point, equals the one
 * a plain list of operations gives, and stays so while the builder goes on.
 */
class HistoryColumnsTest {
    /** The reference: operations as objects, numbered in call order without the discarded ones. */
    private static final class Reference {
        final Map<Integer, Object[]> open = new HashMap<>(); // client -> {seq, input, call, metadata}
        final Map<Integer, Operation> ended = new HashMap<>();
        final List<Integer> gaps = new ArrayList<>();
        int calls;

        List<Operation> build() {
            Map<Integer, Operation> all = new HashMap<>(ended);
            for (Map.Entry<Integer, Object[]> e : open.entrySet()) {
                Object[] o = e.getValue();
                all.put((Integer) o[0], new Operation((Integer) o[0], e.getKey(), o[1], Operation.UNKNOWN, (Long) o[2],
                        Operation.PENDING, meta(o[3])));
            }
            List<Operation> out = new ArrayList<>();
            for (int seq = 0; seq < calls; seq++) {
                Operation op = all.get(seq);
                if (op != null) {
                    out.add(new Operation(out.size(), op.client(), op.input(), op.output(), op.call(), op.ret(),
                            op.metadata()));
                }
            }
            return out;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> meta(Object m) {
            return (Map<String, Object>) m;
        }
    }

    @Test
    void everyHistoryBuiltEqualsTheListOfOperationsItStandsFor() {
        Random r = new Random(23);
        for (int run = 0; run < 60; run++) {
            int events = run < 6 ? 12_000 + r.nextInt(6_000) : 1 + r.nextInt(300);
            int clients = 1 + r.nextInt(run % 3 == 0 ? 3 : 12);
            boolean table = r.nextBoolean();
            // explicit times in some runs, past Integer.MAX_VALUE from the middle on (the columns widen then)
            boolean big = run % 4 == 1;
            MetadataColumns t = new MetadataColumns("time-ns", "return-time-ns");
            Map<Integer, Integer> rowOf = new HashMap<>(); // the table's row of each open client's call
            java.util.Set<Integer> crashed = new java.util.HashSet<>();
            HistoryBuilder b = new HistoryBuilder();
            Reference ref = new Reference();
            List<History> built = new ArrayList<>();
            List<List<Operation>> expected = new ArrayList<>();
            for (int e = 0; e < events; e++) {
                int c = r.nextInt(clients);
                long now = big ? e + (e >= events / 2 ? 4_000_000_000L : 0) : b.clock();
                long time = big ? now : EventSink.UNTIMED;
                if (!ref.open.containsKey(c)) {
                    if (crashed.contains(c)) {
                        continue;
                    }
                    String in = "in" + r.nextInt(5);
                    Map<String, Object> m;
                    Map<String, Object> expectedMeta;
                    if (table) {
                        rowOf.put(c, t.add(e + 1, r.nextInt(4) == 0 ? MetadataColumns.ABSENT : 1000L * e));
                        m = t;
                        expectedMeta = t.row(rowOf.get(c));
                    } else {
                        m = Map.of("line", e + 1);
                        expectedMeta = m;
                    }
                    b.call(c, in, time, m);
                    ref.open.put(c, new Object[]{ref.calls++, in, now, new LinkedHashMap<>(expectedMeta)});
                } else {
                    Object[] o = ref.open.remove(c);
                    int kind = r.nextInt(10);
                    if (table && kind < 8 && t.first(rowOf.get(c)) != MetadataColumns.ABSENT) {
                        t.second(rowOf.get(c), 1000L * e + 1); // as a reader sets a return time
                        Reference.meta(o[3]).put("return-time-ns", 1000L * e + 1);
                    }
                    if (kind < 8) {
                        Object out = kind == 0 ? null : "out" + r.nextInt(3);
                        b.ret(c, out, time, e + 1);
                        ref.ended.put((Integer) o[0], new Operation((Integer) o[0], c, o[1], out, (Long) o[2], now,
                                Reference.meta(o[3])));
                    } else if (kind == 8) {
                        b.discard(c, time, e + 1);
                        ref.gaps.add((Integer) o[0]);
                    } else {
                        b.crash(c, time, e + 1);
                        crashed.add(c);
                        ref.ended.put((Integer) o[0], new Operation((Integer) o[0], c, o[1], Operation.UNKNOWN,
                                (Long) o[2], Operation.PENDING, Reference.meta(o[3])));
                    }
                }
                if (r.nextInt(events) < 3) { // a history so far, kept to check later that it did not change
                    built.add(b.build());
                    expected.add(ref.build());
                }
            }
            built.add(b.build());
            expected.add(ref.build());
            for (int k = 0; k < built.size(); k++) {
                List<Operation> want = expected.get(k);
                History h = built.get(k);
                assertEquals(want.size(), h.size(), "run " + run + ", history " + k);
                for (int i = 0; i < want.size(); i++) {
                    Operation op = h.get(i);
                    assertEquals(want.get(i), op, "run " + run + ", history " + k + ", operation " + i);
                    assertEquals(want.get(i).metadata(), op.metadata());
                    assertEquals(want.get(i).line(), op.line());
                }
                assertEquals(want, h.operations());
                assertEquals(History.of(want), h);
            }
        }
    }
}
