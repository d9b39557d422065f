package dev.ariadne.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output that reports, instead of swallowing, that its reader went away. {@link java.io.PrintWriter} and
 * {@link java.io.PrintStream} turn a write error such as EPIPE ({@code ariadne check … | head -1}) into a flag
 * nobody reads, so the command would go on checking and writing into the void; this stream throws {@link Closed}
 * (unchecked, so it passes through the writers) and {@link Main} ends quietly with {@link #EXIT_STATUS}.
 */
final class ClosedOutput extends FilterOutputStream {
    /**
     * The exit status after the output was closed: what a shell shows for a process killed by SIGPIPE (128 + 13),
     * as for {@code cat} or {@code grep}. Not the verdict's: the files after the closing point were never checked.
     */
    static final int EXIT_STATUS = 141;

    /** The output's reader is gone; nothing more can be written. */
    static final class Closed extends RuntimeException {
        Closed(IOException cause) {
            super("output closed: " + cause.getMessage(), cause, false, false);
        }
    }

    ClosedOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    @Override
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new Closed(e);
        }
    }

    /** Whether {@code e} or one of its causes says that the output was closed. */
    static boolean isClosed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof Closed) {
                return true;
            }
        }
        return false;
    }
}
