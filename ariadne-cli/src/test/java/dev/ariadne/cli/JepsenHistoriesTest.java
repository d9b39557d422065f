package dev.ariadne.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hand-written Jepsen histories (src/test/resources/jepsen, each with its verdict worked out in its comments),
 * checked through the command line: {@code :fail}, {@code :info}, nemesis events, {@code --independent},
 * {@code --initial}, both nil-read conventions and every model of Jepsen's workloads.
 */
class JepsenHistoriesTest {
    private static final Path DIR = Path.of(System.getProperty("user.dir"), "src", "test", "resources", "jepsen");
    private static final int OK = 0;
    private static final int VIOLATION = 1;

    private static CliRunner check(String file, String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "check";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = DIR.resolve(file).toString();
        return CliRunner.run(args);
    }

    private static CliRunner assertVerdict(int status, String file, String... options) {
        CliRunner r = check(file, options);
        assertEquals(status, r.status(), file + "\n" + r.out() + r.err());
        assertTrue(r.out().contains(status == OK ? ": LINEARIZABLE" : ": NOT LINEARIZABLE"), r.out());
        return r;
    }

    @Test
    void failMeansTheOperationDidNotHappen() {
        assertVerdict(VIOLATION, "fail-did-not-happen.edn", "--model", "cas-register");
    }

    @Test
    void infoMeansItMayHaveHappenedOnce() {
        assertVerdict(OK, "info-may-have-happened.edn", "--model", "cas-register");
        assertVerdict(VIOLATION, "info-happens-at-most-once.edn", "--model", "cas-register");
    }

    @Test
    void nemesisEventsAreAnnotationsNotOperations() {
        CliRunner r = assertVerdict(OK, "nemesis-is-not-a-client.edn", "--model", "cas-register");
        assertTrue(r.out().contains("4 operations"), r.out());
        assertTrue(r.out().contains("3 events of non-client processes (not operations): nemesis info start (line 4)"),
                r.out());
    }

    @Test
    void failedOperationsAreNamedButNotChecked() {
        CliRunner r = assertVerdict(VIOLATION, "fail-did-not-happen.edn", "--model", "cas-register");
        assertTrue(r.out().contains("2 operations"), r.out());
        assertTrue(r.out().contains("1 operation ended in :fail (not checked): process 1 fail write 2 (line 6, called at line 5)"),
                r.out());
        assertFalse(r.out().contains("non-client"), r.out());
    }

    /**
     * Issue 27: a jepsen.log and the history.edn of the same test get the same verdict, Jepsen's reading of a
     * failed cas by default and porcupine's with --failed-cas mismatch, which the report names.
     */
    @Test
    void aFailedCasMeansTheSameInTheLogAndInEdn() {
        for (String file : List.of("failed-cas.edn", "failed-cas.log")) {
            CliRunner r = assertVerdict(OK, file, "--model", "cas-register");
            assertTrue(r.out().contains("2 operations"), r.out());
            assertTrue(r.out().contains("1 operation ended in :fail (not checked): process 1 fail cas [1 2]"), r.out());
            assertFalse(r.out().contains("--failed-cas"), r.out());
            r = assertVerdict(VIOLATION, file, "--model", "cas-register", "--failed-cas", "mismatch");
            assertTrue(r.out().contains("3 operations"), r.out());
            assertTrue(r.out().contains("\n  reading: --failed-cas mismatch (porcupine's etcd convention)"), r.out());
            assertVerdict(OK, file, "--model", "cas-register", "--failed-cas", "ABSENT");
            r = check(file, "--json", "--model", "cas-register", "--failed-cas", "mismatch");
            assertTrue(r.out().contains("\"readings\" : {\n      \"failedCas\" : \"mismatch\"\n    }"), r.out());
            assertFalse(check(file, "--json", "--model", "cas-register").out().contains("readings"));
        }
        CliRunner bad = check("failed-cas.log", "--failed-cas", "maybe");
        assertEquals(64, bad.status(), bad.err());
        assertTrue(bad.err().contains("unknown --failed-cas 'maybe' (expected absent or mismatch)"), bad.err());
    }

    /**
     * Issue 27: the jepsen.log of a failing run ends with Knossos' printout of the history (bare operation lines);
     * it is read up to there, never as more operations, in batch and with --follow, whose first line (lein test)
     * is not a log line either.
     */
    @Test
    void aFailingRunsLogEndsWithKnossosPrintout() {
        CliRunner r = assertVerdict(VIOLATION, "knossos-printout.log", "--model", "cas-register");
        assertTrue(r.out().contains("5 operations"), r.out());
        assertTrue(r.out().contains("read → 4 [8, 9] line 14 could not be placed"), r.out());
        r = assertVerdict(VIOLATION, "knossos-printout.log", "--model", "cas-register", "--format", "jepsen-log");
        assertTrue(r.out().contains("5 operations"), r.out());
        r = assertVerdict(VIOLATION, "knossos-printout.log", "--follow", "--follow-idle", "1s", "--model",
                "cas-register");
        assertTrue(r.out().contains("line 14 could not be placed"), r.out());
        r = assertVerdict(VIOLATION, "failed-cas.log", "--follow", "--follow-idle", "1s", "--model",
                "cas-register", "--failed-cas", "mismatch");
        assertTrue(r.out().contains("\n  reading: --failed-cas mismatch"), r.out());
    }

