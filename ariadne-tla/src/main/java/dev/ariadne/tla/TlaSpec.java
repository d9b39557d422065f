package dev.ariadne.tla;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A loaded TLA+ specification: its module parsed by SANY and evaluated by TLC, in a class loader of its own
 * ({@link SpecLoader}), so that several specs, and the same spec twice, live in one JVM. TLC's evaluator is not
 * thread-safe, so every call into it holds this spec's lock; the states it returns are {@link TlaState}s, values
 * equal by TLC's equality after their fingerprints (not interned: a table of every state met costs more than the
 * comparisons it saves, docs/tla.md). Use {@link #model()} to check histories against it.
 */
public final class TlaSpec implements AutoCloseable {
    /**
     * One spec loads at a time in a JVM: loading swaps {@code System.out} (TLC prints to it) and puts it back, which
     * two loads at once would undo for each other. Each load has its own files ({@link #load}).
     */
    private static final Object LOADING = new Object();
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final SpecEvaluator evaluator;
    private final String fileName;
    /** The spec's path as the user gave it, which messages name in place of TLC's bare file name. */
    private final String path;
    private final Object lock = new Object();
    /** Whether the configuration has a {@code VIEW} ({@link #hasView}), asked once. */
    private final boolean view;
    private final Map<String, Action> actions = new ConcurrentHashMap<>();
    /** TLC values of the trace values met so far ({@link #value}). */
    private final Map<Object, Object> values = new ConcurrentHashMap<>();
    /** The spec's initial states (TLC's). */
    private final List<Object> initial;
    /** The parameter named by the module's {@link #PARTITION} definition, or {@code null}. */
    private final String partitionParameter;
    /** For an OmniLink validation module ({@link OmniLinkHooks}): the validated spec's outline, else null. */
    private OmniLinkHooks.Outline hooks;
    /** For an OmniLink validation module: the event record of each operation of the trace it was loaded with. */
    private Map<OmniLinkHooks.Key, Map<String, Object>> events = Map.of();
    /** For an OmniLink validation module: the modules Ariadne wrote for it (file name to text), for export-tla. */
    private Map<String, String> generated = Map.of();

    /**
     * The definition by which a module says that its operations on different values of one parameter are
     * independent ({@code AriadnePartition == "k"}), so that a history is checked per value of {@code k}.
     */
    public static final String PARTITION = "AriadnePartition";

    /** A resolved action: the operator's definition and its formal parameters, looked up once per name. */
    record Action(String name, Object definition, List<String> parameters, String location) {
    }

    private TlaSpec(SpecEvaluator evaluator, String fileName, String path) {
        this.evaluator = evaluator;
        this.view = evaluator.hasView();
        this.fileName = fileName;
        this.path = path;
        List<Object> init;
        synchronized (lock) {
            try {
                init = List.copyOf(evaluator.initialStates());
            } catch (TlaException e) {
                throw located(e);
            }
        }
        String by;
        synchronized (lock) {
            try {
                by = evaluator.stringDefinition(PARTITION);
            } catch (TlaException e) {
                throw located(e);
            }
        }
        if (by != null && !NAME.matcher(by).matches()) {
            throw new TlaException(path + ": " + PARTITION + " must name a parameter, got \"" + TlaModel.safe(by)
                    + "\"");
        }
        partitionParameter = by;
        if (init.isEmpty()) {
            throw new TlaException(path + ": the spec has no initial state (Init is false for every state)");
        }
        initial = init;
    }

    /**
     * Loads {@code tla} with the configuration {@code cfg} (or, when {@code null}, the {@code .cfg} of the same name
     * beside it, if any), then the {@code constants} given on the command line ({@code NAME} to a TLA+ expression).
     * Without {@code INIT}/{@code NEXT} or {@code SPECIFICATION} in the configuration, {@code Init} and {@code Next}
     * are used. Throws {@link TlaException} naming the file, line and problem when the spec does not load.
     */
    public static TlaSpec load(Path tla, Path cfg, Map<String, String> constants) {
        return load(tla, cfg, constants, (Path) null);
    }

    /**
     * {@link #load(Path, Path, Map)} with its scratch folder (the generated configuration and TLC's standard
     * modules, deleted before this returns) made in {@code scratchParent}, or in {@code java.io.tmpdir} when null.
     */
    static TlaSpec load(Path tla, Path cfg, Map<String, String> constants, Path scratchParent) {
        return load(tla, cfg, constants, scratchParent, null);
    }

    /**
     * {@link #load(Path, Path, Map)} for the trace {@code trace}: when {@code tla} is an OmniLink validation module
     * ({@link #isOmniLinkValidation}), its {@code __traces} holds the trace's events, which its definitions may read
     * (OmniLink's {@code KeysImpl}), and its hooks see each event; the spec then checks that trace only.
     * {@code trace} may be null for other modules.
     */
    public static TlaSpec loadFor(Path tla, Path cfg, Map<String, String> constants,
                                  dev.ariadne.core.history.History trace) {
        return load(tla, cfg, constants, null, trace);
    }

    /**
     * Whether {@code tla} is an OmniLink validation module: it extends {@code SValidate}, the module OmniLink's tool
     * generates for the spec {@code S.tla} of its folder, whose hooks it overrides (docs/tla.md). Ariadne writes
     * {@code SValidate} itself, with the events of the trace checked: load such a module once per trace.
     */
    public static boolean isOmniLinkValidation(Path tla) {
        try {
            return Files.isRegularFile(tla) && OmniLinkHooks.validatedSpec(Files.readString(tla,
                    StandardCharsets.UTF_8), tla.toAbsolutePath().getParent()) != null;
        } catch (IOException e) {
            return false;
        }
    }

    static TlaSpec load(Path tla, Path cfg, Map<String, String> constants, Path scratchParent,
                        dev.ariadne.core.history.History trace) {
        String file = tla.getFileName().toString();
        if (!file.endsWith(".tla")) {
            throw new TlaException(file + ": a TLA+ module file's name ends with .tla");
        }
        if (!Files.isRegularFile(tla)) {
            throw new TlaException(tla + ": no such file");
        }
        String module = file.substring(0, file.length() - 4);
        Path dir = tla.toAbsolutePath().getParent();
        Path userCfg = cfg != null ? cfg : dir.resolve(module + ".cfg");
        if (cfg != null && !Files.isRegularFile(cfg)) {
            throw new TlaException(cfg + ": no such file");
        }
        String generated;
        try {
            String specText = Files.readString(tla, StandardCharsets.UTF_8);
            String cfgText = Files.isRegularFile(userCfg) ? Files.readString(userCfg, StandardCharsets.UTF_8) : "";
            generated = configuration(specText, cfgText, constants);
        } catch (IOException e) {
            throw new TlaException(file + ": cannot read: " + e.getMessage());
        }
        // A folder of this load's own, for the generated configuration and the standard modules SANY reads (see
        // SpecLoader.standardModules): nothing is shared with other loads, in this JVM or another.
        Path scratch;
        try {
            scratch = Scratch.create(scratchParent, "ariadne-tla");
        } catch (IOException e) {
            throw new TlaException(file + ": cannot create a temporary folder: " + e.getMessage());
        }
        try {
            Path library = Files.createDirectory(scratch.resolve("modules"));
            SpecLoader.standardModules(library);
            Files.writeString(scratch.resolve(module + ".cfg"), generated, StandardCharsets.UTF_8);
            // --const values TLC's configuration syntax cannot hold (-1, <<1, 2>>) are definitions appended to a
            // copy of the root module, which is then read first; the spec's own folder still serves its modules
            String definitions = constantDefinitions(constants);
            String rootDir = dir.toString();
            String path = library.toString();
            String rootText = Files.readString(tla, StandardCharsets.UTF_8);
            String validated = OmniLinkHooks.validatedSpec(rootText, dir);
            SpecEvaluator evaluator = SpecLoader.newEvaluator();
            OmniLinkHooks.Outline outline = null;
            OmniLinkHooks.Events events = null;
            Map<String, String> writtenModules = new LinkedHashMap<>();
            if (!definitions.isEmpty() || validated != null) {
                Path root = Files.createDirectory(scratch.resolve("root"));
                Files.writeString(root.resolve(file), definitions.isEmpty() ? rootText
                        : withDefinitions(rootText, definitions, file), StandardCharsets.UTF_8);
                rootDir = root.toString();
                path = dir + java.io.File.pathSeparator + library;
                if (validated != null) {
                    // OmniLink's generated module, written here (beside the root, so it wins over a copy OmniLink
                    // wrote in the spec's folder, which reads its traces from a file)
                    outline = outline(evaluator, dir, library, validated, file, tla);
                    events = OmniLinkHooks.events(trace != null ? trace
                            : dev.ariadne.core.history.History.of(List.of()));
                    String literal;
                    try {
                        literal = events.literal();
                    } catch (IllegalArgumentException e) {
                        throw new TlaException(file + ": the trace's events have no TLA+ value for __traces: "
                                + TlaModel.safe(e.getMessage()));
                    }
                    writtenModules.put(validated + ".tla", null); // the validated spec: copied from its folder
                    writtenModules.put(validated + "Validate.tla",
                            OmniLinkHooks.validationModule(validated, outline));
                    writtenModules.put(OmniLinkHooks.TRACES_MODULE + ".tla", OmniLinkHooks.tracesModule(literal));
                    writtenModules.put("__TraceOps.tla", OmniLinkHooks.TRACE_OPS);
                    for (Map.Entry<String, String> w : writtenModules.entrySet()) {
                        if (w.getValue() != null) {
                            Files.writeString(root.resolve(w.getKey()), w.getValue(), StandardCharsets.UTF_8);
                        }
                    }
                    // The embedded TLC takes the trace's value from Java (TraceOverride), not from its literal, which
                    // the exported modules keep: SANY's parse of a long trace's literal was most of the load.
                    Files.writeString(root.resolve(OmniLinkHooks.TRACES_MODULE + ".tla"),
                            OmniLinkHooks.tracesModule("[__p \\in {} |-> <<>>]"), StandardCharsets.UTF_8);
                    evaluator.traces(events.byThread());
                }
            }
            synchronized (LOADING) {
                try {
                    evaluator.load(rootDir, path, module, scratch.resolve(module).toString());
                    if (outline != null) {
                        evaluator.forget(OmniLinkHooks.ACTION_VARIABLE);
                    }
                } catch (TlaException e) {
                    throw located(e, file, tla.toString());
                }
            }
            TlaSpec spec = new TlaSpec(evaluator, file, tla.toString());
            if (outline != null) {
                spec.hooks = outline;
                spec.events = events.byOperation();
                spec.generated = java.util.Collections.unmodifiableMap(writtenModules);
            }
            return spec;
        } catch (IOException e) {
            throw new TlaException(file + ": cannot write the temporary folder " + scratch + ": " + e.getMessage());
        } finally {
            Scratch.deleteQuietly(scratch);
        }
    }

    /**
     * Outlines already made, by the validated spec's folder and name, with the modification times of its folder's
     * modules: checking several traces loads a validation module once per trace, and SANY's parse of the spec for
     * its outline is half of a load.
     */
    private static final Map<String, Object[]> OUTLINES = new ConcurrentHashMap<>();

    private static OmniLinkHooks.Outline outline(SpecEvaluator evaluator, Path dir, Path library, String validated,
                                                 String file, Path tla) throws IOException {
        String key = dir + java.io.File.separator + validated;
        StringBuilder stamp = new StringBuilder();
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".tla")).sorted().toList()) {
                stamp.append(f.getFileName()).append(':').append(Files.getLastModifiedTime(f).toMillis()).append(':')
                        .append(Files.size(f)).append(';');
            }
        }
        Object[] known = OUTLINES.get(key);
        if (known != null && known[0].equals(stamp.toString())) {
            return (OmniLinkHooks.Outline) known[1];
        }
        OmniLinkHooks.Outline outline;
        synchronized (LOADING) {
            try {
                outline = OmniLinkHooks.Outline.parse(evaluator.outline(dir.toString(), library.toString(),
                        validated));
            } catch (TlaException e) {
                throw located(e, file, tla.toString());
            }
        }
        OUTLINES.put(key, new Object[]{stamp.toString(), outline});
        return outline;
    }

    /** The user's configuration, completed with INIT/NEXT when it has neither them nor SPECIFICATION, and constants. */
    static String configuration(String spec, String cfg, Map<String, String> constants) {
        // ALIAS (how TLC prints a trace) and POSTCONDITION (checked when TLC's run ends) ask nothing of a step, and
        // the embedded TLC's configuration syntax predates them; OmniLink's validation configurations name both
        cfg = UNUSED.matcher(cfg).replaceAll(" ");
        StringBuilder out = new StringBuilder(cfg).append('\n');
        boolean specification = Pattern.compile("\\bSPECIFICATION\\b").matcher(cfg).find();
        if (!specification && !Pattern.compile("\\bINIT\\b").matcher(cfg).find()) {
            out.append("INIT Init\n");
        }
        if (!specification && !Pattern.compile("\\bNEXT\\b").matcher(cfg).find()
                && Pattern.compile("(?m)^\\s*Next\\s*==").matcher(spec).find()) {
            out.append("NEXT Next\n");
        }
        for (Map.Entry<String, String> c : new LinkedHashMap<>(constants).entrySet()) {
            if (!NAME.matcher(c.getKey()).matches()) {
                throw new TlaException("--const " + c.getKey() + ": not a TLA+ identifier");
            }
            if (c.getValue().contains("\n")) {
                throw new TlaException("--const " + c.getKey() + ": the value must be on one line");
            }
            if (CFG_VALUE.matcher(c.getValue().strip()).matches()) {
                out.append("CONSTANT ").append(c.getKey()).append(" = ").append(c.getValue()).append('\n');
            } else {
                out.append("CONSTANT ").append(c.getKey()).append(" <- ").append(CONSTANT_PREFIX).append(c.getKey())
                        .append('\n');
            }
        }
        return out.toString();
    }

    private static final Pattern UNUSED = Pattern.compile("\\b(?:ALIAS|POSTCONDITIONS?)\\s+[A-Za-z_][A-Za-z0-9_]*");

    /** The prefix of the definitions that carry --const values the configuration syntax cannot hold. */
    static final String CONSTANT_PREFIX = "AriadneConst_";
    private static final String CFG_ATOM = "(?:\\d+|\"[^\"\\\\]*\"|TRUE|FALSE|[A-Za-z_][A-Za-z0-9_]*)";
    /**
     * What TLC's configuration takes after {@code =}: a natural number, a plain string, a Boolean, a model value, or
     * a set of them. Anything else (a negative integer, a tuple, a record, an expression) goes through a definition.
     */
    private static final Pattern CFG_VALUE = Pattern.compile(CFG_ATOM + "|\\{\\s*(?:" + CFG_ATOM + "(?:\\s*,\\s*"
            + CFG_ATOM + ")*)?\\s*}");

    /**
     * The definitions {@code AriadneConst_NAME == VALUE} of the {@code --const} values that
     * {@link #configuration} substitutes ({@code CONSTANT NAME <- AriadneConst_NAME}), one per line; empty if none.
     */
    static String constantDefinitions(Map<String, String> constants) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> c : new LinkedHashMap<>(constants).entrySet()) {
            if (!CFG_VALUE.matcher(c.getValue().strip()).matches()) {
                out.append(CONSTANT_PREFIX).append(c.getKey()).append(" == ").append(c.getValue()).append('\n');
            }
        }
        return out.toString();
    }

    /** The module's text with {@code definitions} added before its closing line (so that its lines keep their numbers). */
    private static String withDefinitions(String module, String definitions, String file) {
        java.util.regex.Matcher end = Pattern.compile("(?m)^\\s*====+").matcher(module);
        int at = -1;
        while (end.find()) {
            at = end.start();
        }
        if (at < 0) {
            throw new TlaException(file + ": the module has no closing line (====)");
        }
        return module.substring(0, at) + definitions + module.substring(at);
    }

    /** The same problem, naming the spec by the path the user gave where TLC names it by its file name. */
    private TlaException located(TlaException e) {
        return located(e, fileName, path);
    }

    private static TlaException located(TlaException e, String fileName, String path) {
        String m = e.getMessage();
        return m.startsWith(fileName + ":") && !fileName.equals(path)
                ? new TlaException(path + m.substring(fileName.length())) : e;
    }

    /** The spec's file name, for messages. */
    public String fileName() {
        return fileName;
    }

    /** The spec's path as given to {@link #load}, for messages. */
    public String path() {
        return path;
    }

    /**
     * The parameter whose values split histories into independent parts ({@code AriadnePartition == "k"} in the
     * module), or {@code null} when the module defines none: histories are then checked whole.
     */
    public String partitionParameter() {
        return partitionParameter;
    }

    /**
     * The value of the module's definition {@code name} (no parameters) when it is a string, {@code null} when the
     * module does not define it; a {@link TlaException} naming its line when it is defined otherwise.
     */
    String stringDefinition(String name) {
        synchronized (lock) {
            try {
                return evaluator.stringDefinition(name);
            } catch (TlaException e) {
                throw located(e);
            }
        }
    }

    /**
     * {@code null} when each of {@code actions} is proven, from the spec's text, to read and write only the part of
     * the state that belongs to its parameter {@code parameter}'s value ({@link PartitionCheck}); else why not.
     */
    String productWhyNot(List<String> actions, String parameter) {
        synchronized (lock) {
            // (each check's partitioning asks again, core searches included: the proof is kept per question)
            return proofs.computeIfAbsent(List.of(List.copyOf(actions), parameter),
                    k -> java.util.Optional.ofNullable(evaluator.productWhyNot(actions, parameter))).orElse(null);
        }
    }

    /** {@link #productWhyNot}'s answers, by its actions and parameter; guarded by {@code lock}. */
    private final Map<List<Object>, java.util.Optional<String>> proofs = new java.util.HashMap<>();

    /** Whether the configuration has a {@code VIEW}: states with equal views are then the same state. */
    public boolean hasView() {
        return evaluator.hasView();
    }

    /** The names of the spec's state variables, in TLC's order. */
    List<String> variables() {
        synchronized (lock) {
            return List.copyOf(evaluator.variables());
        }
    }

    /** This spec as a model under OmniLink's semantics (the default), memoising transitions. */
    public TlaModel model() {
        return new TlaModel(this, true);
    }

    /**
     * This spec as a model under OmniLink's semantics; {@code memoise} keeps each (states, operation) transition
     * once computed.
     */
    public TlaModel model(boolean memoise) {
        return new TlaModel(this, memoise);
    }

    /** This spec as a model under {@code semantics}, memoising transitions. */
    public TlaModel model(Semantics semantics) {
        return new TlaModel(this, semantics, true);
    }

    /** This spec as a model under {@code semantics}; {@code memoise} as for {@link #model(boolean)}. */
    public TlaModel model(Semantics semantics, boolean memoise) {
        return new TlaModel(this, semantics, memoise);
    }

    /** The initial states. */
    TlaStates initial() {
        List<TlaState> out = new ArrayList<>(initial.size());
        synchronized (lock) {
            for (Object s : initial) {
                out.add(state(s, null));
            }
        }
        return TlaStates.of(out);
    }

    /** The action named {@code name}, or {@code null} when the module defines no such operator. */
    Action action(String name) {
        Action a = actions.get(name);
        if (a == null) {
            synchronized (lock) {
                List<String> params = evaluator.parameters(name);
                if (params == null) {
                    return null;
                }
                String where = evaluator.location(name);
                where = where.startsWith(fileName) ? path + where.substring(fileName.length()) : where;
                a = new Action(name, evaluator.definition(name), List.copyOf(params), where);
            }
            actions.put(name, a);
        }
        return a;
    }

    /**
     * For an OmniLink validation module, the modules beside it that export-tla must write: file name to the text
     * Ariadne wrote ({@code SValidate.tla}, {@code __TraceOps.tla}), or to null for the validated spec itself (to
     * copy with the modules it uses). Empty for other specs.
     */
    Map<String, String> generatedModules() {
        return generated;
    }

    /** Whether this is an OmniLink validation module, whose hooks take the trace's events. */
    boolean hooked() {
        return hooks != null;
    }

    /** How an operation is taken through OmniLink's hooks: its action(s) and its event record (the argument). */
    record Hooked(Action action, Action internal, Map<String, Object> event) {
    }

    /**
     * The action of {@code operation} in an OmniLink validation module, as OmniLink's generated {@code Next} picks
     * it: an aborted event ({@code _did_abort}) takes {@code __AbortBehavior}; {@code __TerminateThread} and
     * {@code __AbortThread} take their hooks; an event {@code X} takes the spec's {@code X} and {@code __Action_X},
     * or, when the spec has {@code X_Step} and {@code X_Done} instead, those with their hooks.
     */
    Hooked hooked(dev.ariadne.core.history.Operation operation, String name) {
        Map<String, Object> event = events.get(OmniLinkHooks.Key.of(operation));
        if (event == null) {
            throw new dev.ariadne.core.model.InvalidOperationException(path + " is an OmniLink validation module "
                    + "loaded for another trace (load it with the trace it checks)").at(operation);
        }
        if (Boolean.TRUE.equals(operation.metadata().get("aborted"))) {
            return new Hooked(action(OmniLinkHooks.ABORT), null, event);
        }
        if (name.equals(OmniLinkHooks.TERMINATE_EVENT)) {
            return new Hooked(action(OmniLinkHooks.TERMINATE), null, event);
        }
        if (name.equals(OmniLinkHooks.ABORT_THREAD_EVENT)) {
            return new Hooked(action(OmniLinkHooks.ABORT_THREAD), null, event);
        }
        List<String> params = hooks.operators().get(name);
        Action action;
        Action internal = null;
        if (params != null) {
            action = action(OmniLinkHooks.OP + name);
        } else {
            params = hooks.operators().get(name + "_Done");
            if (params == null || !params.equals(hooks.operators().get(name + "_Step"))) {
                throw new dev.ariadne.core.model.InvalidOperationException(path + ": the validated spec defines no "
                        + "action " + dev.ariadne.core.history.Values.escape(name) + " (an event X is the spec's "
                        + "operator X, or its pair X_Step and X_Done with the same parameters)").at(operation);
            }
            action = action(OmniLinkHooks.OP + name + "_Done");
            internal = action(OmniLinkHooks.OP + name + "_Step");
        }
        Object fields = event.get("operation");
        for (String p : params) {
            if (!(fields instanceof Map<?, ?> m) || !m.containsKey(p)) {
                throw new dev.ariadne.core.model.InvalidOperationException(name + " takes " + String.join(", ", params)
                        + ", but the event gives no value for " + p).at(operation);
            }
        }
        return new Hooked(action, internal, event);
    }

    /** Whether the operation {@code name} is made of {@code X_Step}s and an {@code X_Done} in this spec. */
    boolean isSplit(dev.ariadne.core.history.Operation operation, String name) {
        if (hooks != null) {
            return !Boolean.TRUE.equals(operation.metadata().get("aborted")) && !hooks.operators().containsKey(name)
                    && hooks.operators().containsKey(name + "_Done") && hooks.operators().containsKey(name + "_Step");
        }
        return action(name) == null && action(name + "_Done") != null && action(name + "_Step") != null;
    }

    /**
     * The TLC value of a trace value; {@link IllegalArgumentException} when the spec cannot take it. Made once per
     * distinct trace value (the values are immutable on both sides), so that equal arguments are the same TLC
     * object: a state's elements then compare by reference ({@code TlcEvaluator.same}).
     */
    Object value(Object plain) {
        Object known = plain == null ? null : values.get(plain);
        if (known != null) {
            return known;
        }
        Object made;
        synchronized (lock) {
            made = evaluator.value(plain);
        }
        Object first = values.putIfAbsent(plain, made);
        return first != null ? first : made;
    }

    /**
     * The states {@code action} with {@code args} leads to from {@code state}; empty if disabled. Binds the action
     * each time: a caller that takes the same action often binds it once ({@link #bind}).
     */
    List<TlaState> successors(TlaState state, Action action, Object[] args) {
        return successors(state, bind(action, args));
    }

    /**
     * An action with its parameters bound to values (TLC values, as {@link #value} makes them): TLC's action built
     * once, so that each step evaluates it without building a context and an action again. Equal to another when
     * it binds the same definition to the very same value objects (values of equal trace values are one object,
     * {@link #value}), which is what {@link #successors(TlaState, Bound)}'s cache compares.
     */
    static final class Bound {
        final Action action;
        final Object[] args;
        /** TLC's action (an opaque handle of the spec's class loader). */
        final Object tlc;
        final int hash;

        private Bound(Action action, Object[] args, Object tlc) {
            this.action = action;
            this.args = args;
            this.tlc = tlc;
            int h = System.identityHashCode(action.definition());
            for (Object a : args) {
                h = h * 31 + System.identityHashCode(a);
            }
            this.hash = h;
        }

        /** Whether {@code o} binds the same definition to the same value objects. */
        boolean same(Bound o) {
            if (o == this) {
                return true;
            }
            if (o.hash != hash || o.action.definition() != action.definition() || o.args.length != args.length) {
                return false;
            }
            for (int i = 0; i < args.length; i++) {
                if (o.args[i] != args[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /** {@code action} (whose definition is not null) bound to {@code args}. */
    Bound bind(Action action, Object[] args) {
        synchronized (lock) {
            return new Bound(action, args, evaluator.bind(action.definition(), args));
        }
    }

    /**
     * The size of {@link #successors(TlaState, Bound)}'s cache: a search meets the same (state, action) again soon
     * (dfs backtracks to a state it left a few steps before, and OmniLink's closures take the same steps from the
     * same states in consecutive configurations): on bulk-queue 5 x 1,000 a cache of 4,096 entries answered 36 % of
     * the evaluations, one of a million 38 % (docs/benchmarks.md, branch tlafast). Not larger: what it holds lives in
     * the young generation and is copied at each collection, which cost more processor time with 16,384 entries than
     * the 2 % more answers saved (docs/benchmarks.md, branch tla10).
     */
    private static final int SUCCESSOR_CACHE = 1 << 12;
    /** The cache: direct-mapped by a hash of the state and the bound action; guarded by {@code lock}. */
    private final TlaState[] cachedFrom = new TlaState[SUCCESSOR_CACHE];
    private final Bound[] cachedBy = new Bound[SUCCESSOR_CACHE];
    @SuppressWarnings("unchecked")
    private final List<TlaState>[] cachedNext = new List[SUCCESSOR_CACHE];
    private long cacheHits;
    private long evaluations;

    /**
     * The states {@code bound} leads to from {@code state}; empty if disabled. The answer is unmodifiable and may be
     * one given before: a small cache keeps recent answers, found again only for a state equal to the one it was
     * computed from (by TLC's equality of all its variables: never by a hash alone; under a {@code VIEW}, only for
     * the very same TLC state, since states with equal views may differ in what the action reads) and the
     * {@link Bound#same same} bound action. TLC's evaluation of an action is a function of the state and the
     * parameters' values (as the model's own memo already assumes), so the cache changes no answer; the states it
     * gives back are the objects made the first time, so later comparisons of them are identities.
     */
    List<TlaState> successors(TlaState state, Bound bound) {
        synchronized (lock) {
            int slot = (int) mixSlot(state.fingerprint, bound.hash) & (SUCCESSOR_CACHE - 1);
            TlaState from = cachedFrom[slot];
            if (from != null && cachedBy[slot].same(bound)
                    && (from == state || from.tlc == state.tlc || !view && from.fingerprint == state.fingerprint
                        && (TlaState.sameKeys(from, state) || evaluator.same(from.tlc, state.tlc)))) {
                cacheHits++;
                return cachedNext[slot];
            }
            evaluations++;
            List<Object> next;
            try {
                next = evaluator.successors(state.tlc, bound.tlc);
            } catch (TlaException e) {
                throw located(e);
            }
            List<TlaState> out;
            if (next.isEmpty()) {
                out = List.of();
            } else if (next.size() == 1) {
                out = List.of(state(next.get(0), state));
            } else {
                TlaState[] made = new TlaState[next.size()];
                for (int i = 0; i < made.length; i++) {
                    made[i] = state(next.get(i), state);
                }
                out = List.of(made);
            }
            cachedFrom[slot] = state;
            cachedBy[slot] = bound;
            cachedNext[slot] = out;
            return out;
        }
    }

    /** How many evaluations {@link #successors(TlaState, Bound)} asked of TLC, and how many its cache answered. */
    long[] successorCounts() {
        synchronized (lock) {
            return new long[]{evaluations, cacheHits};
        }
    }

    private static long mixSlot(long fingerprint, int bound) {
        long z = fingerprint ^ (bound * 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 32)) * 0xD6E8FEB86659FD93L;
        return z ^ (z >>> 32);
    }

    /**
     * Releases the spec's class loader (its open jar and, once unreachable, its copy of TLC's classes). The spec and
     * its models must not be used afterwards. Optional: a spec that is simply dropped is collected with its loader.
     */
    @Override
    public void close() {
        if (evaluator.getClass().getClassLoader() instanceof java.net.URLClassLoader own
                && own != TlaSpec.class.getClassLoader()) {
            try {
                own.close();
            } catch (IOException e) {
                // nothing is left to release
            }
        }
    }

    /**
     * TLC's state {@code tlc} as a {@link TlaState}, a successor of {@code parent} (or null): the hashes of the
     * variables the step left as they were are {@code parent}'s ({@link SpecEvaluator#variableHashes}), so a step
     * over a large state pays for what it changed. Under this spec's lock.
     */
    private TlaState state(Object tlc, TlaState parent) {
        long[] hashes = evaluator.variableHashes(tlc, parent == null ? null : parent.tlc,
                parent == null ? null : parent.variableHashes);
        long fp = hashes == null ? evaluator.fingerprint(tlc) : combine(hashes);
        return new TlaState(tlc, fp, hashes, this);
    }

    /** One hash of the variables' hashes, in order. */
    static long combine(long[] hashes) {
        long h = hashes.length;
        for (long x : hashes) {
            h = h * 0x9E3779B97F4A7C15L + x;
        }
        return h ^ (h >>> 29);
    }

    /**
     * Whether two of this spec's TLC states are equal by TLC's rules (their views, under a {@code VIEW}): under the
     * lock, since evaluating a view is a call into TLC.
     */
    boolean same(Object a, Object b) {
        synchronized (lock) {
            return evaluator.same(a, b);
        }
    }

    /**
     * Writes the keys of {@code states} ({@link SpecEvaluator#key}) one after another into {@code into} from
     * {@code at}; returns where they end, -1 when one has none, -2 when they did not fit. A state's key is made
     * once, under the lock (TLC normalizes values in place, and a key must not read one half sorted), and kept in
     * the state (published through a volatile field, so another thread never reads a half-written key).
     */
    int keys(TlaState[] states, long[] into, int at) {
        if (view) {
            return -1;
        }
        for (TlaState s : states) {
            int[] key = s.key;
            if (key == null) {
                key = key(s);
            }
            if (key == TlaState.NO_KEY) {
                return -1;
            }
            if (into.length - at < key.length) {
                return -2;
            }
            for (int unit : key) {
                into[at++] = unit & 0xFFFFFFFFL;
            }
        }
        return at;
    }

    /** Scratch for {@link #key(TlaState)}, under the lock. */
    private long[] keyScratch = new long[64];

    /**
     * The most 32-bit units a state's key may have; a larger state has none and is kept as an object. A key copies
     * the whole state into every configuration that holds it, where objects share what states have in common: on a
     * state of thousands of values (the WiredTiger-shaped store trace, 10,107 keys) keys took the run from 0.96 GB
     * to its 6 GB memory limit. Small states, where keys pay (a queue of a few elements), stay far below.
     */
    static final int MAX_KEY_UNITS = 512;

    /** Makes {@code s}'s {@link TlaState#key}. */
    private int[] key(TlaState s) {
        synchronized (lock) {
            if (s.key != null) {
                return s.key;
            }
            int end;
            while ((end = evaluator.key(s.tlc, keyScratch, 0)) == -2 && keyScratch.length < MAX_KEY_UNITS) {
                keyScratch = new long[Math.min(keyScratch.length * 2, MAX_KEY_UNITS)];
            }
            int[] key = TlaState.NO_KEY;
            if (end >= 0) {
                key = new int[end];
                for (int i = 0; i < end; i++) {
                    key[i] = (int) keyScratch[i];
                }
            }
            s.key = key;
            return key;
        }
    }

    String show(TlaState state) {
        synchronized (lock) {
            // An OmniLink validation module's own bookkeeping is not the spec's state: reports leave it out.
            return hooks == null ? evaluator.show(state.tlc)
                    : evaluator.show(state.tlc, java.util.Set.copyOf(OmniLinkHooks.BOOKKEEPING));
        }
    }
}
