package dev.ariadne.cli;

import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.io.Format;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import dev.ariadne.tla.StockTlc;
import dev.ariadne.tla.TlaException;
import dev.ariadne.tla.TlaExport;
import dev.ariadne.tla.TlaSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code ariadne export-tla}: writes a trace and its TLA+ spec as a validation module and configuration that stock
 * TLC checks, so that a verdict of {@code ariadne check --tla} can be confirmed with the official tool ({@link
 * TlaExport}; docs/tla.md). With {@code --run-tlc} it also runs TLC on them and exits with the verdict TLC implies.
 */
@Command(name = "export-tla", mixinStandardHelpOptions = true,
        description = {"Write a trace as a TLA+ validation module (and .cfg) that stock TLC checks: TLC reports "
                + "\"Invariant NoLinearization is violated\" when the trace is linearizable, \"No error has been "
                + "found\" when it is not (docs/tla.md).",
                "Exit status: 0 written (with --run-tlc: TLC found it linearizable), 1 TLC found it not "
                        + "linearizable, 2 TLC decided nothing (time limit, error), 64 usage error, 65 invalid spec "
                        + "or trace, 74 the output could not be written."})
final class ExportTlaCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace (an OmniLink trace, or any format "
            + "ariadne check reads).")
    Path trace;

    @Option(names = "--tla", paramLabel = "SPEC.tla", required = true,
            description = "The TLA+ specification: an operation X of the trace is the spec's action X, its "
                    + "parameters bound by name, as in ariadne check --tla.")
    Path tlaSpec;

    @Option(names = "--cfg", paramLabel = "SPEC.cfg",
            description = "The TLC configuration (INIT, CONSTANTS, VIEW). Default: SPEC.cfg beside the spec, if any.")
    Path tlaConfig;

    @Option(names = "--const", paramLabel = "NAME=VALUE",
            description = "Give the constant NAME the TLA+ value VALUE; repeatable.")
    Map<String, String> tlaConstants = new LinkedHashMap<>();

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "The folder to write SPECTrace.tla and SPECTrace.cfg to (created if needed); the spec's "
                    + "modules are copied there.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "The trace's format, as for ariadne check (default: ${DEFAULT-VALUE}).")
    String formatName;

    @Option(names = "--semantics", paramLabel = "omnilink|atomic",
            description = "What an operation of the spec's X_Step and X_Done actions means: omnilink (default), "
                    + "its steps interleave with other operations' events; atomic, they take effect as one step.")
    String semanticsName;

    @Option(names = "--run-tlc", description = "Then run stock TLC (one worker, in a child JVM) on the module and "
            + "print its verdict.")
    boolean runTlc;

    @Option(names = "--tlc-timeout", paramLabel = "DURATION", defaultValue = "10m",
            converter = DurationConverter.class,
            description = "With --run-tlc: stop TLC after this long (default: ${DEFAULT-VALUE}).")
    Duration tlcTimeout;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Format format;
        try {
            format = Format.fromName(formatName);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        dev.ariadne.tla.Semantics semantics;
        try {
            semantics = CheckCommand.semantics(semanticsName);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String name = trace.toString();
        TlaExport.Written written;
        boolean hooks = TlaSpec.isOmniLinkValidation(tlaSpec);
        try {
            ReadResult read = CheckCommand.load(trace, ReadOptions.defaults().withFormat(format)
                    .withOmniLinkEvents(hooks));
            // an OmniLink validation module sees the trace's events (its hooks, __traces)
            TlaSpec loaded = hooks ? TlaSpec.loadFor(tlaSpec, tlaConfig, tlaConstants, read.history())
                    : TlaSpec.load(tlaSpec, tlaConfig, tlaConstants);
            try (loaded) {
                written = TlaExport.write(loaded, tlaConfig, tlaConstants, read.history(),
                        trace.getFileName() == null ? name : trace.getFileName().toString(), this.out, semantics);
            } catch (IOException e) {
                err.println("ariadne: cannot write to " + Values.escape(this.out.toString()) + ": " + e.getMessage());
                return ExitStatus.CANNOT_WRITE;
            }
        } catch (TlaException e) {
            err.println("ariadne: " + e.getMessage());
            return ExitStatus.INVALID_INPUT;
        } catch (InvalidInputException e) {
            err.println("ariadne: " + e.getMessage());
            return ExitStatus.INVALID_INPUT;
        } catch (InvalidOperationException e) {
            err.println("ariadne: " + CheckCommand.invalidOperation(name, e));
            return ExitStatus.INVALID_INPUT;
        } catch (IOException e) {
            err.println("ariadne: " + CheckCommand.cannotRead(name, e));
            return ExitStatus.INVALID_INPUT;
        }
        out.println("wrote " + Values.escape(written.module().toString()) + " and "
                + Values.escape(written.cfg().getFileName().toString()) + " (" + written.operations()
                + (written.operations() == 1 ? " operation" : " operations") + "; copied "
                + String.join(", ", written.copied().stream().map(p -> p.getFileName().toString()).toList()) + "; "
                + semantics.label() + " semantics)");
        if (!runTlc) {
            out.println("check it with stock TLC, in " + Values.escape(written.module().getParent().toString()) + ":");
            out.println("  java -cp " + StockTlc.toolsJar() + " tlc2.TLC -workers 1 -config "
                    + written.cfg().getFileName() + " " + written.moduleName());
            out.println("TLC reports \"Invariant " + TlaExport.INVARIANT + " is violated\" when the trace is "
                    + "linearizable (its error trace is a linearization), \"No error has been found\" when it is not.");
            return ExitStatus.LINEARIZABLE;
        }
        out.flush();
        StockTlc.Outcome tlc;
        try {
            tlc = StockTlc.check(written, tlcTimeout, List.of());
        } catch (IOException e) {
            err.println("ariadne: cannot run TLC: " + e.getMessage());
            return ExitStatus.UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitStatus.UNKNOWN;
        }
        String states = tlc.distinctStates() >= 0 ? String.format(", %,d distinct states", tlc.distinctStates()) : "";
        String time = String.format(" in %.1f s", tlc.elapsed().toMillis() / 1000.0);
        if (tlc.verdict() == Verdict.UNKNOWN) {
            out.println("TLC: UNKNOWN (" + (tlc.exitStatus() < 0 ? "stopped at --tlc-timeout"
                    : "exit status " + tlc.exitStatus()) + time + ")");
            if (tlc.exitStatus() >= 0) {
                err.println(lastLines(tlc.output(), 15));
            }
            return ExitStatus.UNKNOWN;
        }
        out.println("TLC: " + (tlc.verdict() == Verdict.LINEARIZABLE ? "LINEARIZABLE" : "NOT LINEARIZABLE")
                + time + states);
        return tlc.verdict() == Verdict.LINEARIZABLE ? ExitStatus.LINEARIZABLE : ExitStatus.NOT_LINEARIZABLE;
    }

    private static String lastLines(String text, int n) {
        String[] lines = text.strip().split("\\R");
        return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - n), lines.length));
    }
}
