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
 * decided on the main thread with no other check running; a check's failure is thrown at its file's turn; a file read
 * apart is checked with what its reading gave, and the readings come first, so that the last file's reading does not
 * wait for the first file's check. The orders are forced with latches, not waits for time.
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
        try (CheckAhead pair = new CheckAhead(files(n), (i, read, draws) -> {
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
        try (CheckAhead pair = new CheckAhead(files(4), (i, read, draws) -> {
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
        try (CheckAhead pair = new CheckAhead(files(6), (i, read, draws) -> {
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
        try (CheckAhead pair = new CheckAhead(files(5), (i, read, draws) -> {
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

    /** A check that hands each file's reading to its check: "read j" for a file read apart. */
    private static class Apart implements CheckAhead.FileCheck {
        final List<String> reads = Collections.synchronizedList(new ArrayList<>());
        final List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        final java.util.function.IntConsumer beforeCheck;

        Apart(java.util.function.IntConsumer beforeCheck) {
            this.beforeCheck = beforeCheck;
        }

        @Override
        public Object read(int index) {
            reads.add("read " + index);
            return "read " + index;
        }

        @Override
        public CheckCommand.Outcome check(int index, Object read, boolean drawsProgress) {
            beforeCheck.accept(index);
            if (!("read " + index).equals(read)) {
                wrong.add(index + " got " + read);
            }
            return ok(index);
        }
    }

    @Test
    void theLastFilesReadingDoesNotWaitForTheFirstFilesCheck() {
        // Before: each thread read and checked a whole file, so the third file was read only once one of the first
        // two had been checked, and this check, waiting for that reading, never ended.
        CountDownLatch thirdRead = new CountDownLatch(1);
        Apart work = new Apart(i -> {
            if (i == 0) {
                await(thirdRead);
            }
        }) {
            @Override
            public Object read(int index) {
                if (index == 2) {
                    thirdRead.countDown();
                }
                return super.read(index);
            }
        };
        try (CheckAhead pair = new CheckAhead(files(3), work, f -> true, f -> true)) {
            for (int i = 0; i < 3; i++) {
                assertEquals("f" + i, pair.take(i).file());
            }
        }
        assertEquals(List.of(), work.wrong);
        assertEquals(Set.of("read 0", "read 1", "read 2"), new HashSet<>(work.reads));
        assertEquals(3, work.reads.size());
    }

    @Test
    void filesReadApartAndFilesCheckedWholeComeOutInOrderEachReadOnce() {
        // Files 0, 2, 5, 6 and 8 are read apart, the others read by their check (null), file 4 is large; file 1's
        // check waits until file 2 has been read (by the other thread: a file within the window is read first).
        Set<Integer> apart = Set.of(0, 2, 5, 6, 8);
        CountDownLatch secondRead = new CountDownLatch(1);
        List<String> wrong = Collections.synchronizedList(new ArrayList<>());
        List<String> reads = Collections.synchronizedList(new ArrayList<>());
        int n = 9;
        CheckAhead.FileCheck work = new CheckAhead.FileCheck() {
            @Override
            public Object read(int index) {
                reads.add("read " + index);
                if (index == 2) {
                    secondRead.countDown();
                }
                return "read " + index;
            }

            @Override
            public CheckCommand.Outcome check(int index, Object read, boolean drawsProgress) {
                if (index == 1) {
                    await(secondRead);
                }
                Object expected = apart.contains(index) ? "read " + index : null;
                if (!java.util.Objects.equals(expected, read)) {
                    wrong.add(index + " got " + read);
                }
                return index == 3 ? new CheckCommand.Outcome("f3", null, null, null, ExitStatus.NOT_LINEARIZABLE,
                        List.of()) : ok(index);
            }
        };
        try (CheckAhead pair = new CheckAhead(files(n), work, f -> !f.toString().equals("f4"),
                f -> apart.contains(Integer.parseInt(f.toString().substring(1))))) {
            for (int i = 0; i < n; i++) {
                CheckCommand.Outcome o = pair.take(i);
                assertEquals("f" + i, o.file());
                assertEquals(i == 3 ? ExitStatus.NOT_LINEARIZABLE : ExitStatus.LINEARIZABLE, o.status());
            }
        }
        assertEquals(List.of(), wrong);
        List<String> sorted = new ArrayList<>(reads);
        Collections.sort(sorted);
        assertEquals(List.of("read 0", "read 2", "read 5", "read 6", "read 8"), sorted);
    }

    @Test
    void aFailureOfAFileReadApartIsThrownAtItsFilesTurn() {
        IllegalStateException bug = new IllegalStateException("a bug");
        Apart work = new Apart(i -> {
            if (i == 1) {
                throw bug;
            }
        });
        try (CheckAhead pair = new CheckAhead(files(4), work, f -> true, f -> true)) {
            assertEquals("f0", pair.take(0).file());
            assertSame(bug, assertThrows(IllegalStateException.class, () -> pair.take(1)));
        }
    }

    @Test
    void smallFilesAreStartedPastTheWindowWhileTheFileToPrintIsSlow() {
        // File 0 is decided only once file 5 has started: past WINDOW (2) from the turn, which the other thread
        // reaches only because files 3 to 5 are small and within the budget. Without that, this would never end.
        CountDownLatch fifthStarted = new CountDownLatch(1);
        int n = 8;
        try (CheckAhead pair = new CheckAhead(files(n), (i, read, draws) -> {
            if (i == 5) {
                fifthStarted.countDown();
            }
            if (i == 0) {
                await(fifthStarted);
            }
            return ok(i);
        }, f -> true, f -> false, f -> 100, 1_000)) {
            for (int i = 0; i < n; i++) {
                assertEquals("f" + i, pair.take(i).file());
            }
        }
    }

    @Test
    void pastTheWindowOnlySmallFilesAreStartedAndOnlyWithinTheirBudget() {
        byte s = CheckAhead.SMALL;
        long[] sizes = {100, 100, 100, 100, 100, 100, 100, 100};
        byte[] small = {s, s, s, s, s, s, s, s};
        // within WINDOW of the turn: always
        assertTrue(CheckAhead.mayStart(2, 0, small, sizes, 0));
        assertTrue(CheckAhead.mayStart(5, 3, new byte[]{s, s, s, s, s, CheckAhead.APART, s, s}, sizes, 0));
        // past it: while the files past it add up to the budget
        assertTrue(CheckAhead.mayStart(4, 0, small, sizes, 200));
        assertTrue(!CheckAhead.mayStart(5, 0, small, sizes, 200));
        assertTrue(CheckAhead.mayStart(7, 2, small, sizes, 300));
        // a file read apart, a large one or one of unknown size past the window stops it
        assertTrue(!CheckAhead.mayStart(4, 0, new byte[]{s, s, s, CheckAhead.APART, s, s, s, s}, sizes, 1_000));
        assertTrue(!CheckAhead.mayStart(4, 0, new byte[]{s, s, s, CheckAhead.LARGE, s, s, s, s}, sizes, 1_000));
        assertTrue(!CheckAhead.mayStart(3, 0, small, new long[]{100, 100, 100, Long.MAX_VALUE}, Long.MAX_VALUE - 1));
        // and never more than SMALL_WINDOW past the turn
        int far = CheckAhead.SMALL_WINDOW + 1;
        byte[] many = new byte[far + 1];
        java.util.Arrays.fill(many, s);
        assertTrue(CheckAhead.mayStart(far - 1, 0, many, new long[far + 1], Long.MAX_VALUE));
        assertTrue(!CheckAhead.mayStart(far, 0, many, new long[far + 1], Long.MAX_VALUE));
    }
}
