package dev.ariadne.spark;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.io.JsonLinesWriter;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The benchmark's histories: {@code ops} kv operations (half puts, half gets) by {@code clients} concurrent clients
 * over {@code keys} keys, in the native event form (returns carry no key), split into {@code parts} files
 * {@code part-00000.jsonl}… in input order, so that {@code cat part-*} is the same history as one file. Linearizable
 * by construction: each operation takes effect when it is called, so a get returns the value its key has then.
 * With {@code violate}, one get in the middle returns a value its key never held. Seeded: equal arguments give equal
 * files.
 *
 * <p>{@code KvHistoryGenerator DIR OPS KEYS CLIENTS PARTS SEED [violate]}
 */
public final class KvHistoryGenerator {
    private KvHistoryGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        long ops = Long.parseLong(args[1]);
        int keys = Integer.parseInt(args[2]);
        int clients = Integer.parseInt(args[3]);
        int parts = Integer.parseInt(args[4]);
        long seed = Long.parseLong(args[5]);
        boolean violate = args.length > 6 && args[6].equals("violate");
        generate(dir, ops, keys, clients, parts, seed, violate);
    }

    static void generate(Path dir, long ops, int keys, int clients, int parts, long seed, boolean violate)
            throws IOException {
        Files.createDirectories(dir);
        SplittableRandom rng = new SplittableRandom(seed);
        String[] values = new String[keys];
        Object[] pendingOutput = new Object[clients];
        boolean[] open = new boolean[clients];
        int[] openClients = new int[clients];
        int openCount = 0;
        long events = 2 * ops;
        long perPart = (events + parts - 1) / parts;
        long written = 0;
        long called = 0;
        int part = -1;
        JsonLinesWriter.EventWriter w = null;
        OutputStream out = null;
        try {
            while (called < ops || openCount > 0) {
                if (written % perPart == 0 && written / perPart != part) {
                    if (w != null) {
                        w.close();
                    }
                    part = (int) (written / perPart);
                    out = new BufferedOutputStream(Files.newOutputStream(
                            dir.resolve(String.format("part-%05d.jsonl", part))), 1 << 16);
                    w = JsonLinesWriter.events(out);
                }
                // call when there is an idle client and operations left, with a chance that keeps about half busy
                boolean call = called < ops && openCount < clients && (openCount == 0 || rng.nextInt(2) == 0);
                if (call) {
                    int c;
                    do {
                        c = rng.nextInt(clients);
                    } while (open[c]);
                    int k = rng.nextInt(keys);
                    String key = "k" + k;
                    if (rng.nextBoolean()) {
                        String v = "v" + called;
                        values[k] = v;
                        pendingOutput[c] = null;
                        w.call(c, new Invocation("put", key, v), EventSinkTime.UNTIMED, Map.of());
                    } else {
                        String seen = values[k] == null ? "" : values[k];
                        pendingOutput[c] = violate && called == ops / 2 ? "never-written" : seen;
                        w.call(c, new Invocation("get", key, null), EventSinkTime.UNTIMED, Map.of());
                    }
                    open[c] = true;
                    openClients[openCount++] = c;
                    called++;
                } else {
                    int i = rng.nextInt(openCount);
                    int c = openClients[i];
                    openClients[i] = openClients[--openCount];
                    open[c] = false;
                    w.ret(c, pendingOutput[c], EventSinkTime.UNTIMED, -1);
                }
                written++;
            }
        } finally {
            if (w != null) {
                w.close();
            }
        }
    }

    private static final class EventSinkTime {
        static final long UNTIMED = dev.ariadne.core.history.EventSink.UNTIMED;
    }
}
