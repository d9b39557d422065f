package dev.ariadne.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * The entry point {@code ariadne serve} runs commands through: {@link #run} is {@link Main#main} without the
 * {@code System.exit}, printing to given streams, so one JVM can run many commands. {@link #servable} says which
 * commands a server may run for a client: those that read neither standard input nor anything else of the client's
 * process, and install no signal handling of their own (see docs/serve.md); the others run as plain processes.
 */
public final class Served {
    private Served() {
    }

    /**
     * Whether a server may run {@code args} for a client: an everyday {@code check} of named files (not {@code -},
     * not {@code --follow}). Anything picocli reads instead (help, usage errors, other commands) runs plainly: the
     * same answer, without the questions of standard input and interrupts.
     */
    public static boolean servable(String[] args) {
        if (args.length == 0 || !args[0].equals("check")) {
            return false;
        }
        CheckCommand c;
        try {
            c = CheckArguments.parse(java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (RuntimeException e) {
            return false;
        }
        if (c == null || c.follow || c.followIdle != null || c.files == null || c.files.isEmpty()) {
            return false;
        }
        java.util.List<Path> paths = new java.util.ArrayList<>(c.files);
        java.util.Collections.addAll(paths, c.html, c.tlaSpec, c.tlaConfig);
        for (Path f : paths) {
            String s = f == null ? "" : f.toString();
            if (s.equals("-") || s.startsWith("/dev/") || s.startsWith("/proc/")) {
                return false; // standard input, or descriptors that would be the server's, not the client's
            }
        }
        return true;
    }

    /**
     * Runs {@code ariadne args} as {@link Main#main} would, printing to {@code out} and {@code err}, and returns
     * the exit status instead of exiting. Standard error is taken not to be a terminal (no progress line).
     */
    public static int run(String[] args, OutputStream out, OutputStream err) {
        PrintWriter o = new PrintWriter(new ClosedOutput(out), true);
        PrintWriter e = new PrintWriter(err, true);
        try {
            return Main.run(args, o, e, false);
        } catch (RuntimeException | Error x) {
            if (ClosedOutput.isClosed(x)) {
                return ClosedOutput.EXIT_STATUS;
            }
            e.println("ariadne: internal error: " + x);
            e.flush();
            return ExitStatus.INTERNAL;
        }
    }
}
