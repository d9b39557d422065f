package dev.ariadne.harness.redis;

import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.harness.RunResult;
import dev.ariadne.harness.Workload;
import dev.ariadne.harness.WorkloadRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kv workload (read, write, compare-and-set on three keys, checked per key as a cas-register) against a real
 * {@code redis-server} through Lettuce: the server alone is linearizable; a stale read-through cache in front of it
 * is caught in every seed; and a server killed and restarted mid-run gives the right verdict either way: its
 * operations in flight are crashed, a fresh key space per server process stays linearizable, and a restart that
 * loses acknowledged writes (no persistence) is not linearizable.
 */
class RedisWorkloadTest {
    /**
     * Only against a hang: a command to a healthy server must never time out, however loaded the machine ("nothing
     * crashed" below), and none needs to: the nemesis pauses the server for 100 ms and then kills it, which ends the
     * commands in flight at once.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Path OUT = Path.of("target", "ariadne");
    /** Operations per client in the restart runs: the nemesis strikes after {@link Nemesis#STRIKE_AFTER} answers. */
    private static final int OPERATIONS = 400;

    private RedisServer server;
    private RedisRegisters redis;

    @BeforeEach
    void start() throws Exception {
        server = RedisServer.start();
        redis = RedisRegisters.warmedUp(server.port(), TIMEOUT);
    }

