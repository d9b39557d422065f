package dev.ariadne.spark;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.workloads.Workloads;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Seeded multi-key kv histories for the tests: several of ariadne-workloads' kv histories (five keys each), their
 * keys and clients renamed apart, merged on one clock and written in the native event form, whose returns carry no
 * key.
 */
final class Histories {
    private Histories() {
    }

    /** {@code groups} kv histories of {@code ops} operations each; those in {@code violated} get a violation. */
    static List<String> kvEvents(int groups, int ops, List<Integer> violated, long seed) {
        record E(long time, int order, String line) {
        }
        List<E> events = new ArrayList<>();
        int order = 0;
        for (int g = 0; g < groups; g++) {
            History h = Workloads.generate(Workloads.Spec.of("kv", 4, ops).withSeed(seed * 1000 + g)
                    .withCrashed(g % 3 == 0 ? 2 : 0).withViolation(violated.contains(g)));
            for (Operation op : h.operations()) {
                Invocation inv = (Invocation) op.input();
                Invocation renamed = new Invocation(inv.f(), "g" + g + "/" + inv.key(), inv.value());
                int client = g * 100 + op.client();
                long call = op.call() * 2;
                events.add(new E(call, order++, line(w -> w.call(client, renamed, call, Map.of()))));
                if (!op.isPending()) {
                    Object out = op.output();
                    long ret = op.ret() * 2 + 1;
                    events.add(new E(ret, order++, line(w -> w.ret(client, out, ret, -1))));
                }
            }
        }
        events.sort((a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Integer.compare(a.order, b.order));
        return events.stream().map(E::line).toList();
    }

    private interface Emit {
        void to(JsonLinesWriter.EventWriter w) throws IOException;
    }

    private static String line(Emit e) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (JsonLinesWriter.EventWriter w = JsonLinesWriter.events(bytes)) {
            e.to(w);
        } catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        return bytes.toString(StandardCharsets.UTF_8).strip();
    }

    /** The event lines of {@code ariadne generate --keys}'s history {@code spec} (what it wrote is in {@code w[0]}). */
    static List<String> kvStream(dev.ariadne.workloads.KvStream.Spec spec,
                                 dev.ariadne.workloads.KvStream.Written[] w) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (JsonLinesWriter.EventWriter writer = JsonLinesWriter.events(bytes)) {
            w[0] = dev.ariadne.workloads.KvStream.generate(spec, writer);
        }
        return List.of(bytes.toString(StandardCharsets.UTF_8).split("\n"));
    }

    static void write(Path file, List<String> lines, boolean gzip) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file))
                : Files.newOutputStream(file)) {
            for (String l : lines) {
                out.write((l + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** {@code lines} split into {@code parts} files part-00000… under {@code dir}, every other one gzipped. */
    static void split(Path dir, List<String> lines, int parts) throws IOException {
        int per = (lines.size() + parts - 1) / parts;
        for (int p = 0; p < parts; p++) {
            List<String> part = lines.subList(Math.min(lines.size(), p * per), Math.min(lines.size(), (p + 1) * per));
            boolean gzip = p % 2 == 1;
            write(dir.resolve(String.format("part-%05d.jsonl%s", p, gzip ? ".gz" : "")), part, gzip);
        }
    }
}
