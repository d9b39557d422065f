package dev.ariadne.examples.harness;

import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.harness.ExceptionOutcome;
import dev.ariadne.harness.Recorder;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recorder on its own, for code that drives the system itself (your own threads, your own client library):
 * each call goes through {@code client.call(invocation, body)}, the events go to an online checker and a file.
 * {@code mvn -q -pl ariadne-harness -am verify -Dtest=RecorderExample -Dsurefire.failIfNoSpecifiedTests=false}
 * (both tests write target/ariadne/RecorderExample.jsonl; the file is the last one's)
 */
class RecorderExample {
    @Test
    void recordAndCheckAMapByHand() throws Exception {
        ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>();
        OnlineChecker<?> checker = OnlineChecker.of(BuiltinModels.byName("kv"));
        try (Recorder recorder = Recorder.builder()
                .sink(checker)
                .file(Path.of("target/ariadne/RecorderExample.jsonl"))
                // what an exception means: a timeout's outcome is unknown (the default for every exception),
                // a rejected request certainly had no effect
                .classifier(t -> t instanceof TimeoutException ? ExceptionOutcome.CRASHED : ExceptionOutcome.FAILED)
                .build()) {
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Recorder.Client client = recorder.client();
                String value = "v" + i;
                threads.add(new Thread(() -> {
                    for (int k = 0; k < 500; k++) {
                        try {
                            client.call(Invocation.of("put", "x", value), () -> map.put("x", value));
                            client.call(Invocation.of("get", "x", null), () -> map.getOrDefault("x", ""));
                        } catch (Exception e) {
                            // recorded as failed or crashed; carry on
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
        } // close() delivers every event and closes the file
        Result result = checker.finish();
        assertTrue(result.isLinearizable(), result.toString());
    }

    /** The snippet of docs/harness.md: one client, by hand, a call that returns a value and one that does not. */
    @Test
    void oneClientByHand() throws Exception {
        Map<String, String> map = new ConcurrentHashMap<>();
        // guide:recorder
        OnlineChecker<?> checker = OnlineChecker.of(BuiltinModels.byName("kv"));
        try (Recorder recorder = Recorder.builder()
                .sink(checker)
                .file(Path.of("target/ariadne/RecorderExample.jsonl"))
                .classifier(t -> t instanceof TimeoutException ? ExceptionOutcome.CRASHED : ExceptionOutcome.FAILED)
                .build()) {
            Recorder.Client client = recorder.client();        // one per thread or connection
            client.call(Invocation.of("put", "x", "v1"), () -> { map.put("x", "v1"); });       // void: output nil
            String v = client.call(Invocation.of("get", "x", null), () -> map.getOrDefault("x", ""));  // typed
        }                                                        // close(): every event delivered, the file closed
        Result result = checker.finish();
        // guide:end
        assertTrue(result.isLinearizable(), result.toString());
    }
}
