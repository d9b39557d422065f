package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EdnReaderTest {
    private static final String LINES = String.join("\n",
            "; a comment",                                                                   // 1
            "{:process 0, :type :invoke, :f :append, :key \"0\", :value \"x 0 0 y\"}",         // 2
            "{:process 1, :type :invoke, :f :get, :key \"0\", :value nil}",                   // 3
            "",                                                                              // 4
            "{:process :nemesis, :type :info, :f :start, :value [:isolated {:a 1}]}",        // 5
            "{:process 0, :type :ok, :f :append, :key \"0\", :value \"x 0 0 y\"}",             // 6
            "{:process 1, :type :ok, :f :get, :key \"0\", :value \"x 0 0 y\"}",               // 7
            "{:process 2, :type :invoke, :f :put, :key \"1\", :value \"a\"}",                  // 8
            "{:process 2, :type :fail, :f :put, :key \"1\", :value \"a\", :error :conflict}", // 9
            "{:process 3, :type :invoke, :f :put, :key \"1\", :value \"b\"}",                  // 10
            "{:process 3, :type :info, :f :put, :key \"1\", :value \"b\"}",                    // 11
            "{:process 4, :type :invoke, :f :get, :key \"1\", :value nil, :time 12345}",      // 12
            "");

    @Test
    void readsOneMapPerLine() throws Exception {
        History h = Read.text(LINES, Format.EDN);
        assertEquals(4, h.size());
        Operation append = h.get(0);
        assertEquals(new Invocation("append", "0", "x 0 0 y"), append.input());
        assertEquals("x 0 0 y", append.output());
        assertEquals(2, append.line());
        Operation get = h.get(1);
        assertEquals(new Invocation("get", "0", null), get.input());
        assertEquals("x 0 0 y", get.output());
        assertEquals(3, get.line());
        assertTrue(append.call() < get.call() && get.call() < append.ret() && append.ret() < get.ret());
        Operation crashed = h.get(2);
        assertEquals(3, crashed.client());
        assertTrue(crashed.isPending());
        assertEquals(10, crashed.line());
        Operation pending = h.get(3);
        assertEquals(4, pending.client());
        assertTrue(pending.isPending());
        assertEquals(12, pending.line());
    }

    @Test
    void readsOneVectorSpanningLines() throws Exception {
        String edn = "[{:process 0, :type :invoke, :f :write, :value 1}\n"
                + " {:process 0,\n"
                + "  :type :ok, :f :write, :value 1} ; done\n"
                + " {:process 1 :type :invoke :f :read :value nil}]\n";
        History h = Read.text(edn, Format.AUTO);
        assertEquals(2, h.size());
        assertEquals(1, h.get(0).line());
        assertEquals(1L, h.get(0).output());
        assertEquals(4, h.get(1).line());
        assertTrue(h.get(1).isPending());
        History list = Read.text(edn.replace('[', '(').replace(']', ')'), Format.AUTO);
        assertEquals(h, list);
    }

    @Test
    void aVectorPrintedAMapALineKeepsEveryLineAndErrorLine() throws Exception {
        String edn = "; Knossos' shape\n"
                + "[{:process 0, :type :invoke, :f :write, :value 1}\n"
                + " {:process 0, :type :ok, :f :write, :value 1}\n"
                + " {:process 1, :type :invoke, :f :read, :value nil}\n"
                + " {:process 1, :type :ok, :f :read, :value 1}]\n";
        History h = Read.text(edn, Format.AUTO);
        assertEquals(2, h.size());
        assertEquals(List.of(2, 4), List.of(h.get(0).line(), h.get(1).line()));
        assertEquals(1L, h.get(1).output());
        // the lines read from the bytes count in the errors that follow them
        String unclosed = edn.substring(0, edn.lastIndexOf(']')) + "\n\n";
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Read.text(unclosed, Format.AUTO));
        assertEquals(6, e.line(), e.getMessage());
        String bad = edn.replace(" {:process 1, :type :ok", " {:process 1, :type :maybe");
        e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Read.text(bad, Format.AUTO));
        assertEquals(5, e.line(), e.getMessage());
    }

    @Test
    void convertsValuesToPlainData() throws Exception {
        String edn = "{:process 0, :type :invoke, :f :txn, :key :k/x, "
                + ":value [[:append 1 2] #{:a \"b\"} {:k 1, 2 nil} 1.5 99999999999999999999 7N true \\c (1)]}\n";
        Object value = Read.input(Read.text(edn, Format.EDN).get(0)).value();
        Map<Object, Object> map = new java.util.HashMap<>();
        map.put("k", 1L);
        map.put(2L, null);
        assertEquals(List.of(List.of("append", 1L, 2L), Set.of("a", "b"), map, 1.5,
                new BigInteger("99999999999999999999"), 7L, true, "c", List.of(1L)), value);
        assertEquals("k/x", Read.input(Read.text(edn, Format.EDN).get(0)).key());
    }

    @Test
    void taggedMapsAreReadAsTheirValue() throws Exception {
        History h = Read.text("#jepsen.history.Op{:process 0, :type :invoke, :f :read, :value nil}\n", Format.EDN);
        assertEquals(1, h.size());
        assertNull(Read.input(h.get(0)).value());
    }

    @Test
    void emptyInputIsAnEmptyHistory() throws Exception {
        assertTrue(Read.text("; nothing\n\n", Format.EDN).isEmpty());
        assertTrue(Read.text("", Format.AUTO).isEmpty());
    }
}
