package dev.ariadne.cli;

/**
 * A usage error found while running a command (an option value that does not parse, options that do not go
 * together): {@link Main} prints its message and a hint and exits 64. Unlike picocli's {@code ParameterException}
 * it needs no picocli model, so a command started without picocli ({@link CheckArguments}) can throw it too.
 */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message, null, false, false);
    }
}
