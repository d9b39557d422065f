package dev.ariadne.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A trace directory's *.log file that is not a regular file is an error naming it, never skipped. */
class TraceDirectoryTest {
    private static final String TRACE = "{\"operation_name\": \"write\", \"operation\": {\"value\": 1, "
            + "\"_op_start\": 1, \"_op_end\": 2}}\n";

    private static InvalidInputException rejected(Path dir) {
        return assertThrows(InvalidInputException.class,
                () -> HistoryReaders.load(dir, ReadOptions.defaults()));
    }

    @Test
    void aDanglingSymbolicLinkIsAnError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t0.log"), TRACE);
        Files.createSymbolicLink(dir.resolve("t1.log"), dir.resolve("missing"));
        InvalidInputException e = rejected(dir);
        assertEquals(dir.resolve("t1.log") + ": is a symbolic link to a file that does not exist, not a regular "
                + "file: every *.log file of an OmniLink trace directory is the trace of a thread", e.getMessage());
    }

    @Test
    void aFifoIsAnErrorAndIsNotOpened(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t0.log"), TRACE);
        Path fifo = dir.resolve("t1.log");
        int status;
        try {
            status = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        } catch (java.io.IOException e) {
            status = -1;
        }
        assumeTrue(status == 0, "mkfifo is not available");
        InvalidInputException e = rejected(dir); // opening it would block: nobody writes to it
        assertTrue(e.getMessage().startsWith(fifo + ": is a FIFO (named pipe), not a regular file"),
                e.getMessage());
    }

    @Test
    void aDeviceAndADirectoryAreErrors(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t0.log"), TRACE);
        Path device = Files.createSymbolicLink(dir.resolve("t1.log"), Path.of("/dev/null"));
        assumeTrue(Files.exists(device), "no /dev/null");
        assertTrue(rejected(dir).getMessage().startsWith(device + ": is a character device, not a regular file"));
        Files.delete(device);
        Files.createDirectory(dir.resolve("t1.log"));
        assertTrue(rejected(dir).getMessage().startsWith(dir.resolve("t1.log") + ": is a directory, not a regular"));
    }

    @Test
    void aSymbolicLinkToARegularFileIsRead(@TempDir Path dir) throws Exception {
        Path target = Files.writeString(dir.resolve("trace.json"), TRACE);
        Files.createSymbolicLink(dir.resolve("t0.log"), target);
        assertEquals(1, HistoryReaders.load(dir, ReadOptions.defaults()).history().size());
    }
}
