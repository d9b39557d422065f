package dev.ariadne.bench;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Reading speed per format, cold (the first read in a fresh JVM, as {@code ariadne check} pays it) and warm.
 * {@code gen HISTORY.jsonl DIR} writes the history that {@code ariadne generate} made in every format the readers
 * take (Jepsen EDN, EDN gzip-compressed, Jepsen JSON, {@code jepsen.log} lines, OmniLink JSON and MessagePack, the
 * native event form); {@code read [--warm N] FILE...} reads each file once (cold for the first file of the JVM)
 * and then {@code N} times more (default 5), and prints the wall and CPU times (of the whole process: the collector
 * and the compilers count) and MB per CPU second of the file's bytes, a measure that a loaded machine disturbs
 * less than wall time. Run one JVM per file for a cold number per format (docs/benchmarks.md has the commands).
 */
public final class ReaderBench {
    private ReaderBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("gen")) {
            gen(Path.of(args[1]), Path.of(args[2]));
            return;
        }
        if (args.length >= 2 && args[0].equals("read")) {
            int warm = 5;
            List<Path> files = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                if (args[i].equals("--warm")) {
                    warm = Integer.parseInt(args[++i]);
                } else {
                    files.add(Path.of(args[i]));
                }
            }
            for (Path f : files) {
                read(f, warm);
            }
            return;
        }
        System.err.println("usage: ReaderBench gen HISTORY.jsonl DIR | ReaderBench read [--warm N] FILE...");
        System.exit(64);
    }

    private static void read(Path file, int warm) throws Exception {
        double mb = Files.size(file) / 1e6;
        long t0 = System.nanoTime();
        long c0 = cpu();
        ReadResult first = HistoryReaders.load(file, ReadOptions.defaults());
        double cold = (System.nanoTime() - t0) / 1e6;
        double coldCpu = (cpu() - c0) / 1e6;
        int ops = first.history().size();
        String format = first.format().name().toLowerCase(Locale.ROOT);
        first = null;
        double[] times = new double[warm];
        double[] cpus = new double[warm];
        for (int i = 0; i < warm; i++) {
            long t = System.nanoTime();
            long c = cpu();
            HistoryReaders.load(file, ReadOptions.defaults());
            times[i] = (System.nanoTime() - t) / 1e6;
            cpus[i] = (cpu() - c) / 1e6;
        }
        Arrays.sort(times);
        Arrays.sort(cpus);
        double median = warm == 0 ? Double.NaN : times[warm / 2];
        double medianCpu = warm == 0 ? Double.NaN : cpus[warm / 2];
        System.out.printf(Locale.ROOT, "%-26s %-11s %6.1f MB %7d ops | cold %7.0f ms %6.0f cpu-ms %6.1f MB/cpu-s"
                        + " | warm %7.0f ms %6.0f cpu-ms %6.1f MB/cpu-s%n", file.getFileName(), format, mb, ops,
                cold, coldCpu, mb / coldCpu * 1000, median, medianCpu, mb / medianCpu * 1000);
    }

    /** CPU time of the whole process (the reading thread, the collector and the compilers), in nanoseconds. */
    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** One event of the history: an invocation or a completion, at its position. */
    private record Event(long at, boolean invoke, Operation op) {
    }

    private static void gen(Path history, Path dir) throws Exception {
        History h = HistoryReaders.read(history, Format.JSON);
        Files.createDirectories(dir);
        List<Event> events = new ArrayList<>();
        for (Operation op : h.operations()) {
            events.add(new Event(op.call(), true, op));
            if (!op.isPending()) {
                events.add(new Event(op.ret(), false, op));
            }
        }
        events.sort((a, b) -> Long.compare(a.at, b.at));
        String name = history.getFileName().toString().replaceFirst("\\.jsonl$", "");
        try (Writer edn = writer(dir.resolve(name + ".edn"));
             Writer gz = new BufferedWriter(new java.io.OutputStreamWriter(new GZIPOutputStream(
                     Files.newOutputStream(dir.resolve(name + ".edn.gz")), 1 << 16), StandardCharsets.UTF_8));
             Writer json = writer(dir.resolve(name + ".jepsen.json"));
             Writer log = writer(dir.resolve(name + ".log"));
             Writer native_ = writer(dir.resolve(name + ".events.jsonl"))) {
            json.write("[");
            boolean firstJson = true;
            for (Event e : events) {
                Invocation in = (Invocation) e.op.input();
                Object value = e.invoke ? (in.f().equals("read") ? null : in.value())
                        : (in.f().equals("read") ? e.op.output() : in.value());
                String type = e.invoke ? "invoke" : "ok";
                String line = "{:process " + e.op.client() + ", :type :" + type + ", :f :" + in.f() + ", :value "
                        + (value == null ? "nil" : value) + ", :time " + e.at * 1000 + "}\n";
                edn.write(line);
                gz.write(line);
                json.write((firstJson ? "" : ",\n") + "{\"process\":" + e.op.client() + ",\"type\":\"" + type
                        + "\",\"f\":\"" + in.f() + "\",\"value\":" + (value == null ? "null" : value) + ",\"time\":"
                        + e.at * 1000 + "}");
                firstJson = false;
                log.write("INFO  jepsen.util - " + e.op.client() + "\t:" + type + "\t:" + in.f() + "\t"
                        + (value == null ? "nil" : value) + "\n");
                native_.write(e.invoke ? "{\"client\":" + e.op.client() + ",\"type\":\"call\",\"f\":\"" + in.f()
                        + "\"" + (in.f().equals("read") ? "" : ",\"value\":" + in.value()) + ",\"time\":" + e.at
                        + "}\n" : "{\"client\":" + e.op.client() + ",\"type\":\"return\"" + (in.f().equals("read")
                        ? ",\"output\":" + (e.op.output() == null ? "null" : e.op.output()) : "") + ",\"time\":"
                        + e.at + "}\n");
            }
            json.write("]\n");
        }
        try (Writer omni = writer(dir.resolve(name + ".omnilink.jsonl"));
             OutputStream mp = Files.newOutputStream(dir.resolve(name + ".omnilink.msgpack"));
             MessagePacker packer = MessagePack.newDefaultPacker(mp)) {
            for (Operation op : h.operations()) {
                Invocation in = (Invocation) op.input();
                Object value = in.f().equals("read") ? op.output() : in.value();
                omni.write("{\"thread\":" + op.client() + ",\"operation_name\":\"" + in.f() + "\",\"operation\":{"
                        + "\"value\":" + (value == null ? "null" : value) + ",\"_op_start\":" + op.call()
                        + (op.isPending() ? "" : ",\"_op_end\":" + op.ret()) + "}}\n");
                packer.packMapHeader(3);
                packer.packString("thread").packInt(op.client());
                packer.packString("operation_name").packString(in.f());
                packer.packString("operation").packMapHeader(op.isPending() ? 2 : 3);
                packer.packString("value");
                if (value == null) {
                    packer.packNil();
                } else {
                    packer.packLong(((Number) value).longValue());
                }
                packer.packString("_op_start").packLong(op.call());
                if (!op.isPending()) {
                    packer.packString("_op_end").packLong(op.ret());
                }
            }
        }
        System.out.println("wrote " + name + ".{edn,edn.gz,jepsen.json,log,events.jsonl,omnilink.jsonl,"
                + "omnilink.msgpack} in " + dir);
    }

    private static Writer writer(Path p) throws IOException {
        return Files.newBufferedWriter(p, StandardCharsets.UTF_8);
    }
}
