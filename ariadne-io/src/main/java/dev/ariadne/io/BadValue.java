package dev.ariadne.io;

/** A value that breaks the rules of its format; the reader adds source and line. */
final class BadValue extends Exception {
    BadValue(String problem) {
        super(problem);
    }
}
