package dev.ariadne.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Seeded OmniLink traces shaped like PGo's WiredTiger workload, for {@code check --tla MCStorageValidate.tla}: one
 * thread runs transactions one after another, each a {@code StartTransaction}, one to three
 * {@code TransactionWrite}s or {@code TransactionRead}s over many distinct keys, then a {@code CommitTransaction} or
 * (one in ten) an {@code AbortTransaction}, and a {@code __TerminateThread} at the end. Results are what a correct
 * store gives (so the trace is linearizable): a write's value is its transaction id (as PGo's spec demands), a read
 * returns the last committed writer's id, or the transaction's own write, and a read of a key never written returns
 * {@code WT_NOTFOUND} as an aborted event (OmniLink's {@code __AbortBehavior}). Timestamps are a logical clock: a
 * transaction reads at the last commit's timestamp and commits at the next. With {@code --violation}, one read late
 * in the trace returns a value no store could (another transaction's id). Usage:
 * <pre>
 * java -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.WiredTigerTraces --events 20000 [--seed 1]
 *     [--reuse 0.05] [--violation] [--vocabulary storage] --out /tmp/wt/trace-20000.json
 * </pre>
 * {@code --vocabulary store} writes the same transactions as events of the example
 * {@code examples/tla-omnilink/store} ({@code Begin}, {@code Write}, {@code Read}, {@code Commit}, {@code Abort},
 * parameters {@code tid}, {@code k}, {@code v}; an absent key reads as {@code -1} with status OK).
 * {@code --reuse} is the chance that an operation touches a key already written rather than a new one (so most keys
 * are distinct, as in the trace: 20,000 events, about 5,000 transactions and 10,000 keys).
 */
public final class WiredTigerTraces {
    /** WiredTiger's result codes, as PGo's MCStorageValidate names them. */
    static final int WT_NOTFOUND = -31803;
    /** PGo's {@code NoValueImpl}: what a read of an absent key returns. */
    static final int NO_VALUE = -1;

    private WiredTigerTraces() {
    }

    /** What one generated trace holds, for the bench's report. */
    record Summary(int events, int transactions, int keys) {
    }

    public static void main(String[] args) throws IOException {
        int events = 20_000;
        long seed = 1;
        double reuse = 0.05;
        boolean violation = false;
        boolean store = false;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--events" -> events = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--reuse" -> reuse = Double.parseDouble(args[++i]);
                case "--violation" -> violation = true;
                case "--vocabulary" -> {
                    String v = args[++i];
                    if (!v.equals("storage") && !v.equals("store")) {
                        throw new IllegalArgumentException("--vocabulary: storage or store, got " + v);
                    }
                    store = v.equals("store");
                }
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--events N --seed S --reuse P --violation --vocabulary storage|store --out FILE)");
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out FILE is required");
        }
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            Summary s = write(w, events, seed, reuse, violation, store);
            System.out.println(out + ": " + s.events() + " events, " + s.transactions() + " transactions, "
                    + s.keys() + " keys" + (violation ? ", one wrong read" : ""));
        }
    }

    /** Writes a trace of about {@code events} events (whole transactions) to {@code w}, one JSON object a line. */
    static Summary write(Writer w, int events, long seed, double reuse, boolean violation, boolean store)
            throws IOException {
        Vocabulary words = store ? Vocabulary.STORE : Vocabulary.STORAGE;
        Random random = new Random(seed);
        BufferedWriter out = w instanceof BufferedWriter b ? b : new BufferedWriter(w);
        Map<String, Integer> committed = new HashMap<>(); // key -> last committed writer's tid
        List<String> written = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        int time = 0;
        int tid = 0;
        int count = 0;
        int nextKey = 0;
        int clock = 0; // the last commit's timestamp
        boolean wrongDone = !violation;
        while (count + 2 <= events - 1) { // leave room for the __TerminateThread
            tid++;
            int ops = Math.min(1 + random.nextInt(3), events - 1 - count - 2);
            event(out, words.begin, store ? fields("tid", tid) : fields("n", "n", "tid", tid, "readTs", clock, "rc",
                    "snapshot", "ignorePrepare", "false"), time, false, 0);
            time += 2;
            count++;
            Map<String, Integer> own = new LinkedHashMap<>();
            for (int j = 0; j < ops; j++) {
                String k;
                if (!written.isEmpty() && random.nextDouble() < reuse) {
                    k = written.get(random.nextInt(written.size()));
                } else {
                    k = "k" + nextKey++;
                }
                keys.add(k);
                if (random.nextBoolean()) {
                    event(out, words.write, store ? fields("tid", tid, "k", k, "v", tid) : fields("n", "n", "tid",
                            tid, "k", k, "v", tid, "ignoreWriteConflicts", "false"), time, false, 0);
                    own.put(k, tid);
                } else {
                    Integer v = own.containsKey(k) ? own.get(k) : committed.get(k);
                    if (!wrongDone && count > events * 3 / 4) {
                        v = tid + 1; // a transaction that has not started yet: no store returns its write
                        wrongDone = true;
                    }
                    boolean found = v != null;
                    // Store reads an absent key as NoValue with status OK; WiredTiger returns WT_NOTFOUND
                    event(out, words.read, store ? fields("tid", tid, "k", k, "v", found ? v : NO_VALUE)
                                    : fields("n", "n", "tid", tid, "k", k, "v", found ? v : NO_VALUE), time,
                            !found && !store, found || store ? 0 : WT_NOTFOUND);
                }
                time += 2;
                count++;
            }
            if (random.nextInt(10) == 0) {
                event(out, words.abort, store ? fields("tid", tid) : fields("n", "n", "tid", tid), time, false, 0);
            } else {
                clock++;
                event(out, words.commit, store ? fields("tid", tid) : fields("n", "n", "tid", tid, "commitTs",
                        clock), time, false, 0);
                for (Map.Entry<String, Integer> e : own.entrySet()) {
                    if (committed.put(e.getKey(), e.getValue()) == null) {
                        written.add(e.getKey());
                    }
                }
            }
            time += 2;
            count++;
        }
        out.write("{\"operation_name\": \"__TerminateThread\", \"operation\": {\"_op_start\": " + time
                + ", \"_op_end\": " + (time + 1) + ", \"_did_abort\": false, \"_meta\": {\"transactionId\": -1}},"
                + " \"thread\": 0}\n");
        out.flush();
        return new Summary(count + 1, tid, keys.size());
    }

    /** The event names of PGo's {@code Storage.tla} and of the example {@code Store.tla}. */
    private enum Vocabulary {
        STORAGE("StartTransaction", "TransactionWrite", "TransactionRead", "CommitTransaction", "AbortTransaction"),
        STORE("Begin", "Write", "Read", "Commit", "Abort");

        final String begin;
        final String write;
        final String read;
        final String commit;
        final String abort;

        Vocabulary(String begin, String write, String read, String commit, String abort) {
            this.begin = begin;
            this.write = write;
            this.read = read;
            this.commit = commit;
            this.abort = abort;
        }
    }

    private static Map<String, Object> fields(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static void event(BufferedWriter out, String name, Map<String, Object> fields, int time, boolean aborted,
                              int resultCode) throws IOException {
        StringBuilder s = new StringBuilder("{\"operation_name\": \"").append(name).append("\", \"operation\": {");
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            s.append('"').append(e.getKey()).append("\": ");
            if (e.getValue() instanceof String str) {
                s.append('"').append(str).append('"'); // generated names only: nothing to escape
            } else {
                s.append(e.getValue());
            }
            s.append(", ");
        }
        s.append("\"_op_start\": ").append(time).append(", \"_op_end\": ").append(time + 1)
                .append(", \"_did_abort\": ").append(aborted).append(", \"_meta\": {\"result_code\": ")
                .append(resultCode).append("}}, \"thread\": 0}\n");
        out.write(s.toString());
    }
}