    @AfterEach
    void stop() {
        if (redis != null) {
            redis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** 4 clients; an operation for which no command was sent failed, any other exception crashed it. */
    private static WorkloadRunner<Registers> runner(Workload<Registers> workload) {
        return WorkloadRunner.of(workload).model(RedisWorkloads.model()).clients(4)
                .failedOn(ThreadConnections.NotSent.class);
    }

    @Test
    void aRealServerIsLinearizable() {
        RunResult run = runner(RedisWorkloads.workload(new ThreadConnections(redis)))
                .operations(300).seed(1).historyFile(OUT.resolve("redis-linearizable.jsonl")).run();
        run.assertLinearizable();
        assertEquals(4 * 300, run.operationsRun());
        assertEquals(0, pending(run).size(), "nothing crashed on a healthy server");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void aStaleReadThroughCacheIsCaught(long seed) {
        Registers cached = new StaleCache(new ThreadConnections(redis));
        RunResult run = runner(RedisWorkloads.workload(cached))
                .operations(500).seed(seed).run();
        assertEquals(Verdict.NOT_LINEARIZABLE, run.verdict(), run::failureMessage);
        assertTrue(run.stoppedAtViolation(), "the online checker stopped the run at the violation");
        // A stale read needs the value it saw, a write it missed and, when those overlap, the few operations that fix
        // their order (a core of 5 was seen: two overlapping writes, a cas and a read that order them, the stale read).
        List<Operation> core = run.core();
        System.out.printf("stale cache, seed %d: caught after %d operations, core of %d%n", seed, run.operationsRun(),
                core.size());
        assertFalse(core.isEmpty(), run::failureMessage);
        assertTrue(core.size() <= 8, () -> "core of " + core.size() + " operations:\n" + run.failureMessage());
    }

    /**
     * Keys are bound to the server process that serves them ({@link ThreadConnections#incarnationKey}): after the
     * restart clients work on a fresh key space, so the data the restart lost is never asked for again, and the
     * history must be linearizable: the operations the kill caught in flight are crashed (pending), the ones tried
     * while the server was down failed (no command sent), and nothing else differs from a healthy run.
     */
    @Test
    void aKilledServersOperationsInFlightAreCrashedAndAFreshKeySpaceStaysLinearizable() throws Exception {
        ThreadConnections connections = new ThreadConnections(redis);
        Nemesis nemesis = new Nemesis(server, connections, () -> { });
        RunResult run;
        try {
            run = runner(RedisWorkloads.workload(connections, connections::incarnationKey, () -> false))
                    .operations(OPERATIONS).seed(7)
                    .historyFile(OUT.resolve("redis-restart-fresh-keys.jsonl")).run();
        } finally {
            nemesis.join();
        }
        run.assertLinearizable();
        List<Operation> crashed = pending(run);
        assertFalse(crashed.isEmpty(), "operations in flight while the server was paused and killed are crashed");
        Set<String> processes = run.history().operations().stream().filter(op -> !op.isPending())
                .map(op -> key(op).substring(0, key(op).indexOf(':'))).collect(Collectors.toSet());
        assertTrue(processes.size() >= 2, () -> "operations completed on both server processes: " + processes);
        System.out.printf("redis restart, fresh key space: %s, %d operations recorded, %d crashed, processes %s%n",
                run.verdict(), run.history().operations().size(), crashed.size(), processes);
    }

    /**
     * Issue 26: the server killed and restarted twice mid-run, checked online (the runner's default, set here on
     * purpose): the run goes to its end, linearizable, with the operations of three server processes and the ones in
     * flight at each kill crashed; every client keeps its identity (a crashed operation's client goes on under a new
     * history client whose operations carry its own id as metadata {@code process}), so the report has one row per
     * client, not one per crash.
     */
    @Test
    void aServerKilledAndRestartedTwiceIsCheckedOnlineAndEachClientKeepsItsRow() throws Exception {
        ThreadConnections connections = new ThreadConnections(redis);
        Nemesis nemesis = new Nemesis(server, connections, () -> { }, Nemesis.STRIKE_AFTER, 3 * Nemesis.STRIKE_AFTER);
        RunResult run;
        try {
            run = runner(RedisWorkloads.workload(connections, connections::incarnationKey, () -> false))
                    .onlineChecking(true).operations(OPERATIONS).seed(11)
                    .historyFile(OUT.resolve("redis-restart-twice.jsonl")).run();
        } finally {
            nemesis.join();
        }
        run.assertLinearizable();
        assertEquals(4 * OPERATIONS, run.operationsRun(), "online checking let the run go to its end");
        List<Operation> crashed = pending(run);
        assertTrue(crashed.size() >= 2, () -> "operations in flight at each kill are crashed: " + crashed.size());
        Set<String> processes = run.history().operations().stream().filter(op -> !op.isPending())
                .map(op -> key(op).substring(0, key(op).indexOf(':'))).collect(Collectors.toSet());
        assertEquals(3, processes.size(), () -> "operations completed on three server processes: " + processes);
        Set<Integer> historyClients = run.history().operations().stream().map(Operation::client)
                .collect(Collectors.toSet());
        assertTrue(historyClients.size() > 4, "the history needs new clients after crashes: " + historyClients);
        Set<Long> rows = run.history().operations().stream()
                .map(op -> op.metadata().get(dev.ariadne.harness.Recorder.PROCESS) instanceof Long p ? p
                        : (long) op.client())
                .collect(Collectors.toSet());
        assertEquals(Set.of(0L, 1L, 2L, 3L), rows, "every operation is on the row of one of the 4 clients");
        for (Operation op : run.history().operations()) {
            if (op.client() >= 4) {
                assertTrue(op.metadata().get(dev.ariadne.harness.Recorder.PROCESS) instanceof Long,
                        () -> "a client after a crash names its own id: " + op);
            }
        }
        String page = java.nio.file.Files.readString(run.writeHtml(OUT.resolve("redis-restart-twice.html")));
        java.util.regex.Matcher rowsOfPartition = java.util.regex.Pattern.compile("\"clients\":\\[([0-9,]*)]")
                .matcher(page);
        int partitions = 0;
        while (rowsOfPartition.find()) {
            partitions++;
            for (String row : rowsOfPartition.group(1).split(",")) {
                assertTrue(Integer.parseInt(row) < 4, "the report's rows are the 4 clients: " + rowsOfPartition.group());
            }
        }
        assertTrue(partitions > 0, "the report lists the rows of its partitions");
        System.out.printf("redis restarted twice, online: %s, %d operations, %d crashed, %d history clients%n",
                run.verdict(), run.history().operations().size(), crashed.size(), historyClients.size());
    }

    /**
     * Keys are the same before and after the restart, and from the kill on the clients only read: every read on the
     * restarted, empty server returns nil, although writes to its key were acknowledged before the kill. A
     * register that was written never holds nil again, so the history is not linearizable, and Ariadne must say so.
     */
    @Test
    void aRestartThatLosesAcknowledgedWritesIsNotLinearizable() throws Exception {
        AtomicBoolean readsOnly = new AtomicBoolean();
        ThreadConnections connections = new ThreadConnections(redis);
        Nemesis nemesis = new Nemesis(server, connections, () -> readsOnly.set(true));
        RunResult run;
        try {
            run = runner(RedisWorkloads.workload(connections, k -> k, readsOnly::get)).operations(OPERATIONS).seed(7)
                    .historyFile(OUT.resolve("redis-restart-lost-writes.jsonl")).run();
        } finally {
            nemesis.join();
        }
        assertTrue(readsNilAfterAcknowledgedWrite(run.history().operations()),
                "the run has the loss to find: a read of nil after an acknowledged write of its key");
        assertEquals(Verdict.NOT_LINEARIZABLE, run.verdict(), run::failureMessage);
        assertFalse(pending(run).isEmpty(), "operations in flight while the server was paused and killed are crashed");
    }

    /** Whether some read returned nil after a write of its key (or a successful cas) had returned. */
    private static boolean readsNilAfterAcknowledgedWrite(List<Operation> ops) {
        for (Operation read : ops) {
            if (!((Invocation) read.input()).f().equals("read") || read.isPending()
                    || ((List<?>) read.output()).get(1) != null) {
                continue;
            }
            for (Operation w : ops) {
                if (w.isPending() || w.ret() >= read.call() || !key(w).equals(key(read))) {
                    continue;
                }
                Invocation inv = (Invocation) w.input();
                if (inv.f().equals("write") || inv.f().equals("cas") && Boolean.TRUE.equals(((List<?>) w.output()).get(1))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Operation> pending(RunResult run) {
        return run.history().operations().stream().filter(Operation::isPending).toList();
    }

    private static String key(Operation op) {
        return (String) ((List<?>) ((Invocation) op.input()).value()).get(0);
    }

    /**
     * Runs beside the workload: once the server has answered {@value #STRIKE_AFTER} commands it pauses the server
     * (SIGSTOP) for 100 ms, so that every client's command is left in flight, kills it (SIGKILL), runs
     * {@code whileDown}, and 100 ms later starts it again on the same port; the clients then go on with the rest of
     * their operations.
     */
    private static final class Nemesis {
        static final long STRIKE_AFTER = 150;
        private final Thread thread;
        private final long lastStrike;
        private volatile Throwable failure;

        Nemesis(RedisServer server, ThreadConnections progress, Runnable whileDown) {
            this(server, progress, whileDown, STRIKE_AFTER);
        }

        /** Strikes once the server has answered each of {@code strikes} commands in all (ascending). */
        Nemesis(RedisServer server, ThreadConnections progress, Runnable whileDown, long... strikes) {
            lastStrike = strikes[strikes.length - 1];
            // The clients stop at each strike's count until the server is paused, so that the run cannot end
            // before the nemesis strikes, however the machine schedules its thread.
            progress.holdAt(strikes[0]);
            thread = new Thread(() -> {
                try {
                    for (int i = 0; i < strikes.length; i++) {
                        while (progress.answered() < strikes[i]) {
                            Thread.sleep(5);
                        }
                        server.pause();
                        progress.holdAt(i + 1 < strikes.length ? strikes[i + 1] : Long.MAX_VALUE);
                        Thread.sleep(100);
                        server.kill();
                        whileDown.run();
                        Thread.sleep(100);
                        server.restart();
                    }
                } catch (Throwable t) {
                    progress.holdAt(Long.MAX_VALUE);
                    failure = t;
                }
            }, "redis-nemesis");
            thread.setDaemon(true);
            thread.start();
        }

        /** Waits for the nemesis (a run that ended before it struck fails here rather than hanging). */
        void join() throws Exception {
            thread.join(10_000);
            if (thread.isAlive()) {
                thread.interrupt();
                throw new AssertionError("the run ended before the nemesis struck (" + lastStrike + " answers)");
            }
            if (failure != null) {
                throw new AssertionError("the nemesis failed", failure);
            }
        }
    }
}