    /** Issue 27: recognised records but no client operation: 0 operations, exit 0, and the report says why. */
    @Test
    void nemesisRecordsOnlyAreAHistoryOfNoOperation() {
        CliRunner r = assertVerdict(OK, "nemesis-only.edn");
        assertTrue(r.out().contains(", 0 operations,"), r.out());
        assertTrue(r.out().contains("\n  0 operations: the file holds no client operation that took effect, only 4 "
                + "events of non-client processes (such as :nemesis); an empty history is linearizable\n"), r.out());
        r = check("nemesis-only.edn", "--json", "--model", "cas-register");
        assertEquals(OK, r.status(), r.err());
        assertTrue(r.out().contains("\"empty\" : \"no client operation: 4 events of non-client processes (such as "
                + ":nemesis)\""), r.out());
        r = check("nemesis-only.edn", "--follow", "--follow-idle", "1s", "--model", "cas-register");
        assertEquals(OK, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("\n  0 operations: the file holds no client operation that took effect"), r.out());
    }

    /**
     * Issue 27: a violation at the very start that an initial value seen by the first reads removes gets a hint
     * (text and JSON), never a changed verdict; one that no such value removes gets none.
     */
    @Test
    void aViolationAtTheStartHintsAtTheInitialValue() {
        CliRunner r = assertVerdict(VIOLATION, "initial-value.edn", "--model", "cas-register");
        assertTrue(r.out().contains("\n  hint: the violation is at the very start of the history, and with --initial "
                + "'0' (the value the first read saw) it is linearizable"), r.out());
        r = assertVerdict(VIOLATION, "multi-register-initial.edn");
        assertTrue(r.out().contains("with --initial '{\"x\" 0, \"y\" 0}' (the value each register's first read "
                + "saw) it is linearizable"), r.out());
        assertVerdict(OK, "multi-register-initial.edn", "--initial", "{\"x\" 0, \"y\" 0}");
        r = check("initial-value.edn", "--json", "--model", "cas-register");
        assertEquals(VIOLATION, r.status());
        assertTrue(r.out().contains("\"hints\" : [ \"the violation is at the very start of the history, and with "
                + "--initial '0'"), r.out());
        // with --independent, the value the failing key's first read saw
        r = assertVerdict(VIOLATION, "independent-ok.edn", "--model", "cas-register", "--independent");
        assertTrue(r.out().contains("hint: the violation is at the very start of the history, and with --initial '0'"),
                r.out());
        // the only write of 2 failed: no initial value explains the read of 2 after the write of 1
        assertFalse(check("fail-did-not-happen.edn", "--model", "cas-register").out().contains("hint"));
        // with --initial given, no hint: the user chose it
        assertFalse(check("initial-value.edn", "--model", "cas-register", "--initial", "3").out().contains("hint"));
    }

    /** Issue 27: [key value] pairs with reads of [key nil], checked without --independent, get a hint. */
    @Test
    void pairsWithoutIndependentGetAHint() {
        CliRunner r = check("independent.edn", "--model", "cas-register");
        assertTrue(r.out().contains("\n  hint: every value is a pair [key value] and reads are invoked with [key nil], "
                + "as in Jepsen's independent tests: with --independent each key is checked on its own"), r.out());
        r = check("independent.edn", "--model", "cas-register", "--independent", "--initial", "0");
        assertFalse(r.out().contains("hint"), r.out());
        assertFalse(check("initial-value.edn", "--model", "cas-register").out().contains("[key value]"));
    }

    /**
     * Issue 27: with --independent every key gets a verdict, as Jepsen's independent checker reports every bad key;
     * none is "cancelled", on one thread or several.
     */
    @Test
    void independentGivesEveryKeyAVerdict() {
        for (String threads : List.of("1", "2")) {
            CliRunner r = assertVerdict(VIOLATION, "independent-bad-keys.edn", "--model", "cas-register",
                    "--independent", "--initial", "0", "--threads", threads);
            for (String key : List.of("a", "b", "c")) {
                assertTrue(r.out().matches("(?s).*\n  key \"" + key + "\" +1 ops  not linearizable\n.*"), r.out());
            }
            assertTrue(r.out().matches("(?s).*\n  key \"d\" +2 ops  linearizable\n.*"), r.out());
            assertFalse(r.out().contains("cancelled"), r.out());
            assertTrue(r.out().contains("Also not linearizable: key \"b\", key \"c\""), r.out());
        }
    }

