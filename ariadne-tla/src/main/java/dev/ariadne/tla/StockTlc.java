package dev.ariadne.tla;

import dev.ariadne.core.check.Verdict;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs stock TLC (the model checker of the same TLA+ tools jar Ariadne evaluates specs with) on a module written by
 * {@link TlaExport} and reads its verdict. TLC runs in a child JVM: its {@code main} and several of its error paths
 * call {@code System.exit}, it keeps its run in static state, and it has no way to stop a run from outside, so a
 * child process is the one way to bound its time (the process is killed) and memory ({@code -Xmx}) without
 * risking the caller's JVM. One worker; its metadata, and the standard modules it unpacks, in a temporary folder
 * that is deleted afterwards.
 */
public final class StockTlc {
    private static final Pattern DISTINCT = Pattern.compile("([\\d,]+) distinct states found");

    /**
     * TLC's answer: the verdict it implies ({@link Verdict#UNKNOWN} when TLC did not finish, or failed), TLC's exit
     * status ({@code -1} when it was stopped at the time limit), the distinct states it found ({@code -1} if it
     * did not say), the wall time of the child process, and TLC's output.
     */
    public record Outcome(Verdict verdict, int exitStatus, long distinctStates, Duration elapsed, String output) {
    }

    private StockTlc() {
    }

    /** The TLA+ tools jar (or class folder) that TLC runs from. */
    public static Path toolsJar() {
        try {
            return Path.of(SpecLoader.toolsLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the TLA+ tools: " + e, e);
        }
    }

    /**
     * Checks the exported module with TLC, stopping it after {@code timeout}; {@code jvmOptions} go to the child
     * JVM (such as {@code -Xmx2g}, or {@code -XX:+UseParallelGC}, which TLC recommends for long runs).
     */
    public static Outcome check(TlaExport.Written written, Duration timeout, List<String> jvmOptions)
            throws IOException, InterruptedException {
        Path dir = written.module().toAbsolutePath().getParent();
        Path meta = Scratch.create(null, "ariadne-tlc");
        try {
            Path log = meta.resolve("tlc.out");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // TLC writes its standard modules to java.io.tmpdir: a folder of its own, so parallel runs cannot race
            command.add("-Djava.io.tmpdir=" + meta);
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", toolsJar().toString(), "tlc2.TLC", "-workers", "1",
                    "-metadir", meta.resolve("states").toString(),
                    "-config", written.cfg().toAbsolutePath().toString(), written.moduleName()));
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            boolean finished;
            try {
                finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } finally {
                if (p.isAlive()) {
                    p.destroyForcibly().waitFor();
                }
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            String output = Files.readString(log, StandardCharsets.UTF_8);
            int status = finished ? p.exitValue() : -1;
            return new Outcome(finished ? verdict(status, output) : Verdict.UNKNOWN, status, distinct(output),
                    elapsed, output);
        } finally {
            Scratch.delete(meta);
        }
    }

    /**
     * The verdict TLC's run implies: the invariant {@value TlaExport#INVARIANT} violated (exit status 12) is a
     * complete linearization, so LINEARIZABLE; a finished search without error (exit status 0) means no
     * linearization exists; anything else (an error, a deadlock report) decides nothing.
     */
    static Verdict verdict(int status, String output) {
        if (status == 12 && output.contains("Invariant " + TlaExport.INVARIANT + " is violated")) {
            return Verdict.LINEARIZABLE;
        }
        if (status == 0 && output.contains("No error has been found")) {
            return Verdict.NOT_LINEARIZABLE;
        }
        return Verdict.UNKNOWN;
    }

    private static long distinct(String output) {
        Matcher m = DISTINCT.matcher(output);
        long last = -1;
        while (m.find()) {
            last = Long.parseLong(m.group(1).replace(",", ""));
        }
        return last;
    }
}
