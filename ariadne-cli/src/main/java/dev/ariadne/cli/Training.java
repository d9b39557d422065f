package dev.ariadne.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The training run behind the launcher's class-data-sharing archive: the {@code ariadne} script runs this once
 * with {@code -XX:ArchiveClassesAtExit} after each build, so that the classes a usual command loads (readers of
 * every format, models, engines, the text and JSON reports, generate and convert) are read from the archive, already
 * parsed and verified, instead of from the jar. It checks small histories written to a temporary directory and
 * prints nothing; its exit status is 0 unless something went wrong, and then the launcher only goes without the
 * archive. Not a subcommand: users never need it.
 */
public final class Training {
    private Training() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("ariadne-training");
        // System.exit skips finally blocks, so the folder is deleted before it; the hook covers a run stopped by a
        // signal (the launcher's user pressing ^C during the first run)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir), "ariadne-training-cleanup"));
        int status;
        try {
            status = train(dir);
        } finally {
            delete(dir);
        }
        System.exit(status);
    }

    /** Deletes {@code dir} and its files; what cannot be deleted is left (training must not fail for it). */
    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // gone already, or not ours to delete
        }
    }

    private static int train(Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        for (String model : List.of("register", "cas-register", "kv", "fifo-queue", "set")) {
            for (boolean violation : List.of(false, true)) {
                Path f = dir.resolve(model + (violation ? "-bad" : "-ok") + ".jsonl");
                List<String> args = new ArrayList<>(List.of("generate", "--model", model, "--ops", "100",
                        "--crashed", "1", f.toString()));
                if (violation) {
                    args.add("--violation");
                }
                if (run(args.toArray(String[]::new)) != 0) {
                    return 1;
                }
                files.add(f.toString());
            }
        }
        String knossos = write(dir, "knossos.edn", """
                {:process 0, :type :invoke, :f :write, :value 1}
                {:process 1, :type :invoke, :f :cas, :value [1 2]}
                {:process 0, :type :ok, :f :write, :value 1}
                {:process 1, :type :info, :f :cas, :value [1 2]}
                {:process 2, :type :invoke, :f :read, :value nil}
                {:process 2, :type :ok, :f :read, :value 2}
                {:process :nemesis, :type :info, :f :start, :value #{:n1 :n2}}
                {:process 3, :type :invoke, :f :cas, :value [2 3], :time 1000}
                {:process 3, :type :fail, :f :cas, :value [2 3], :time 2000}
                """);
        files.add(knossos);
        String kv = write(dir, "porcupine-kv.txt", """
                {:process 0, :type :invoke, :f :put, :key "x", :value "a"}
                {:process 1, :type :invoke, :f :append, :key "x", :value "b"}
                {:process 0, :type :ok, :f :put, :key "x", :value "a"}
                {:process 1, :type :ok, :f :append, :key "x", :value "b"}
                {:process 0, :type :invoke, :f :get, :key "x", :value nil}
                {:process 0, :type :ok, :f :get, :key "x", :value "ab"}
                """);
        files.add(kv);
        // porcupine's kv violations: their cores go through the tracked relaxed model (doomed states); key "z" is
        // the corpus' usual shape, a get that lacks an append (its plan and its sentence, each a lambda linked on
        // first use)
        files.add(write(dir, "porcupine-kv-bad.txt", """
                {:process 0, :type :invoke, :f :put, :key "x", :value "a"}
                {:process 1, :type :invoke, :f :append, :key "y", :value "b"}
                {:process 0, :type :ok, :f :put, :key "x", :value "a"}
                {:process 1, :type :ok, :f :append, :key "y", :value "b"}
                {:process 2, :type :invoke, :f :get, :key "x", :value nil}
                {:process 2, :type :ok, :f :get, :key "x", :value "ab"}
                {:process 0, :type :invoke, :f :get, :key "y", :value nil}
                {:process 0, :type :ok, :f :get, :key "y", :value "b"}
                {:process 3, :type :invoke, :f :get, :key "z", :value nil}
                {:process 3, :type :ok, :f :get, :key "z", :value ""}
                {:process 3, :type :invoke, :f :append, :key "z", :value "p"}
                {:process 3, :type :ok, :f :append, :key "z", :value "p"}
                {:process 3, :type :invoke, :f :append, :key "z", :value "q"}
                {:process 3, :type :ok, :f :append, :key "z", :value "q"}
                {:process 3, :type :invoke, :f :get, :key "z", :value nil}
                {:process 3, :type :ok, :f :get, :key "z", :value "p"}
                """));
        files.add(write(dir, "etcd.log", """
                INFO  jepsen.util - 0\t:invoke\t:read\tnil
                INFO  jepsen.util - 1\t:invoke\t:write\t4
                INFO  jepsen.util - 0\t:ok\t:read\tnil
                INFO  jepsen.util - 1\t:ok\t:write\t4
                INFO  jepsen.util - 0\t:invoke\t:cas\t[4 1]
                INFO  jepsen.util - 0\t:fail\t:cas\t[4 1]
                """));
        List<String> check = new ArrayList<>(List.of("check"));
        check.addAll(files);
        run(check.toArray(String[]::new));
        check.add(1, "--json");
        run(check.toArray(String[]::new));
        run("check", "--no-partition", files.get(4), files.get(5), kv);
        run("check", "--model", "cas-register", "--timeout", "1.5s", "--max-memory", "64m", files.get(2));
        // a batch of Knossos-style EDN files, as `ariadne check --model cas-register dir/*.edn` runs it
        run("check", "--model", "cas-register", "--core-timeout", "0", knossos, knossos, knossos);
        // and one on a single thread, which reads the next file ahead instead (ReadAhead)
        run("check", "--model", "cas-register", "--threads", "1", knossos, knossos);
        run("convert", knossos, dir.resolve("converted.jsonl").toString(), "--to", "json");
        run("check", "--no-such-option"); // the usage error's path
        new Main.OneLine(new PrintWriter(Writer.nullWriter())); // main's handler: main is not called here
        return 0;
    }

    private static String write(Path dir, String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f.toString();
    }

    private static int run(String... args) {
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        return Main.run(args, nowhere, nowhere);
    }
}