    /** Issue 27: a set read that lists a value twice is a violation, in batch and with --follow. */
    @Test
    void aSetReadListingAValueTwiceIsAViolation() {
        CliRunner r = assertVerdict(VIOLATION, "set-repeated-read.edn", "--model", "set");
        assertTrue(r.out().contains("read → [1 2 1] (1 twice: no set holds a value twice) [4, 5] line 8 could not be "
                + "placed"), r.out());
        assertVerdict(VIOLATION, "set-repeated-read.edn", "--model", "set", "--follow", "--follow-idle", "1s");
    }

    @Test
    void nilReadsFollowTheSourcesConvention() {
        assertVerdict(OK, "nil-read.edn", "--model", "register");
        assertVerdict(OK, "nil-read.edn", "--model", "register", "--nil-read", "unknown");
        assertVerdict(VIOLATION, "nil-read.edn", "--model", "register", "--nil-read", "absent");
    }

    @Test
    void initialValuesAsInKnossosTests() {
        assertVerdict(OK, "initial-value.edn", "--model", "cas-register", "--initial", "0");
        assertVerdict(VIOLATION, "initial-value.edn", "--model", "cas-register");
        assertVerdict(OK, "multi-register-ok.edn", "--model", "multi-register", "--initial", "{:x 0 :y 0}");
        assertVerdict(OK, "multi-register-ok.edn", "--model", "multi-register", "--initial", "{\"x\": 0, \"y\": 0}");
        assertVerdict(VIOLATION, "multi-register.edn", "--model", "multi-register", "--initial", "{:x 0 :y 0}");
    }

    @Test
    void independentChecksEachKey() {
        CliRunner bad = assertVerdict(VIOLATION, "independent.edn", "--model", "cas-register", "--independent",
                "--initial", "0");
        assertTrue(bad.out().contains("model independent cas-register"), bad.out());
        assertTrue(bad.out().contains("2 partitions"), bad.out());
        assertTrue(bad.out().contains("Violation in key \"y\""), bad.out());
        CliRunner ok = assertVerdict(OK, "independent-ok.edn", "--model", "cas-register", "--independent",
                "--initial", "0");
        assertTrue(ok.out().contains("2 partitions"), ok.out());
        // checked whole, the per-key states are tracked together: same verdicts
        assertVerdict(VIOLATION, "independent.edn", "--model", "cas-register", "--independent", "--initial", "0",
                "--no-partition");
        assertVerdict(OK, "independent-ok.edn", "--model", "cas-register", "--independent", "--initial", "0",
                "--no-partition");
        // the model is inferred through the wrapper too
        assertVerdict(VIOLATION, "independent.edn", "--independent", "--initial", "0");
    }

    @Test
    void withoutIndependentAPairIsAnOrdinaryValue() {
        // write [:y 5] then read [:x 1] and cas [:y [0 7]]: the register holds pairs, and cas ["y" [0 7]] is
        // a compare of "y" with the pair, which fails, yet Jepsen says ok: not linearizable either way, but
        // for another reason; reading [:x nil] → [:x 1] is a read of a value never written.
        assertVerdict(VIOLATION, "independent-ok.edn", "--model", "register");
    }

    @Test
    void mutex() {
        assertVerdict(OK, "mutex-ok.edn", "--model", "mutex");
        assertVerdict(VIOLATION, "mutex-bad.edn", "--model", "mutex");
        assertVerdict(OK, "mutex-ok.edn"); // inferred
    }

    @Test
    void set() {
        assertVerdict(OK, "set-ok.edn", "--model", "set");
        assertVerdict(VIOLATION, "set-bad.edn", "--model", "set");
        assertVerdict(OK, "set-ok.edn", "--model", "set", "--initial", "#{}");
    }

    @Test
    void queues() {
        assertVerdict(VIOLATION, "queue.edn", "--model", "fifo-queue");
        assertVerdict(OK, "queue.edn", "--model", "unordered-queue");
        // starting with 2 at the head, the fifo dequeue of 2 is fine
        assertVerdict(OK, "queue.edn", "--model", "fifo-queue", "--initial", "[2]");
    }

    @Test
    void aProcessReusedAfterInfo() {
        CliRunner r = check("reused-process.edn", "--model", "cas-register");
        assertEquals(65, r.status(), r.err());
        assertTrue(r.err().contains("reused-process.edn:8: process 0 invokes again after its :info at line 6"),
                r.err());
        assertVerdict(OK, "reused-process.edn", "--model", "cas-register", "--new-client-after-info");
    }

    @Test
    void jepsenJsonAsElleCliReadsIt() {
        // elle-cli's rw-register example: x is written 2, then read as 3 (never written), then as 2
        CliRunner r = assertVerdict(VIOLATION, "rw-register.json", "--model", "multi-register");
        assertTrue(r.out().contains("txn [[r \"x\" 3]] [2, 3] line 3"), r.out());
        assertVerdict(VIOLATION, "rw-register.json", "--format", "jepsen-json");
    }
}
