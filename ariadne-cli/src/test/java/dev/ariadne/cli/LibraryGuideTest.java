package dev.ariadne.cli;

// guide:imports
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import dev.ariadne.report.TextReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
// guide:end
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The code of {@code docs/library.md}, run: every Java block of the guide is a region of this file between
 * {@code // guide:NAME} and {@code // guide:end}, so the guide compiles and runs in {@code mvn verify} and cannot
 * drift from the API.
 */
class LibraryGuideTest {
    private static final Path GUIDE = Path.of("..", "docs", "library.md");
    private static final Path SOURCE = Path.of("src", "test", "java", "dev", "ariadne", "cli",
            "LibraryGuideTest.java");

    // guide:model
    /** A bank account: deposit(n), withdraw(n) → true (done) or false (refused: too little money), balance → n. */
    static final class Account implements Model<Long> {
        record Deposit(long amount) { }
        record Withdraw(long amount) { }
        record Balance() { }

        @Override
        public String name() {
            return "account";
        }

        @Override
        public Long init() {
            return 0L;
        }

        /** Once per operation, before the search: turn the reader's Invocation into a compact input. */
        @Override
        public Operation prepare(Operation op) {
            Invocation inv = (Invocation) op.input();
            Object input = switch (inv.f()) {
                case "deposit" -> new Deposit(amount(op, inv));
                case "withdraw" -> new Withdraw(amount(op, inv));
                case "balance" -> new Balance();
                default -> throw new InvalidOperationException(
                        "account: unknown operation " + inv.f() + " (deposit, withdraw or balance)").at(op);
            };
            return op.withInputOutput(input, op.output());
        }

        private static long amount(Operation op, Invocation inv) {
            if (inv.value() instanceof Number n && n.longValue() > 0) {
                return n.longValue();
            }
            throw new InvalidOperationException("account: " + inv.f() + " needs a positive amount").at(op);
        }

        /** The next state, or null when the model forbids it; never mutates; UNKNOWN outputs accept any outcome. */
        @Override
        public Long step(Long balance, Object input, Object output) {
            if (input instanceof Deposit d) {
                return balance + d.amount();
            }
            if (input instanceof Withdraw w) {
                boolean enough = balance >= w.amount();
                if (output == Operation.UNKNOWN) {
                    return enough ? balance - w.amount() : balance;
                }
                if (output.equals(Boolean.TRUE)) {
                    return enough ? balance - w.amount() : null;
                }
                return enough ? null : balance;
            }
            return output == Operation.UNKNOWN || output.equals(balance) ? balance : null;
        }

        @Override
        public boolean isReadOnly(Object input) {
            return input instanceof Balance;
        }

        @Override
        public String describeOperation(Object input, Object output) {
            String out = output == Operation.UNKNOWN ? "" : " → " + output;
            if (input instanceof Deposit d) {
                return "deposit(" + d.amount() + ")";
            }
            if (input instanceof Withdraw w) {
                return "withdraw(" + w.amount() + ")" + out;
            }
            return "balance" + out;
        }
    }
    // guide:end

    @Test
    void aUserModelFindsADoubleSpend() throws IOException {
        // guide:check
        History history = History.of(
                Operation.of(0, 0, Invocation.of("deposit", 100), null, 0, 10),
                Operation.of(1, 1, Invocation.of("withdraw", 80), true, 12, 20),
                Operation.of(2, 2, Invocation.of("withdraw", 80), true, 13, 21),  // both succeed: double spend
                Operation.of(3, 0, Invocation.of("balance"), 20, 22, 30));        // 20 is read as 20L
        Account account = new Account();
        Result result = Checker.check(history, account,
                CheckOptions.defaults().withTimeout(Duration.ofSeconds(10)));  // with the minimal failing core
        String report = TextReport.render("double-spend", result, account);   // what `ariadne check` prints
        // guide:end
        assertEquals(Verdict.NOT_LINEARIZABLE, result.verdict());
        assertTrue(report.contains("withdraw(80) → true"), report);
        String guide = Files.readString(GUIDE);
        report.lines().filter(line -> !line.contains(" ms, "))   // the timing line differs from run to run
                .forEach(line -> assertTrue(guide.contains(line + "\n"), "the guide shows another report: " + line));
    }

    @Test
    void aFileIsReadAndChecked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("account.jsonl");
        Files.writeString(file, """
                {"client":0,"call":0,"return":10,"f":"deposit","value":100}
                {"client":1,"call":12,"return":20,"f":"withdraw","value":80,"output":true}
                {"client":2,"call":13,"return":21,"f":"withdraw","value":80,"output":false}
                {"client":0,"call":22,"f":"balance"}
                """);
        Verdict verdict = readAndCheck(file);
        assertEquals(Verdict.LINEARIZABLE, verdict);
        Files.writeString(file, "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"deposit\",\"value\":-5}\n");
        assertThrows(InvalidOperationException.class, () -> readAndCheck(file));
    }

    // guide:read
    static Verdict readAndCheck(Path file) throws IOException, InvalidInputException {
        ReadResult read = HistoryReaders.load(file, ReadOptions.defaults());   // format recognised from content
        History history = read.history();
        Result result = Checker.check(history, new Account());
        return result.verdict();
    }
    // guide:end

    /**
     * Issue 27: a Jepsen EDN file whose read saw nil (Knossos: no information) gets the command's verdict through
     * the library when the model comes from the read result, and the opposite one from a model built on its own.
     */
    @Test
    void aJepsenFileIsCheckedWithItsOwnConventions(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history.edn");
        Files.writeString(file, """
                {:process 0, :type :invoke, :f :write, :value 1}
                {:process 0, :type :ok, :f :write, :value 1}
                {:process 1, :type :invoke, :f :read, :value nil}
                {:process 1, :type :ok, :f :read, :value nil}
                """);
        assertEquals(Verdict.LINEARIZABLE, readAndCheckRegister(file));
        assertEquals(0, CliRunner.run("check", "--model", "cas-register", file.toString()).status());
        ReadResult read = HistoryReaders.load(file, ReadOptions.defaults());
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(read.history(), RegisterModel.casRegister()).verdict(),
                "a model built on its own reads nil as a value");
        assertEquals("cas-register with nil reads unknown",
                read.model("cas-register", ModelOptions.defaults()).toString());
    }

    // guide:jepsen
    static Verdict readAndCheckRegister(Path file) throws IOException, InvalidInputException {
        ReadResult read = HistoryReaders.load(file, ReadOptions.defaults());
        // the built-in model, with what a read of nil means in this file (Knossos' "nothing seen" in Jepsen EDN)
        Model<?> model = read.model("cas-register", ModelOptions.defaults());
        return Checker.check(read.history(), model).verdict();
    }
    // guide:end

    @Test
    void theOnlineCheckerAnswersAtTheEventThatDecides() {
        // guide:online
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.casRegister());
        online.call(0, Invocation.of("write", 1L));
        online.ret(0, null);
        online.call(1, Invocation.of("cas", List.of(1L, 2L)));
        online.call(2, Invocation.of("read", null));
        online.ret(2, 1L);                                  // true: the read may come before the cas
        boolean stillPossible = online.ret(1, true);        // true: write, read → 1, cas(1, 2)
        online.call(2, Invocation.of("read", null));
        boolean ok = online.ret(2, 1L);                     // false: 1 was overwritten before this read began
        Result violation = online.violation().orElseThrow(); // the evidence of a batch check; empty while none
        // guide:end
        assertTrue(stillPossible);
        assertFalse(ok);
        assertEquals(Verdict.NOT_LINEARIZABLE, violation.verdict());
    }

    @Test
    void theGuideShowsExactlyTheCodeOfThisTest() throws IOException {
        String guide = Files.readString(GUIDE);
        String source = Files.readString(SOURCE);
        List<String> blocks = GuideRegions.javaBlocks(guide);
        assertEquals(6, blocks.size(), "the guide's Java blocks");
        List<String> regions = GuideRegions.regions(source);
        for (String block : blocks) {
            assertTrue(regions.contains(block), "docs/library.md shows code this test does not run:\n" + block);
        }
    }
}
