package dev.ariadne.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Jepsen log reader's values read by {@link EdnFastMap#wholeValue} against edn-java alone: every test file,
 * example and file of porcupine's corpus, and seeded random logs (values of every kind, errors after the value,
 * odd spacing), read both ways, give equal histories and annotations or the same error.
 */
class JepsenLogFastPathTest {
    private static ReadOutcome read(byte[] bytes, boolean fast) {
        JepsenOps ops = new JepsenOps("j.log", false, ReadOptions.FailedCas.ABSENT);
        return ReadOutcome.of(() -> {
            JepsenLogReader.read(new Lines(new ByteArrayInputStream(bytes), "j.log"), ops, fast);
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
    }

    private static boolean assertSame(byte[] bytes, String what) {
        ReadOutcome library = read(bytes, false);
        assertEquals(library, read(bytes, true), () -> what + ":\n" + new String(bytes, StandardCharsets.UTF_8));
        return library.error() == null;
    }


    @Test
    void everyTestFileExampleAndCorpusFileReadsAlikeBothWays() throws IOException {
        List<Path> all = RepoFiles.under("ariadne-io/src/test/resources", "ariadne-cli/src/test/resources",
                "examples");
        for (Path p : all) {
            assertSame(Files.readAllBytes(p), p.toString());
        }
        Path corpus = Path.of("../../shared/testdata/porcupine/jepsen");
        Assumptions.assumeTrue(Files.isDirectory(corpus), "porcupine's corpus is absent: " + corpus.toAbsolutePath());
        int histories = 0;
        for (Path p : RepoFiles.files(corpus)) {
            histories += assertSame(Files.readAllBytes(p), p.toString()) ? 1 : 0;
        }
        assertTrue(histories > 50, "jepsen logs of the corpus read: " + histories);
    }

    @Test
    void seededRandomLogsReadAlikeBothWays() {
        Random r = new Random(0x4c_4f_47L);
        int histories = 0;
        for (int file = 0; file < 1500; file++) {
            StringBuilder out = new StringBuilder();
            boolean bad = r.nextInt(3) == 0;
            int processes = 1 + r.nextInt(3);
            boolean[] open = new boolean[processes];
            String[] f = new String[processes];
            for (int l = 0, n = 1 + r.nextInt(30); l < n; l++) {
                int p = r.nextInt(processes);
                String type;
                if (!open[p]) {
                    type = ":invoke";
                    f[p] = r.nextBoolean() ? ":read" : ":cas";
                    open[p] = true;
                } else {
                    type = r.nextInt(5) == 0 ? ":fail" : ":ok";
                    open[p] = false;
                }
                String value = EdnFastPathTest.RandomEdn.value(r, 0, bad);
                String sep = r.nextInt(5) == 0 ? " " : r.nextInt(20) == 0 ? "\t \t" : "\t";
                String error = r.nextInt(6) == 0 ? (r.nextBoolean() ? "\tsome error text" : " :timed-out") : "";
                out.append(r.nextInt(10) == 0 ? "INFO [jepsen worker 0] jepsen.util - " : "INFO  jepsen.util - ")
                        .append(r.nextInt(30) == 0 ? ":nemesis" : bad && r.nextInt(15) == 0 ? pick(r, "007", "-1",
                                "-", "2147483647", "2147483648", "999999999", "1234567890", "1a", " 0", "")
                                : Integer.toString(p)).append(sep).append(type)
                        .append(sep).append(f[p]).append(sep).append(value).append(error)
                        .append(r.nextInt(20) == 0 ? " " : "").append('\n');
            }
            if (bad && r.nextInt(5) == 0) {
                out.append(pick(r, "INFO  jepsen.util - \n", "INFO  jepsen.util - 0\n", "INFO  jepsen.util -  0\t:ok"
                        + "\t:read\t1\n", "INFO  jepsen.util - 0 :ok :read\n", "INFO  jepsen.util - x jepsen.util - 1"
                        + " :ok :read 1\n", "INFO  jepsen.util - 0\t:ok\t:read\t1\t \n"));
            }
            histories += assertSame(out.toString().getBytes(StandardCharsets.UTF_8), "random log " + file) ? 1 : 0;
        }
        assertTrue(histories > 200, "histories: " + histories);
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }
}
