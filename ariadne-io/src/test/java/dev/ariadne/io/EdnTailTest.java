package dev.ariadne.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A large EDN file's tail read by a second thread ({@link EdnTail}) gives the history, annotations and errors (file,
 * line, problem) of a reading by one thread, wherever the tail starts: in plain runs of common lines, and next to
 * what only the reader itself may read (maps and strings over several lines, a discarded form, a tag on its own
 * line, blank and comment lines, lines of other shapes, errors in the tail, a last line without its newline, CRLF).
 */
class EdnTailTest {
    @TempDir
    Path dir;

    /** Offsets of the starts of lines in {@code text}'s bytes (after each newline). */
    private static List<Integer> lineStarts(byte[] b) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' && i + 1 < b.length) {
                out.add(i + 1);
            }
        }
        return out;
    }

    /** A reading of {@code file} by one thread. */
    private static ReadOutcome inTurn(Path file) {
        JepsenOps ops = new JepsenOps("in.edn", false, ReadOptions.FailedCas.ABSENT);
        return ReadOutcome.of(() -> {
            try (InputStream in = new FileInputStream(file.toFile())) {
                EdnReader.read(new Lines(in, "in.edn"), ops, true, true);
            }
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
    }

    /** A reading of {@code file} whose tail is looked for from {@code split}; adds the tail's maps to {@code n}. */
    private static ReadOutcome withTail(Path file, long split, long[] n) {
        JepsenOps ops = new JepsenOps("in.edn", false, ReadOptions.FailedCas.ABSENT);
        return ReadOutcome.of(() -> {
            try (InputStream in = new FileInputStream(file.toFile())) {
                n[0] += EdnReader.read(new Lines(in, "in.edn"), ops, file, split)[3];
            }
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
    }

    /** Something only the reader itself may read, put between two lines near where a tail starts. */
    private static final String[] TROUBLE = {
        "{:process :nemesis,\n :type :info,\n :f :start,\n :value nil}\n",
        "{:process :nemesis, :type :info, :f :note, :value \"a\n{:process 0, :type :ok, :f :read, :value 1}\nb\"}\n",
        "#_\n{:process :nemesis, :type :info, :f :hidden, :value nil}\n",
        "#_\n",
        "\n",
        "; a comment\n",
        "  \n",
        "#jepsen.history.Op\n{:process :nemesis, :type :info, :f :tagged, :value nil}\n",
        "{:process :nemesis, :type :info, :f :kill, :value [1 [2]]}\n",
        "{:process :nemesis, :type :info, :f :note, :value \"é\"}\n",
        "{:process :nemesis :type :info :f :x :value nil} {:process :nemesis :type :info :f :y :value nil}\n",
        "{:process 7, :type :ok, :f :read, :value 3}\n", // a completion without its invocation: an error
        "{:process 0, :type :ok, :f :read, :value 3, :index 0}\n", // a duplicate index (when indexed)
        "{:process :nemesis, :type :info, :f :open, :value \"not closed\n",
    };

    /**
     * A history of common lines of about {@code bytes} bytes, with {@code trouble} (from {@link #TROUBLE}) put in at
     * a line start after {@code at} bytes when not null.
     */
    private static String file(Random r, int bytes, String trouble, int at, boolean crlf, boolean lastNewline) {
        StringBuilder out = new StringBuilder();
        int processes = 1 + r.nextInt(6);
        String[] open = new String[processes];
        boolean timed = r.nextInt(3) != 0;
        boolean indexed = r.nextBoolean();
        long time = 0;
        long index = 0;
        boolean placed = trouble == null;
        while (out.length() < bytes) {
            if (!placed && out.length() >= at) {
                out.append(trouble);
                placed = true;
            }
            int p = r.nextInt(processes);
            String type;
            String f;
            if (open[p] == null) {
                type = "invoke";
                f = r.nextBoolean() ? "read" : "write";
                open[p] = f;
            } else {
                type = r.nextInt(20) == 0 ? "fail" : "ok";
                f = open[p];
                open[p] = null;
            }
            String value = f.equals("read") && type.equals("invoke") ? "nil" : Integer.toString(r.nextInt(5));
            out.append("{:process ").append(p).append(", :type :").append(type).append(", :f :").append(f)
                    .append(", :value ").append(value);
            if (timed) {
                time += r.nextInt(1000);
                out.append(", :time ").append(time);
            }
            if (indexed) {
                out.append(", :index ").append(index++);
            }
            out.append("}\n");
        }
        String text = out.toString();
        if (!lastNewline) {
            text = text.substring(0, text.length() - 1);
        }
        return crlf ? text.replace("\n", "\r\n") : text;
    }

    @Test
    void aTailReadsAsTheWholeFileReadInTurnWhereverItStarts() throws IOException {
        long[] tailMaps = {0};
        int readings = 0;
        int histories = 0;
        int errors = 0;
        for (int seed = 0; seed < 60; seed++) {
            Random r = new Random(seed);
            String trouble = seed % 5 == 4 ? null : TROUBLE[r.nextInt(TROUBLE.length)];
            int at = 80_000 + r.nextInt(40_000);
            String text = file(r, 150_000 + r.nextInt(30_000), trouble, at, seed % 7 == 3, seed % 6 != 5);
            Path file = dir.resolve("h" + seed + ".edn");
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes);
            ReadOutcome expected = inTurn(file);
            if (expected.error() == null) {
                histories++;
            } else {
                errors++;
            }
            // tails starting at each of the lines around the trouble, and at a few lines anywhere past the buffer
            List<Integer> starts = lineStarts(bytes);
            List<Integer> splits = new ArrayList<>();
            for (int s : starts) {
                if (s >= at - 200 && s <= at + trouble(trouble) + 200) {
                    splits.add(s - 1 - r.nextInt(2)); // the tail starts after the next newline
                }
            }
            for (int k = 0; k < 4; k++) {
                splits.add(70_000 + r.nextInt(bytes.length - 70_000));
            }
            splits.add(bytes.length - 3);
            for (int split : splits) {
                ReadOutcome got = withTail(file, split, tailMaps);
                readings++;
                String what = "seed " + seed + ", tail after offset " + split + ", trouble " + trouble;
                assertEquals(expected, got, what);
            }
        }
        // most readings had a tail read by the second thread; some met an error in the tail (same message)
        assertTrue(readings > 600 && tailMaps[0] > 200_000, "readings " + readings + ", maps of tails "
                + tailMaps[0]);
        assertTrue(histories > 20 && errors > 3, "histories " + histories + ", errors " + errors);
    }

    private static int trouble(String t) {
        return t == null ? 0 : t.length();
    }

    @Test
    void aPlainFileIsReadByBothThreadsAlike() throws IOException {
        Random r = new Random(7);
        Path file = dir.resolve("plain.edn");
        Files.writeString(file, file(r, 400_000, null, 0, false, true));
        ReadOutcome expected = inTurn(file);
        assertNotNull(expected.history());
        long[] tailMaps = {0};
        assertEquals(expected, withTail(file, 100_000, tailMaps));
        // about three quarters of the maps were read by the second thread
        long all = ((List<?>) expected.history()).size() * 2L;
        assertTrue(tailMaps[0] > all / 2, "maps of the tail " + tailMaps[0] + " of about " + all);
    }

    @Test
    void theBatchReadingWithASpareCoreGivesTheSameResult() throws IOException, InvalidInputException {
        Random r = new Random(11);
        Path file = dir.resolve("big.edn");
        Files.writeString(file, file(r, (int) EdnTail.MIN_BYTES + 200_000, null, 0, false, true));
        ReadResult one = HistoryReaders.load(file, ReadOptions.defaults());
        ReadResult two = HistoryReaders.load(file, ReadOptions.defaults(), true);
        assertEquals(one.history().operations(), two.history().operations());
        assertEquals(one.annotations(), two.annotations());
        assertEquals(one.format(), two.format());
    }
}
