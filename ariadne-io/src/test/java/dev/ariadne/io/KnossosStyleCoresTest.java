package dev.ariadne.io;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.ResultAssertions;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.core.reference.RelaxedChecker;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27's proof on the Knossos-style (Jepsen EDN and log) histories of the test suites and the examples: every
 * violation's core is found and proven by the relaxed reference checker (a code path separate from the core search):
 * R(core) is not linearizable, removing any one of its operations makes it linearizable, and every order the
 * explanation states replays under the same relaxation.
 */
class KnossosStyleCoresTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    /** Long enough never to run out here: the checks inside are budgeted in steps, not time. */
    private static final Duration PATIENT = Duration.ofMinutes(5);

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "ariadne-cli/src/test/resources/jepsen/fail-did-not-happen.edn, cas-register",
            "ariadne-cli/src/test/resources/jepsen/info-happens-at-most-once.edn, cas-register",
            "ariadne-cli/src/test/resources/jepsen/initial-value.edn, cas-register",
            "ariadne-cli/src/test/resources/jepsen/knossos-printout.log, cas-register",
            "ariadne-cli/src/test/resources/jepsen/mutex-bad.edn, mutex",
            "ariadne-cli/src/test/resources/jepsen/queue.edn, fifo-queue",
            "ariadne-cli/src/test/resources/jepsen/set-bad.edn, set",
            "ariadne-cli/src/test/resources/jepsen/multi-register-knossos-bad.edn, multi-register",
            "examples/cas-register-nemesis-bad.edn, cas-register",
            "examples/kv-bad.edn, kv",
    })
    void theCoreOfEveryViolationIsProvenAndItsOrdersReplay(String file, String modelName) throws Exception {
        ReadResult read = HistoryReaders.load(ROOT.resolve(file), ReadOptions.defaults());
        Model<?> model = BuiltinModels.byName(modelName, ModelOptions.defaults().withNilRead(read.nilRead()));
        Result r = Checker.check(read.history(), model, CheckOptions.defaults().withCoreTimeout(PATIENT));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), file);
        List<Operation> prepared = read.history().operations().stream().map(model::prepare).toList();
        for (PartitionResult p : r.violations()) {
            Explanation e = p.violation().explanation();
            String where = file + " " + p.label();
            assertTrue(e.found() && e.minimal(), where + ": " + e.limit());
            Set<Integer> core = ids(e.core());
            List<Operation> part = null;
            for (Partition candidate : model.partition(prepared)) {
                if (ids(candidate.operations()).containsAll(core)) {
                    part = candidate.operations();
                }
            }
            assertNotNull(part, where);
            assertFalse(RelaxedChecker.isLinearizable(part, core, model), where + " R(core " + core + ") passes");
            for (int m : core) {
                Set<Integer> rest = new HashSet<>(core);
                rest.remove(m);
                assertTrue(RelaxedChecker.isLinearizable(part, rest, model), where + " without #" + m);
            }
            assertFalse(e.orders().isEmpty(), where);
            String wrong = ResultAssertions.wrongOrder(part, model, e);
            assertTrue(wrong == null, where + ": " + wrong);
        }
    }

    private static Set<Integer> ids(List<Operation> ops) {
        Set<Integer> ids = new HashSet<>();
        ops.forEach(op -> ids.add(op.id()));
        return ids;
    }
}
