package dev.ariadne.core.check;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How {@link CheckOptions#threads()} splits a check's threads between partitions and one partition's search. */
class CheckOptionsThreadsTest {
    private static final CheckOptions FOUR = new CheckOptions(Duration.ofSeconds(1), true, Engine.AUTO, 4);

    @Test
    void byDefaultPartitionsRunInParallelAndEachSearchOnOneThread() {
        assertEquals(CheckOptions.AUTOMATIC_THREADS, FOUR.threads());
        assertEquals(4, FOUR.partitionThreads());
        assertEquals(1, FOUR.searchThreads());
        assertEquals(CheckOptions.AUTOMATIC_THREADS, CheckOptions.defaults().withCoreTimeout(null).threads());
    }

    @Test
    void givenThreadsBoundEverythingAndLetOneSearchUseThemAll() {
        assertEquals(2, FOUR.withThreads(2).partitionThreads());
        assertEquals(2, FOUR.withThreads(2).searchThreads());
        assertEquals(4, FOUR.withThreads(8).partitionThreads());
        assertEquals(8, FOUR.withThreads(8).searchThreads());
        assertEquals(1, FOUR.withThreads(1).partitionThreads());
        assertEquals(1, FOUR.withThreads(1).searchThreads());
    }

    @Test
    void negativeThreadsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FOUR.withThreads(-1));
    }
}
