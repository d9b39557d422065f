package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@link CheckArguments} sets what picocli sets, or leaves the arguments to picocli. */
class CheckArgumentsTest {

    @Test
    void knowsEveryAnnotatedOption() {
        Set<String> annotated = new HashSet<>();
        for (CommandLine.Model.OptionSpec o : new CommandLine(new CheckCommand()).getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                annotated.addAll(Arrays.asList(o.names()));
            }
        }
        assertEquals(annotated, CheckArguments.optionNames());
    }

    @Test
    void setsWhatPicocliSets() {
        List<String[]> cases = List.of(
                new String[]{"a.jsonl"},
                new String[]{"a.jsonl", "b.edn", "-"},
                new String[]{"--model", "kv", "--no-partition", "a.txt"},
                new String[]{"--model=kv", "--json", "--quiet", "a", "b"},
                new String[]{"--format", "edn", "--nil-read", "unknown", "--engine", "frontier", "x"},
                new String[]{"--initial", "{:x 0}", "--independent", "--new-client-after-info", "x"},
                new String[]{"--initial", "-1", "x"},
                new String[]{"--initial=", "x"},
                new String[]{"--timeout", "1.5s", "--max-memory", "512m", "x"},
                new String[]{"--timeout=250ms", "--max-memory=2g", "x"},
                new String[]{"--threads", "2", "x"},
                new String[]{"--threads=1", "--engine", "dfs", "x"},
                new String[]{"--follow", "--follow-idle", "5s", "--model", "register", "-"},
                new String[]{"x", "--json", "y"},
                new String[]{"--", "--json", "-x"},
                new String[]{"--model", "cas-register", "--", "a"},
                new String[]{"--html", "out.html", "a.edn"},
                new String[]{"--core-timeout", "0", "a.edn"},
                new String[]{"--core-timeout=1.5s", "a.edn"},
                new String[]{"--tla", "Spec.tla", "--cfg", "Other.cfg", "--const", "N=3", "t.json"},
                new String[]{"--tla=Spec.tla", "--const=Values={1, 2}", "t.json"});
        for (String[] args : cases) {
            CheckCommand fast = CheckArguments.parse(args);
            assertNotNull(fast, String.join(" ", args));
            CheckCommand slow = new CheckCommand();
            new CommandLine(slow).parseArgs(args);
            assertEquals(fields(slow), fields(fast), String.join(" ", args));
        }
    }

    @Test
    void leavesTheUnusualToPicocli() {
        List<String[]> cases = List.of(
                new String[]{},
                new String[]{"--help"},
                new String[]{"-h"},
                new String[]{"--version"},
                new String[]{"--frobnicate", "x"},
                new String[]{"-x", "x"},
                new String[]{"--model", "a", "--model", "b", "x"},
                new String[]{"--model"},
                new String[]{"--model", "--json", "x"},
                new String[]{"--timeout", "soon", "x"},
                new String[]{"--max-memory", "lots", "x"},
                new String[]{"--threads", "many", "x"},
                new String[]{"--json=true", "x"},
                new String[]{"@args.txt"},
                new String[]{"--json"});
        for (String[] args : cases) {
            assertNull(CheckArguments.parse(args), String.join(" ", args));
        }
    }

    private static List<Object> fields(CheckCommand c) {
        return new ArrayList<>(Arrays.asList(c.modelName, c.formatName, c.initialText, c.independent, c.nilReadName,
                c.newClientAfterInfo, c.noPartition, c.engineName, c.maxMemory, c.timeout, c.json, c.follow,
                c.followIdle, c.quiet, c.files, c.html, c.tlaSpec, c.tlaConfig, c.tlaConstants, c.coreTimeout, c.threads));
    }
}
