package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A seeded mutational fuzzer: valid files of every format, mutated (bit flips, special bytes, deleted, repeated
 * and spliced ranges, truncation, huge numbers, deep nesting), are fed to their reader and to detection. Each
 * must give a history or an {@link InvalidInputException}; any other exception or error, or running past the
 * time bound, fails the test with the input that caused it. Fixed seed and iteration count: deterministic.
 */
class FuzzTest {
    /** Longer runs by hand: {@code -Dariadne.fuzz.seed=7 -Dariadne.fuzz.iterations=100000 -Dariadne.fuzz.seconds=600}. */
    private static final long SEED = Long.getLong("ariadne.fuzz.seed", 0x41_72_69_61_64_6eL);
    private static final int ITERATIONS_PER_SEED = Integer.getInteger("ariadne.fuzz.iterations", 350);
    private static final int SECONDS = Integer.getInteger("ariadne.fuzz.seconds", 120);
    private static final byte[] SPECIAL = "{}[]()\":,;#\\\n\t -0123456789eE.nNMtf".getBytes(StandardCharsets.US_ASCII);
    private static final int[] SPECIAL_BINARY = {0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xc0, 0xc1, 0xc2, 0xc3,
            0xc4, 0xc7, 0xca, 0xcb, 0xcf, 0xd3, 0xd9, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xef, 0xf0, 0xff};

    private record Seed(String name, Format format, byte[] bytes) {
    }

    private static List<Seed> seeds() {
        List<Seed> s = new ArrayList<>();
        s.add(text("edn", Format.EDN, RoundTripTest.EDN));
        s.add(text("edn-vector", Format.EDN, "[" + RoundTripTest.EDN.replace(";", "") + "]"));
        s.add(text("jepsen-log", Format.JEPSEN_LOG, RoundTripTest.LOG));
        s.add(text("json-operations", Format.JSON, RoundTripTest.JSON_OPS));
        s.add(text("json-events", Format.JSON, RoundTripTest.JSON_EVENTS));
        s.add(text("jepsen-json", Format.JEPSEN_JSON, RoundTripTest.JEPSEN_JSON));
        s.add(text("omnilink-json", Format.OMNILINK, RoundTripTest.OMNILINK_JSON));
        s.add(new Seed("omnilink-msgpack", Format.OMNILINK, RoundTripTest.omnilinkMsgpack()));
        return s;
    }

    private static Seed text(String name, Format format, String content) {
        return new Seed(name, format, content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void mutatedFilesGiveAHistoryOrACleanError() {
        List<Seed> seeds = seeds();
        assertTimeoutPreemptively(Duration.ofSeconds(SECONDS), () -> {
            Random random = new Random(SEED);
            for (Seed seed : seeds) {
                for (int i = 0; i < ITERATIONS_PER_SEED; i++) {
                    byte[] input = mutate(seed.bytes, seeds, random);
                    check(seed, i, input, seed.format);
                    check(seed, i, input, Format.AUTO);
                }
            }
        }, "the fuzzer's inputs must all be read within the time bound (a reader hangs?)");
    }

    private static void check(Seed seed, int iteration, byte[] input, Format format) {
        try {
            Read.bytes(input, format);
        } catch (InvalidInputException e) {
            if (e.getMessage() == null || e.getMessage().isBlank() || e.getMessage().contains("Exception")) {
                fail("unclear error for " + describe(seed, iteration, input, format) + ": " + e.getMessage());
            }
        } catch (Throwable t) {
            AssertionError a = new AssertionError("reading " + describe(seed, iteration, input, format)
                    + " threw " + t, t);
            throw a;
        }
    }

    private static String describe(Seed seed, int iteration, byte[] input, Format format) {
        byte[] head = java.util.Arrays.copyOf(input, Math.min(input.length, 300));
        return "mutation " + iteration + " of seed " + seed.name + " as " + format + " (" + input.length
                + " bytes, starting " + HexFormat.of().formatHex(head) + ")";
    }

    /** One to four random mutations of {@code original}. */
    static byte[] mutate(byte[] original, List<Seed> seeds, Random random) {
        byte[] b = original.clone();
        int n = 1 + random.nextInt(4);
        for (int k = 0; k < n; k++) {
            b = mutateOnce(b, seeds, random);
        }
        return b;
    }

    private static byte[] mutateOnce(byte[] b, List<Seed> seeds, Random random) {
        if (b.length == 0) {
            return new byte[]{SPECIAL[random.nextInt(SPECIAL.length)]};
        }
        int at = random.nextInt(b.length);
        switch (random.nextInt(10)) {
            case 0 -> {
                byte[] c = b.clone();
                c[at] ^= (byte) (1 << random.nextInt(8));
                return c;
            }
            case 1 -> {
                byte[] c = b.clone();
                c[at] = SPECIAL[random.nextInt(SPECIAL.length)];
                return c;
            }
            case 2 -> {
                byte[] c = b.clone();
                c[at] = (byte) SPECIAL_BINARY[random.nextInt(SPECIAL_BINARY.length)];
                return c;
            }
            case 3 -> { // delete a range
                int len = 1 + random.nextInt(Math.min(16, b.length - at));
                return splice(b, at, len, new byte[0]);
            }
            case 4 -> { // repeat a range
                int len = 1 + random.nextInt(Math.min(64, b.length - at));
                return splice(b, at, 0, java.util.Arrays.copyOfRange(b, at, at + len));
            }
            case 5 -> { // splice in part of another seed
                byte[] other = seeds.get(random.nextInt(seeds.size())).bytes;
                int from = random.nextInt(other.length);
                int len = 1 + random.nextInt(Math.min(48, other.length - from));
                return splice(b, at, random.nextInt(4), java.util.Arrays.copyOfRange(other, from, from + len));
            }
            case 6 -> { // truncate
                return java.util.Arrays.copyOf(b, at);
            }
            case 7 -> { // an enormous number
                String digits = (random.nextBoolean() ? "-" : "") + "9".repeat(20 + random.nextInt(2000));
                return splice(b, at, 0, digits.getBytes(StandardCharsets.US_ASCII));
            }
            case 8 -> { // deep nesting
                String open = random.nextBoolean() ? "[" : random.nextBoolean() ? "{\"a\":" : "(";
                return splice(b, at, 0, open.repeat(100 + random.nextInt(3000)).getBytes(StandardCharsets.US_ASCII));
            }
            default -> { // random bytes
                byte[] noise = new byte[1 + random.nextInt(8)];
                random.nextBytes(noise);
                return splice(b, at, 0, noise);
            }
        }
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        int cut = Math.min(remove, b.length - at);
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, at);
        out.write(insert, 0, insert.length);
        out.write(b, at + cut, b.length - at - cut);
        return out.toByteArray();
    }
}
