package dev.ariadne.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A batch's files checked on two threads ({@link CheckAhead}) come out in the files' order whichever thread
 * decides which file and whichever finishes first; an UNKNOWN decided next to another check, and a large file, are
 * decided on the main thread with no other check running; a check's failure is thrown at its file's turn. The
 * orders are forced with latches, not waits for time.
 */
class CheckAheadTest {
    private static List<Path> files(int n) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            files.add(Path.of("f" + i));
        }
        return files;
    }

    private static CheckCommand.Outcome ok(int i) {
        return new CheckCommand.Outcome("f" + i, null, null, null, ExitStatus.LINEARIZABLE, List.of());
    }

    /** Waits for a latch that the other thread opens; the bound only turns a bug's deadlock into a failure. */
    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(60, TimeUnit.SECONDS), "the other thread never got there");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void outcomesComeInTheFilesOrderWhicheverThreadFinishesFirst() {
        CountDownLatch secondDone = new CountDownLatch(1);
        Set<String> threads = Collections.synchronizedSet(new HashSet<>());
        int n = 7;
        try (CheckAhead pair = new CheckAhead(files(n), (i, draws) -> {
            threads.add(Thread.currentThread().getName());
            if (i == 0) {
                await(secondDone); // the first file finishes after the second, on whichever thread has it
            }
            if (i == 1) {
                secondDone.countDown();
            }
            return ok(i);
        }, f -> true)) {
            for (int i = 0; i < n; i++) {
                assertEquals("f" + i, pair.take(i).file());
            }
            assertTrue(pair.helped() >= 1, "the helper decided " + pair.helped());
        }
        assertEquals(2, threads.size(), threads.toString());
    }

    @Test
    void anUnknownDecidedNextToAnotherCheckIsDecidedAgainAloneOnTheMainThread() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        List<String> redo = Collections.synchronizedList(new ArrayList<>());
        Thread main = Thread.currentThread();
        try (CheckAhead pair = new CheckAhead(files(4), (i, draws) -> {
            int now = running.incrementAndGet();
            try {
                if (i == 1 && calls.getAndIncrement() == 0) {
                    return CheckCommand.unchecked("f1", "memory: the Java heap ran out", null);
                }
                if (i == 1) {
                    redo.add(now + " " + (Thread.currentThread() == main) + " " + draws);
                }
                return ok(i);
            } finally {
                running.decrementAndGet();
            }
        }, f -> true)) {
            for (int i = 0; i < 4; i++) {
                CheckCommand.Outcome o = pair.take(i);
                assertEquals("f" + i, o.file());
                assertEquals(ExitStatus.LINEARIZABLE, o.status());
            }
        }
        assertEquals(List.of("1 true true"), redo); // alone, on the main thread, drawing its progress line
    }

    @Test
    void aLargeFileIsCheckedAloneOnTheMainThread() {
        AtomicInteger running = new AtomicInteger();
        List<String> large = Collections.synchronizedList(new ArrayList<>());
        Thread main = Thread.currentThread();
        try (CheckAhead pair = new CheckAhead(files(6), (i, draws) -> {
            int now = running.incrementAndGet();
            try {
                if (i == 3) {
                    large.add(now + " " + (Thread.currentThread() == main));
                }
                return ok(i);
            } finally {
                running.decrementAndGet();
            }
        }, f -> !f.toString().equals("f3"))) {
            for (int i = 0; i < 6; i++) {
                assertEquals("f" + i, pair.take(i).file());
            }
        }
        assertEquals(List.of("1 true"), large);
    }

    @Test
    void aChecksFailureIsThrownAtItsFilesTurn() {
        IllegalStateException bug = new IllegalStateException("a bug");
        CountDownLatch failed = new CountDownLatch(1);
        try (CheckAhead pair = new CheckAhead(files(5), (i, draws) -> {
            if (i == 2) {
                failed.countDown();
                throw bug;
            }
            if (i == 0) {
                await(failed); // file 2 fails before file 0 is printed, on either thread
            }
            return ok(i);
        }, f -> true)) {
            assertEquals("f0", pair.take(0).file());
            assertEquals("f1", pair.take(1).file());
            assertSame(bug, assertThrows(IllegalStateException.class, () -> pair.take(2)));
        }
    }
}
