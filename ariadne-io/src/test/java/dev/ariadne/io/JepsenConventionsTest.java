package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the Jepsen readers add to reading: :index and :time checks, annotations, new clients after :info. */
class JepsenConventionsTest {
    private static final String REUSED = String.join("\n",
            "{:process 0, :type :invoke, :f :write, :value 1}",   // 1
            "{:process 0, :type :info, :f :write, :value 1}",     // 2
            "{:process 1, :type :invoke, :f :read, :value nil}",  // 3
            "{:process 0, :type :invoke, :f :read, :value nil}",  // 4: process 0 again after its :info
            "{:process 0, :type :ok, :f :read, :value 1}",        // 5
            "{:process 1, :type :ok, :f :read, :value 1}",        // 6
            "");

    @Test
    void reusingAProcessAfterInfoIsAnErrorNamingTheOption() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(REUSED, Format.EDN));
        assertEquals(4, e.line());
        assertTrue(e.problem().contains("process 0 invokes again after its :info at line 2"), e.problem());
        assertTrue(e.problem().contains("--new-client-after-info"), e.problem());
    }

    @Test
    void orAProcessReusedAfterInfoBecomesANewClient() throws Exception {
        History h = Read.load(REUSED, ReadOptions.defaults().withNewClientAfterInfo(true)).history();
        assertEquals(3, h.size());
        Operation crashed = h.get(0);
        assertEquals(0, crashed.client());
        assertTrue(crashed.isPending());
        Operation again = h.operations().stream().filter(op -> op.line() == 4).findFirst().orElseThrow();
        assertEquals(2, again.client()); // numbered after the highest process of the file
        assertEquals(0L, again.metadata().get("process"));
        assertEquals(1L, again.output());
        // twice in a row: a third client
        String twice = REUSED.replace("{:process 1, :type :ok, :f :read, :value 1}",
                "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :info, :f :read}\n"
                        + "{:process 0, :type :invoke, :f :read, :value nil}");
        String fixed = twice.replace("{:process 0, :type :ok, :f :read, :value 1}\n"
                + "{:process 0, :type :invoke", "{:process 0, :type :info, :f :read, :value 1}\n"
                + "{:process 0, :type :invoke");
        History h3 = Read.load(fixed, ReadOptions.defaults().withNewClientAfterInfo(true)).history();
        assertTrue(h3.operations().stream().anyMatch(op -> op.client() == 3), h3.toString());
    }

    @Test
    void aFailedOperationKeepsItsInvocationsLineAndTimes() throws Exception {
        String timed = "{:process 0, :type :invoke, :f :write, :value 1, :time 100}\n"    // 1
                + "{:process 1, :type :invoke, :f :write, :value 2, :time 150}\n"       // 2
                + "{:process 0, :type :ok, :f :write, :value 1, :time 200}\n"           // 3
                + "{:process 1, :type :fail, :f :write, :value 2, :time 250}\n";        // 4
        ReadResult r = Read.load(timed, ReadOptions.defaults());
        assertEquals(1, r.history().size()); // the :fail never enters the check
        assertEquals(List.of(new Annotation(4, "1", "fail", "write", 2L,
                new Annotation.FailedCall(2, 1, new Invocation("write", null, 2L), 150L, 250L))), r.annotations());
        assertEquals("1 fail write 2 (line 4, called at line 2)", r.annotations().get(0).toString());
        // As for operations, times are kept only when every client event has one.
        ReadResult untimed = Read.load(timed.replace(", :time 200", ""), ReadOptions.defaults());
        assertEquals(List.of(new Annotation(4, "1", "fail", "write", 2L,
                new Annotation.FailedCall(2, 1, new Invocation("write", null, 2L), null, null))),
                untimed.annotations());
        assertEquals(null, new Annotation(3, "nemesis", "info", "stop", null).call());
        // A process that became a new client after its :info fails as that client, numbered as in the history.
        String reused = "{:process 0, :type :invoke, :f :write, :value 1}\n"   // 1
                + "{:process 0, :type :info, :f :write, :value 1}\n"           // 2
                + "{:process 1, :type :invoke, :f :read, :value nil}\n"        // 3
                + "{:process 1, :type :ok, :f :read, :value 1}\n"              // 4
                + "{:process 0, :type :invoke, :f :write, :value 3}\n"         // 5
                + "{:process 0, :type :fail, :f :write, :value 3}\n";          // 6
        ReadResult again = Read.load(reused, ReadOptions.defaults().withNewClientAfterInfo(true));
        assertEquals(new Annotation.FailedCall(5, 2, new Invocation("write", null, 3L), null, null),
                again.annotations().get(0).call());
    }

    @Test
    void nemesisEventsAreAnnotations() throws Exception {
        String edn = "{:process :nemesis, :type :info, :f :start, :value [:isolated {\"n1\" #{\"n2\"}}], :index 0}\n"
                + "{:process 0, :type :invoke, :f :read, :value nil, :index 1}\n"
                + "{:process :nemesis, :type :info, :f :stop, :value nil, :index 2}\n";
        ReadResult r = Read.load(edn, ReadOptions.defaults());
        assertEquals(1, r.history().size());
        assertEquals(2, r.annotations().size());
        Annotation start = r.annotations().get(0);
        assertEquals(new Annotation(1, "nemesis", "info", "start",
                List.of("isolated", java.util.Map.of("n1", java.util.Set.of("n2")))), start);
        assertEquals("nemesis info stop (line 3)", r.annotations().get(1).toString());
        ReadResult log = Read.load("INFO  jepsen.util - :nemesis\t:info\t:start\tnil\n"
                + "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n", ReadOptions.defaults());
        assertEquals(List.of(new Annotation(1, "nemesis", "info", "start", "nil")), log.annotations());
    }

    @Test
    void indexesMustBeUniqueAndTimesMonotonicPerProcess() {
        String dup = "{:process 0, :type :invoke, :f :read, :index 5}\n{:process 0, :type :ok, :f :read, :index 5}\n";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(dup, Format.EDN));
        assertEquals(2, e.line());
        assertTrue(e.problem().contains("duplicate :index 5"), e.problem());
        String earlierDup = "{:process 0, :type :invoke, :f :read, :index 0}\n{:process 0, :type :ok, :f :read, :index 2}\n"
                + "{:process 1, :type :invoke, :f :read, :index 1}\n{:process 1, :type :ok, :f :read, :index 0}\n";
        assertEquals(4, assertThrows(InvalidInputException.class, () -> Read.text(earlierDup, Format.EDN)).line());
        String back = "{:process 0, :type :invoke, :f :read, :time 100}\n{:process 1, :type :invoke, :f :read, :time 50}\n"
                + "{:process 0, :type :ok, :f :read, :time 90}\n";
        InvalidInputException b = assertThrows(InvalidInputException.class, () -> Read.text(back, Format.EDN));
        assertEquals(3, b.line());
        assertTrue(b.problem().contains("goes backwards: 90 after 100 at line 1"), b.problem());
        // process numbers kept in a table (small) and in a map (large) alike; an equal time is not going backwards
        for (long p : new long[]{4095, 4096, 2_000_000_000L}) {
            String big = "{:process " + p + ", :type :invoke, :f :read, :time 100}\n{:process 1, :type :invoke, :f "
                    + ":read, :time 50}\n{:process " + p + ", :type :ok, :f :read, :value 1, :time 100}\n{:process "
                    + p + ", :type :invoke, :f :read, :time 90}\n";
            InvalidInputException bb = assertThrows(InvalidInputException.class, () -> Read.text(big, Format.EDN));
            assertEquals(4, bb.line());
            assertEquals("process " + p + "'s :time goes backwards: 90 after 100 at line 3", bb.problem());
        }
        assertThrows(InvalidInputException.class,
                () -> Read.text("{:process 0, :type :invoke, :f :read, :time -1}", Format.EDN));
        assertThrows(InvalidInputException.class,
                () -> Read.text("{:process 0, :type :invoke, :f :read, :index :a}", Format.EDN));
    }

    @Test
    void numbersTooLongToParseAreRejectedButLongDigitStringsAreNot() throws Exception {
        String digits = "7".repeat(5000);
        String fine = "; " + digits + "\n{:process 0, :type :invoke, :f :write, :value \"" + digits + "\\\"" + digits
                + "\", :key \\9}\n";
        assertEquals(digits + "\"" + digits, Read.input(Read.text(fine, Format.EDN).get(0)).value());
        String number = "{:process 0, :type :invoke, :f :write, :value " + digits + "}\n";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(number, Format.EDN));
        assertTrue(e.problem().contains("more than 1000 digits"), e.problem());
        assertEquals(1, Read.text("{:process 0, :type :invoke, :f :write, :value " + "7".repeat(1000) + "}",
                Format.EDN).size());
    }

    @Test
    void indexSetFindsDuplicatesInAnyOrder() {
        IndexSet s = new IndexSet();
        for (long i : new long[]{0, 1, 2, 5, 6, 3, 9, 4, 7, 8}) {
            assertTrue(s.add(i), "first " + i);
        }
        for (long i = 0; i < 10; i++) {
            assertFalse(s.add(i), "again " + i);
        }
        assertTrue(s.add(10));
        assertTrue(s.add(100));
        assertFalse(s.add(100));
        assertTrue(s.add(50));
        assertFalse(s.add(50));
    }
}
