package dev.ariadne.tla;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a trace and its spec as a validation module that stock TLC checks, OmniLink-style, so that a verdict of
 * {@link TlaModel} can be confirmed with the official tool. The module extends the spec; its state is the spec's
 * variables plus which operations have been linearized; its next-state relation takes one "viable" operation (one
 * called before every not-yet-linearized operation returned) and applies the spec's action with the operation's
 * values bound exactly as {@link TlaModel#prepare} binds them. An operation that never returned may be placed at
 * any later point or never. The invariant {@value #INVARIANT} is violated exactly when every completed operation
 * has been placed: TLC reporting it
 * violated means LINEARIZABLE (its error trace is a linearization), TLC finding no error means NOT LINEARIZABLE
 * (docs/tla.md, "Cross-checking with TLC").
 */
public final class TlaExport {
    /** The invariant TLC reports violated when the trace is linearizable. */
    public static final String INVARIANT = "NoLinearization";
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern KEYWORD = Pattern.compile("\\b(CONSTANTS?|INIT|NEXT|SPECIFICATION|INVARIANTS?|"
            + "PROPERT(?:Y|IES)|VIEW|SYMMETRY|CONSTRAINTS?|ACTION_CONSTRAINTS?|CHECK_DEADLOCK|POSTCONDITION|ALIAS)\\b");
    private static final Pattern USES = Pattern.compile("\\b(?:EXTENDS|INSTANCE)\\b([A-Za-z0-9_,\\s]*)");
    /** Tuples are written this many elements to a line. */
    private static final int PER_LINE = 16;

    /**
     * What was written: the validation module and its configuration, the spec modules copied beside them (so TLC
     * finds them), and the number of operations.
     */
    public record Written(Path module, Path cfg, List<Path> copied, int operations) {
        /** The module's name, which TLC takes as its argument. */
        public String moduleName() {
            String f = module.getFileName().toString();
            return f.substring(0, f.length() - 4);
        }
    }

    private TlaExport() {
    }

    /**
     * Writes {@code history} against {@code spec} (loaded from its file with {@code cfg}, or the {@code .cfg}
     * beside it when {@code null}, and {@code constants}) into {@code outDir} as {@code <Spec>Trace.tla} and
     * {@code <Spec>Trace.cfg}, copying the spec (and the modules of its folder it extends or instantiates) there.
     * The written module is loaded once by SANY and TLC before returning, so a module TLC cannot read is never
     * left unreported. Throws {@link TlaException} for a problem of the spec or its configuration, and {@link
     * InvalidOperationException}, attributed to the operation, for an operation the spec cannot take or whose
     * values have no TLA+ literal.
     */
    public static Written write(TlaSpec spec, Path cfg, Map<String, String> constants, History history, String traceName,
                                Path outDir) throws IOException {
        return write(spec, cfg, constants, history, traceName, outDir, Semantics.OMNILINK);
    }

    /**
     * {@link #write(TlaSpec, Path, Map, History, String, Path)} with an operation of {@code X_Step}s and an
     * {@code X_Done} written under {@code semantics}: under OmniLink's, a viable operation not yet placed may take
     * an {@code X_Step} at any point, between other operations' actions; under the atomic semantics its steps and
     * its {@code X_Done} come one right after the other.
     */
    public static Written write(TlaSpec spec, Path cfg, Map<String, String> constants, History history,
                                String traceName, Path outDir, Semantics semantics) throws IOException {
        Path specFile = Path.of(spec.path());
        String specModule = spec.fileName().substring(0, spec.fileName().length() - 4);
        Path specDir = specFile.toAbsolutePath().getParent();
        Path userCfg = cfg != null ? cfg : specDir.resolve(specModule + ".cfg");
        String cfgText = Files.isRegularFile(userCfg) ? Files.readString(userCfg, StandardCharsets.UTF_8) : "";
        String specText = Files.readString(specFile, StandardCharsets.UTF_8);
        Config config = Config.parse(TlaSpec.configuration(specText, cfgText, constants),
                cfg != null ? cfg.toString() : userCfg.getFileName().toString());

        List<Operation> ops = new ArrayList<>(history.operations());
        ops.sort(Comparator.comparingLong(Operation::call).thenComparingInt(Operation::id));
        // binds values to parameters as the check does; the begins of OmniLink's semantics are written as the
        // module's own X_Step disjunct, not as operations
        TlaModel model = spec.model(Semantics.ATOMIC, false);
        List<TlaModel.Step> steps = new ArrayList<>(ops.size());
        for (Operation op : ops) {
            Operation prepared = model.prepare(op);
            if (!(prepared.input() instanceof TlaModel.Step step)) {
                throw new InvalidOperationException("export-tla writes operations of one action, or of an X_Step/"
                        + "X_Done pair, only").at(op);
            }
            steps.add(step);
        }

        String moduleName = specModule + "Trace";
        if (Files.isRegularFile(specDir.resolve(moduleName + ".tla"))) {
            throw new TlaException(specDir.resolve(moduleName + ".tla") + ": the validation module's name "
                    + moduleName + " is taken by a module of the spec's folder");
        }
        // the whole text first: a value without a TLA+ literal leaves nothing behind
        String moduleText = module(moduleName, specModule, traceName, ops, steps, spec.variables(), config,
                semantics);
        String definitions = TlaSpec.constantDefinitions(constants);
        if (!definitions.isEmpty()) { // the --const values the configuration's syntax cannot hold
            int at = moduleText.indexOf('\n', moduleText.indexOf("\nEXTENDS ") + 1) + 1;
            moduleText = moduleText.substring(0, at) + definitions + moduleText.substring(at);
        }
        Files.createDirectories(outDir);
        List<Path> copied = copyModules(specDir, specModule, outDir);
        // an OmniLink validation module: the spec it validates, and the modules Ariadne wrote for it (written after
        // the copies, so that a SValidate.tla OmniLink left in the spec's folder is replaced)
        for (Map.Entry<String, String> g : spec.generatedModules().entrySet()) {
            String name = g.getKey().substring(0, g.getKey().length() - 4);
            if (g.getValue() == null) {
                for (Path p : copyModules(specDir, name, outDir)) {
                    if (!copied.contains(p)) {
                        copied.add(p);
                    }
                }
            } else {
                Path target = outDir.resolve(g.getKey());
                Files.writeString(target, g.getValue(), StandardCharsets.UTF_8);
                if (!copied.contains(target)) {
                    copied.add(target);
                }
            }
        }
        Path module = outDir.resolve(moduleName + ".tla");
        Path cfgOut = outDir.resolve(moduleName + ".cfg");
        Files.writeString(module, moduleText, StandardCharsets.UTF_8);
        Files.writeString(cfgOut, cfg(config, traceName), StandardCharsets.UTF_8);
        try (TlaSpec check = TlaSpec.load(module, cfgOut, Map.of())) {
            check.hasView(); // loaded: SANY parsed it and TLC evaluated its initial states
        } catch (TlaException e) {
            Files.deleteIfExists(module);
            Files.deleteIfExists(cfgOut);
            throw new TlaException("the validation module does not load (does the spec define a name starting "
                    + "with Ariadne or ariadne?): " + e.getMessage());
        }
        return new Written(module, cfgOut, copied, ops.size());
    }

    /** The spec's module and the modules of its folder it uses (EXTENDS, INSTANCE), transitively, copied. */
    private static List<Path> copyModules(Path specDir, String specModule, Path outDir) throws IOException {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(specModule));
        List<Path> copied = new ArrayList<>();
        while (!todo.isEmpty()) {
            String name = todo.pop();
            Path source = specDir.resolve(name + ".tla");
            if (!seen.add(name)) {
                continue;
            }
            if (!Files.isRegularFile(source)) {
                // a module Ariadne ships (Functions, TLCExt, …): stock TLC's jar may lack it too
                byte[] shipped = SpecLoader.communityModule(name);
                if (shipped != null) {
                    Path target = outDir.resolve(name + ".tla");
                    Files.write(target, shipped);
                    copied.add(target);
                    todo.addAll(SpecLoader.COMMUNITY); // they use each other (LOCAL INSTANCE)
                }
                continue;
            }
            Path target = outDir.resolve(name + ".tla");
            if (!Files.exists(target) || !Files.isSameFile(source, target)) {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            }
            copied.add(target);
            Matcher m = USES.matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (m.find()) {
                for (String used : m.group(1).split("[,\\s]+")) {
                    if (IDENTIFIER.matcher(used).matches()) {
                        todo.add(used);
                    }
                }
            }
        }
        return copied;
    }

    /** What the export takes from the spec's configuration: the initial predicate, constants and view. */
    record Config(String init, String constants, String view) {
        /** Reads a configuration (TLC's cfg syntax: keywords, each followed by its section). */
        static Config parse(String text, String file) {
            String plain = text.replaceAll("(?s)\\(\\*.*?\\*\\)", " ").replaceAll("\\\\\\*[^\\n]*", " ");
            Matcher m = KEYWORD.matcher(plain);
            List<int[]> at = new ArrayList<>();
            while (m.find()) {
                at.add(new int[]{m.start(), m.end()});
            }
            String init = null;
            String view = null;
            StringBuilder constants = new StringBuilder();
            for (int i = 0; i < at.size(); i++) {
                String keyword = plain.substring(at.get(i)[0], at.get(i)[1]);
                String body = plain.substring(at.get(i)[1], i + 1 < at.size() ? at.get(i + 1)[0] : plain.length())
                        .strip();
                switch (keyword) {
                    case "CONSTANT", "CONSTANTS" -> constants.append("CONSTANTS\n    ")
                            .append(body.replaceAll("\\s*\\n\\s*", "\n    ")).append('\n');
                    case "INIT" -> init = body.split("\\s+")[0];
                    case "VIEW" -> view = body.split("\\s+")[0];
                    case "SPECIFICATION" -> throw new TlaException(file + ": export-tla needs the initial predicate "
                            + "as INIT in the configuration (SPECIFICATION is not supported)");
                    default -> {
                        // NEXT, invariants, properties, symmetry, constraints: not part of the trace's question
                    }
                }
            }
            if (init == null || !IDENTIFIER.matcher(init).matches()) {
                throw new TlaException(file + ": no INIT predicate to start the trace from");
            }
            return new Config(init, constants.toString(), view);
        }
    }

    private static String cfg(Config config, String traceName) {
        StringBuilder out = new StringBuilder();
        out.append("\\* Written by ariadne export-tla for the trace ").append(comment(traceName)).append(".\n");
        out.append("\\* TLC reports \"Invariant ").append(INVARIANT).append(" is violated\" when the trace is ")
                .append("linearizable,\n\\* \"No error has been found\" when it is not.\n");
        out.append("INIT AriadneInit\nNEXT AriadneNext\nINVARIANT ").append(INVARIANT).append('\n');
        out.append("VIEW AriadneView\nCHECK_DEADLOCK FALSE\n");
        out.append(config.constants());
        return out.toString();
    }

    private static String module(String name, String specModule, String traceName, List<Operation> ops,
                                 List<TlaModel.Step> steps, List<String> variables, Config config,
                                 Semantics semantics) {
        int n = ops.size();
        // Times as ranks: TLC's integers are 32-bit, and only their order matters (closed intervals: an operation
        // precedes another when it returned strictly before the other was called, as in the core).
        long[] times = ops.stream().flatMapToLong(o -> o.isPending() ? java.util.stream.LongStream.of(o.call())
                : java.util.stream.LongStream.of(o.call(), o.ret())).sorted().distinct().toArray();
        int inf = times.length + 1;
        int[] call = new int[n];
        int[] ret = new int[n];
        for (int i = 0; i < n; i++) {
            call[i] = Arrays.binarySearch(times, ops.get(i).call()) + 1;
            ret[i] = ops.get(i).isPending() ? inf : Arrays.binarySearch(times, ops.get(i).ret()) + 1;
        }
        // hi[k]: the last operation (in call order) called no later than k returned. While k is not placed, only
        // operations up to hi[k] can come next, and only those can have returned before one of them was called.
        // (Returns are not in call order, so each is looked up: the calls are sorted.)
        int[] hi = new int[n];
        for (int k = 0; k < n; k++) {
            int lo = k;
            int up = n - 1;
            while (lo < up) {
                int mid = (lo + up + 1) >>> 1;
                if (call[mid] <= ret[k]) {
                    lo = mid;
                } else {
                    up = mid - 1;
                }
            }
            hi[k] = lo + 1;
        }
        Map<String, Integer> actionIndex = new LinkedHashMap<>();
        Map<String, Integer> arity = new LinkedHashMap<>();
        // an operation X_Step* X_Done (docs/tla.md, non-atomic operations): the X_Step of each X_Done
        Map<String, String> internal = new LinkedHashMap<>();
        List<String> args = new ArrayList<>(n);
        int[] action = new int[n];
        int[] id = new int[n];
        // actions without a definition: OmniLink's __AbortThread, which its validation never accepts
        Set<String> never = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            TlaModel.Step step = steps.get(i);
            String a = step.action.name();
            actionIndex.putIfAbsent(a, actionIndex.size() + 1);
            arity.putIfAbsent(a, step.values.size());
            if (step.internal != null) {
                internal.putIfAbsent(a, step.internal.name());
            }
            action[i] = actionIndex.get(a);
            if (step.action.definition() == null) {
                never.add(a);
            }
            id[i] = ops.get(i).id();
            StringBuilder t = new StringBuilder("<<");
            for (int v = 0; v < step.values.size(); v++) {
                try {
                    t.append(v == 0 ? "" : ", ").append(literal(step.values.get(v)));
                } catch (IllegalArgumentException e) {
                    throw new InvalidOperationException(a + " parameter " + step.action.parameters().get(v)
                            + ": " + e.getMessage()).at(ops.get(i));
                }
            }
            args.add(t.append(">>").toString());
        }
        String specVars = "<<" + String.join(", ", variables) + ">>";
        StringBuilder s = new StringBuilder();
        String title = " MODULE " + name + " ";
        int dashes = Math.max(4, (77 - title.length()) / 2);
        s.append("-".repeat(dashes)).append(title).append("-".repeat(dashes)).append('\n');
        s.append("\\* Written by ariadne export-tla: is the trace ").append(comment(traceName)).append(" (")
                .append(n).append(n == 1 ? " operation" : " operations").append(") linearizable\n")
                .append("\\* with respect to ").append(specModule).append("? Operation i (in call order) is ")
                .append("#AriadneId[i] of Ariadne's reports;\n")
                .append("\\* times are ranks. TLC reports \"Invariant ").append(INVARIANT).append(" is violated\" ")
                .append("when every completed operation\n")
                .append("\\* could be placed: LINEARIZABLE, and the error trace is a linearization (ariadneLast names ")
                .append("each step).\n")
                .append("\\* \"No error has been found\" means no order exists: NOT LINEARIZABLE.\n")
                .append("\\* Operations of X_Step and X_Done actions: ").append(semantics.label())
                .append(" semantics (docs/tla.md).\n");
        s.append("EXTENDS ").append(specModule).append(", Integers\n\n");
        s.append("VARIABLES ariadneBase, ariadneDone, ariadneOpen, ariadneLast, ariadneCur\n\n");
        s.append("AriadneN == ").append(n).append('\n');
        s.append("AriadneInf == ").append(inf).append("  \\* the return of an operation that never returned\n");
        tuple(s, "AriadneId", id);
        tuple(s, "AriadneCall", call);
        tuple(s, "AriadneRet", ret);
        tuple(s, "AriadneHi", hi);
        s.append("\\* actions: ").append(String.join(", ", actionIndex.entrySet().stream()
                .map(e -> e.getValue() + " = " + e.getKey()).toList())).append('\n');
        tuple(s, "AriadneAction", action);
        s.append("AriadneNames == <<");
        s.append(String.join(", ", actionIndex.keySet().stream().map(a -> "\"" + a + "\"").toList()));
        s.append(">>\n");
        s.append("AriadneStepNames == <<");
        s.append(String.join(", ", actionIndex.keySet().stream()
                .map(a -> "\"" + internal.getOrDefault(a, "") + "\"").toList()));
        s.append(">>\n");
        s.append("AriadneArgs == <<");
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : ",").append(i % PER_LINE == 0 ? "\n    " : " ").append(args.get(i));
        }
        s.append(">>\n\n");
        int first = 0;
        while (first < n && ops.get(first).isPending()) {
            first++;
        }
        List<String> openAtStart = new ArrayList<>();
        for (int i = 0; i < first; i++) {
            openAtStart.add(Integer.toString(i + 1));
        }
        s.append("""
                \\* ariadneBase: the first completed operation not yet placed (AriadneN + 1 when there is none);
                \\* ariadneDone: the placed operations after it; ariadneOpen: the operations before it that never
                \\* returned and are not placed (yet: each may take effect later, or never).
                AriadnePending(ariadneI) == AriadneRet[ariadneI] = AriadneInf

                AriadneInit == /\\ %1$s
                               /\\ ariadneBase = %2$d
                               /\\ ariadneDone = {}
                               /\\ ariadneOpen = {%3$s}
                               /\\ ariadneLast = [op |-> -1, action |-> ""]
                               /\\ ariadneCur = 0

                \\* Only operations called before ariadneBase returned can come next, and only unplaced ones among
                \\* them can have returned before another was called.
                AriadneWindow == ariadneBase..AriadneHi[ariadneBase]

                \\* ariadneJ may come next: no operation still to place returned before it was called
                AriadneViable(ariadneJ) ==
                    /\\ ariadneJ \\notin ariadneDone
                    /\\ \\A ariadneI \\in AriadneWindow \\ (ariadneDone \\cup {ariadneJ}) :
                          ~(AriadneRet[ariadneI] < AriadneCall[ariadneJ])

                \\* ariadneJ placed: the next base is the first completed operation still to place
                AriadnePlace(ariadneJ) ==
                    LET ariadneD == ariadneDone \\cup {ariadneJ}
                        ariadneB == CHOOSE ariadneK \\in ariadneBase..(AriadneN + 1) :
                            /\\ ariadneK > AriadneN \\/ (ariadneK \\notin ariadneD /\\ ~AriadnePending(ariadneK))
                            /\\ \\A ariadneM \\in ariadneBase..(ariadneK - 1) :
                                  ariadneM \\in ariadneD \\/ AriadnePending(ariadneM)
                    IN /\\ ariadneBase' = ariadneB
                       /\\ ariadneDone' = {ariadneX \\in ariadneD : ariadneX > ariadneB}
                       /\\ ariadneOpen' = (ariadneOpen \\ {ariadneJ})
                                          \\cup {ariadneM \\in ariadneBase..(ariadneB - 1) : ariadneM \\notin ariadneD}
                       /\\ ariadneLast' = [op |-> AriadneId[ariadneJ],
                                          action |-> AriadneNames[AriadneAction[ariadneJ]]]

                \\* the spec's action of operation ariadneJ, its values bound to the parameters
                AriadneApply(ariadneJ) ==
                """.formatted(config.init(), first + 1, String.join(", ", openAtStart)));
        actionIndex.forEach((a, i) -> applyCase(s, never.contains(a) ? null : a, i, arity.get(a)));
        if (actionIndex.isEmpty()) {
            s.append("    FALSE\n");
        }
        s.append("""

                \\* an internal step (X_Step) of operation ariadneJ, whose action is an X_Done
                AriadneInternal(ariadneJ) ==
                """);
        actionIndex.forEach((a, i) -> {
            if (internal.containsKey(a)) {
                applyCase(s, internal.get(a), i, arity.get(a));
            }
        });
        if (internal.isEmpty()) {
            s.append("    FALSE\n");
        }
        if (semantics == Semantics.OMNILINK) {
            s.append("""

                \\* OmniLink's semantics: place a viable operation (an unplaced one of the window, or one that never
                \\* returned: always viable, it was called before every unplaced operation of the window), or let a
                \\* viable operation made of internal steps take one (X_Step) without placing it, between other
                \\* operations' actions. ariadneCur stays 0.
                AriadneNext ==
                    /\\ ariadneBase <= AriadneN
                    /\\ \\E ariadneJ \\in AriadneWindow \\cup ariadneOpen :
                          /\\ ariadneJ \\in ariadneOpen \\/ AriadneViable(ariadneJ)
                          /\\ \\/ /\\ AriadneApply(ariadneJ)
                                /\\ AriadnePlace(ariadneJ)
                             \\/ /\\ AriadneInternal(ariadneJ)
                                /\\ ariadneLast' = [op |-> AriadneId[ariadneJ],
                                                   action |-> AriadneStepNames[AriadneAction[ariadneJ]]]
                                /\\ UNCHANGED <<ariadneBase, ariadneDone, ariadneOpen>>
                    /\\ UNCHANGED ariadneCur
                """);
        }
        s.append(semantics == Semantics.OMNILINK ? "" : """

                \\* place a viable operation: an unplaced one of the window, or one that never returned (always
                \\* viable: it was called before every unplaced operation of the window). An operation made of
                \\* internal steps and a last one takes them all before anything else happens (ariadneCur is it).
                AriadneNext ==
                    \\/ /\\ ariadneCur = 0
                       /\\ ariadneBase <= AriadneN
                       /\\ \\E ariadneJ \\in AriadneWindow \\cup ariadneOpen :
                             /\\ ariadneJ \\in ariadneOpen \\/ AriadneViable(ariadneJ)
                             /\\ \\/ /\\ AriadneApply(ariadneJ)
                                   /\\ AriadnePlace(ariadneJ)
                                   /\\ UNCHANGED ariadneCur
                                \\/ /\\ AriadneInternal(ariadneJ)
                                   /\\ ariadneCur' = ariadneJ
                                   /\\ UNCHANGED <<ariadneBase, ariadneDone, ariadneOpen, ariadneLast>>
                    \\/ /\\ ariadneCur # 0
                       /\\ \\/ /\\ AriadneInternal(ariadneCur)
                             /\\ UNCHANGED <<ariadneBase, ariadneDone, ariadneOpen, ariadneLast, ariadneCur>>
                          \\/ /\\ AriadneApply(ariadneCur)
                             /\\ AriadnePlace(ariadneCur)
                             /\\ ariadneCur' = 0
                """);
        s.append("""

                \\* ariadneLast only labels the error trace: states differing in it alone are the same
                AriadneView == <<%1$s, ariadneBase, ariadneDone, ariadneOpen, ariadneCur>>

                \\* violated when every completed operation has been placed: the trace is linearizable
                %2$s == ariadneBase <= AriadneN
                ================================================================================
                """.formatted(config.view() != null ? config.view() : specVars, INVARIANT));
        return s.toString();
    }

    /**
     * One case of a disjunction over the operation's action: {@code action} applied to its values ({@code FALSE}
     * for {@code null}: an action never taken).
     */
    private static void applyCase(StringBuilder s, String action, int index, int arity) {
        s.append("    \\/ AriadneAction[ariadneJ] = ").append(index).append(" /\\ ")
                .append(action == null ? "FALSE" : action);
        if (arity > 0) {
            s.append('(');
            for (int p = 1; p <= arity; p++) {
                s.append(p == 1 ? "" : ", ").append("AriadneArgs[ariadneJ][").append(p).append(']');
            }
            s.append(')');
        }
        s.append('\n');
    }

    private static void tuple(StringBuilder s, String name, int[] values) {
        s.append(name).append(" == <<");
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : ",").append(i % PER_LINE == 0 ? "\n    " : " ").append(values[i]);
        }
        s.append(">>\n");
    }

    /** A TLA+ literal for a trace value, as {@link TlaSpec#value} reads it; {@link IllegalArgumentException} if none. */
    static String literal(Object v) {
        if (v instanceof Long || v instanceof Integer) {
            long l = ((Number) v).longValue();
            if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the integer " + l + " is outside TLC's range (32 bits)");
            }
            return Long.toString(l);
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof String str) {
            return string(str);
        }
        if (v instanceof List<?> list) {
            return "<<" + String.join(", ", list.stream().map(TlaExport::literal).toList()) + ">>";
        }
        if (v instanceof Set<?> set) {
            return "{" + String.join(", ", set.stream().map(TlaExport::literal).toList()) + "}";
        }
        if (v instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                return "[ariadneNone \\in {} |-> 0]";
            }
            List<String> fields = new ArrayList<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key) || !IDENTIFIER.matcher(key).matches()) {
                    throw new IllegalArgumentException("the map key " + dev.ariadne.core.history.Values.show(e.getKey())
                            + " is not a TLA+ identifier, so the record has no TLA+ literal");
                }
                fields.add(key + " |-> " + literal(e.getValue()));
            }
            return "[" + String.join(", ", fields) + "]";
        }
        throw new IllegalArgumentException((v == null ? "nil" : dev.ariadne.core.history.Values.show(v))
                + " has no TLA+ literal");
    }

    /** A TLA+ string literal: printable ASCII, with the escapes TLA+ has; anything else has no literal. */
    private static String string(String str) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < str.length(); i++) {
            char c = str.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        throw new IllegalArgumentException(String.format("a string with the character U+%04X has "
                                + "no TLA+ literal (TLA+ strings are ASCII)", (int) c));
                    }
                    out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    /** A name for a comment line: printable ASCII only. */
    private static String comment(String text) {
        return text.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
