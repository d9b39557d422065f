package dev.ariadne.io;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What one reading of a file gave, compared by the fast-path tests between the library's reading and the fast
 * path's: the history and what came with it (annotations, the nil-read convention), or the bad input's message.
 */
record ReadOutcome(Object history, Object extra, String error) {
    /** A reading that builds its outcome, or throws the reader's exception for bad input. */
    interface Reading {
        ReadOutcome read() throws IOException, InvalidInputException;
    }

    /** The outcome of {@code reading}: bad input, whichever exception says it, is its message. */
    static ReadOutcome of(Reading reading) {
        try {
            return reading.read();
        } catch (InvalidInputException e) {
            return new ReadOutcome(null, null, e.getMessage());
        } catch (Lines.BadLineException e) {
            return new ReadOutcome(null, null, e.problem().getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
