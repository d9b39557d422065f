package dev.ariadne.cli;

import dev.ariadne.core.history.Values;
import dev.ariadne.io.Annotation;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.io.OutputStreamWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code ariadne convert}: reads a history in any format Ariadne knows and writes it in the native JSON-lines
 * format, which reads back into an equal history. The input is read whole before anything is written, so bad
 * input never leaves a partial output file.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Convert a history to Ariadne's native JSON-lines format (docs/formats.md).",
                "Exit status: 0 converted, 64 usage error, 65 unreadable or invalid input, 74 the output could not "
                        + "be written."})
final class ConvertCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The history to read: a file (plain or gzip-compressed, "
            + "a pipe or FIFO too), - for standard input, or an OmniLink trace directory.")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The file to write; - for standard output.")
    String out;

    @Option(names = "--to", paramLabel = "FORMAT", required = true,
            description = "The format to write: json (the native JSON lines; the only one written).")
    String to;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "The input's format: auto, jepsen-log, edn, json, jepsen-json or omnilink (default: "
                    + "${DEFAULT-VALUE}, recognised from content).")
    String formatName;

    @Option(names = "--new-client-after-info",
            description = "A Jepsen process that invokes again after an :info becomes a new client (as Jepsen "
                    + "renumbers it) instead of an error.")
    boolean newClientAfterInfo;

    @Option(names = "--failed-cas", paramLabel = "MEANING", defaultValue = "absent",
            description = "What a Jepsen cas that ended in :fail means: absent (default; Jepsen's contract: it is "
                    + "left out) or mismatch (porcupine's etcd convention: it is written as a cas that returned "
                    + "false, and a failed read as one of unknown output).")
    String failedCasName;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Format format;
        try {
            format = Format.fromName(formatName);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ReadOptions.FailedCas failedCas;
        try {
            failedCas = ReadOptions.FailedCas.fromName(failedCasName);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!to.strip().equalsIgnoreCase("json")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown --to '" + to
                    + "' (expected json: only the native format is written)");
        }
        if (!out.equals("-")) {
            try {
                AtomicOutput.check(out, "OUT", List.of(in));
            } catch (UsageException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        String name = in.toString();
        ReadResult read;
        try {
            read = CheckCommand.load(in, ReadOptions.defaults().withFormat(format)
                    .withNewClientAfterInfo(newClientAfterInfo).withFailedCas(failedCas));
        } catch (InvalidInputException e) {
            err.println("ariadne: " + e.getMessage());
            return ExitStatus.INVALID_INPUT;
        } catch (IOException e) {
            err.println("ariadne: " + CheckCommand.cannotRead(name, e));
            return ExitStatus.INVALID_INPUT;
        }
        // Operations that ended in :fail did not happen: they are left out of the conversion as out of the check.
        List<Annotation> events = read.annotations().stream().filter(a -> !CheckCommand.isFailedOperation(a)).toList();
        if (!events.isEmpty()) {
            err.println("ariadne: note: " + Values.escape(name) + ": " + events.size()
                    + (events.size() == 1 ? " event of a non-client process (such as :nemesis) is"
                    : " events of non-client processes (such as :nemesis) are")
                    + " not an operation and not written");
        }
        try {
            if (out.equals("-")) {
                PrintWriter stdout = spec.commandLine().getOut();
                JsonLinesWriter.write(read.history(), read.nilRead(), stdout);
                stdout.flush();
            } else {
                write(read, Path.of(out));
            }
        } catch (IllegalArgumentException e) {
            // a value the native format cannot hold (the writer checks before it writes): the input is at fault
            err.println("ariadne: " + Values.escape(name) + ": cannot convert: " + e.getMessage());
            return ExitStatus.INVALID_INPUT;
        } catch (IOException | RuntimeException e) {
            err.println("ariadne: cannot write " + Values.escape(out) + ": " + e.getMessage());
            return ExitStatus.CANNOT_WRITE;
        }
        return ExitStatus.LINEARIZABLE;
    }

    /** Writes to a new file beside {@code target}, then renames it into place ({@link AtomicOutput}). */
    private static void write(ReadResult read, Path target) throws IOException {
        AtomicOutput.write(target, stream -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            JsonLinesWriter.write(read.history(), read.nilRead(), w);
            w.flush();
        });
    }
}
