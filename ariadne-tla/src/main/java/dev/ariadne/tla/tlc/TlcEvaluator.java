package dev.ariadne.tla.tlc;

import dev.ariadne.tla.SpecEvaluator;
import dev.ariadne.tla.TlaException;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tlc2.tool.Action;
import tlc2.tool.StateVec;
import tlc2.tool.TLCState;
import tlc2.tool.impl.FastTool;
import tlc2.util.Context;
import tlc2.util.FP64;
import tlc2.value.IValue;
import tlc2.value.impl.BoolValue;
import tlc2.value.impl.IntValue;
import tlc2.value.impl.RecordValue;
import tlc2.value.impl.SetEnumValue;
import tlc2.value.impl.StringValue;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;
import util.SimpleFilenameToStream;
import util.ToolIO;
import util.UniqueString;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link SpecEvaluator} on TLC's own evaluator: SANY parses the module when TLC's {@code FastTool} is built, and an
 * operation's action is its definition's body evaluated by {@code getNextStates} in a context that binds the
 * definition's formal parameters to the operation's values (how TLC itself evaluates {@code \E v \in S : A(v)}).
 * Loaded by each spec's own class loader ({@code SpecLoader}), so TLC's static state belongs to this spec alone.
 */
public final class TlcEvaluator implements SpecEvaluator {
    private static final Pattern SEMANTIC_AT = Pattern.compile("line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\S+)");
    private static final Pattern PARSE_AT = Pattern.compile("at line (\\d+), column (\\d+)");

    private FastTool tool;
    private String fileName;
    private SemanticNode view;
    /** {@link #forget}'s variable and value, or null. */
    private UniqueString forgotten;
    private IValue forgottenValue;

    @Override
    public void load(String dir, String library, String module, String cfg) {
        fileName = module + ".tla";
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(messages, true, StandardCharsets.UTF_8);
        // TLC prints its progress and SANY its errors through ToolIO and System.out: keep both off our output
        ToolIO.out = capture;
        ToolIO.err = capture;
        PrintStream stdout = System.out;
        try {
            FP64.Init();
            tool = new FastTool(dir, module, cfg, modulePath(dir, library));
            view = tool.getViewSpec();
            foldSubstitutedConstants();
        } catch (RuntimeException | Error e) {
            throw new TlaException(explain(messages.toString(StandardCharsets.UTF_8), e));
        } finally {
            silence(stdout);
        }
    }

    /**
     * Evaluates once each constant the configuration replaces by a definition without parameters and of constant
     * level ({@code Keys <- KeysImpl}, as OmniLink's validation modules gather {@code Keys} from the trace). TLC
     * folds such definitions when they are used by name, but evaluates the body of a substituted one at every use
     * (a membership test {@code tid \in MTxId} then walks the whole trace: measured in docs/benchmarks.md, issue
     * 25). A constant-level expression without parameters has one value, so this changes no result. Where the
     * value cannot be computed now (TLC would fail at its first use too, or it is not a value), TLC keeps
     * evaluating it where it is used, as before.
     */
    private void foldSubstitutedConstants() {
        int id = tool.getId();
        for (tla2sany.semantic.OpDeclNode c : tool.getRootModule().getConstantDecls()) {
            if (c.getToolObject(id) instanceof OpDefNode def && def.getArity() == 0
                    && def.getBody().getLevel() == tla2sany.semantic.LevelConstants.ConstantLevel) {
                try {
                    Object v = tool.eval(def.getBody(), Context.Empty, TLCState.Empty);
                    if (v instanceof Value value) {
                        value.deepNormalize();
                        c.setToolObject(id, value);
                    }
                } catch (RuntimeException e) {
                    // left to TLC, which reports it where the constant is used
                }
            }
        }
    }

    /**
     * Where SANY looks for modules: the spec's folder, then the library (the modules Ariadne ships, written out) before
     * the jar, so that SANY never copies a module out of the jar into java.io.tmpdir.
     */
    private static SimpleFilenameToStream modulePath(String dir, String library) {
        List<String> path = new ArrayList<>(List.of(dir));
        path.addAll(List.of(library.split(Pattern.quote(java.io.File.pathSeparator))));
        return new SimpleFilenameToStream(path.toArray(new String[0])) {
            /**
             * No class files: TLC would load a module's Java class (and its overrides, {@code TLCOverrides}) found
             * on this path through a loader whose parent is the application's, whose TLC classes are not this
             * spec's copy; left to this spec's loader, they are.
             */
            @Override
            public java.io.File resolve(String name, boolean isModule) {
                return !isModule && name.endsWith(".class") ? null : super.resolve(name, isModule);
            }
        };
    }

    /** After a load: TLC's and SANY's printing goes nowhere again, and System.out is ours. */
    private static void silence(PrintStream stdout) {
        ToolIO.out = new PrintStream(PrintStream.nullOutputStream());
        ToolIO.err = ToolIO.out;
        if (System.out != stdout) {
            System.setOut(stdout);
        }
    }

    /** {@code Spec.tla:LINE:COL: problem} from what SANY or TLC printed, or the exception's message. */
    private String explain(String printed, Throwable e) {
        String[] lines = printed.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = SEMANTIC_AT.matcher(lines[i]);
            if (m.find()) {
                String problem = nextNonBlank(lines, i + 1);
                return m.group(3) + ".tla:" + m.group(1) + ":" + m.group(2) + ": " + problem;
            }
            if (lines[i].contains("***Parse Error***")) {
                String expected = nextNonBlank(lines, i + 1);
                for (int j = i + 1; j < lines.length; j++) {
                    Matcher p = PARSE_AT.matcher(lines[j]);
                    if (p.find()) {
                        String module = moduleOfParseError(lines, j);
                        return module + ":" + p.group(1) + ":" + p.group(2) + ": parse error: "
                                + lines[j].strip() + " (" + expected + ")";
                    }
                }
            }
        }
        for (String line : lines) {
            String l = line.strip();
            if (l.startsWith("Error:") || l.contains("Cannot find source file") || l.contains("was not found")) {
                return fileName + ": " + l;
            }
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        String tail = printed.strip();
        int cut = tail.lastIndexOf("Starting...");
        tail = (cut >= 0 ? tail.substring(0, cut) : tail).strip().replaceAll("\\s+", " ");
        return fileName + ": " + message + (tail.isEmpty() ? "" : " (" + shorten(tail) + ")");
    }

    private String moduleOfParseError(String[] lines, int from) {
        for (int j = from; j < lines.length; j++) {
            Matcher m = Pattern.compile("Could not parse module (\\S+) from file (\\S+)").matcher(lines[j]);
            if (m.find()) {
                return m.group(2);
            }
        }
        return fileName;
    }

    private static String nextNonBlank(String[] lines, int from) {
        for (int i = from; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return lines[i].strip();
            }
        }
        return "";
    }

    private static String shorten(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "…";
    }

    @Override
    public List<String> outline(String dir, String library, String module) {
        fileName = module + ".tla";
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(messages, true, StandardCharsets.UTF_8);
        ToolIO.out = capture;
        ToolIO.err = capture;
        PrintStream stdout = System.out;
        try {
            tla2sany.modanalyzer.SpecObj spec = new tla2sany.modanalyzer.SpecObj(module, modulePath(dir, library));
            int status = tla2sany.drivers.SANY.frontEndMain(spec, module, capture);
            tla2sany.semantic.ModuleNode root = spec.getExternalModuleTable() == null ? null
                    : spec.getExternalModuleTable().getRootModule();
            if (status != 0 || root == null || spec.getErrorLevel() > 2) {
                throw new TlaException(explain(messages.toString(StandardCharsets.UTF_8),
                        new IllegalStateException("SANY cannot parse the module")));
            }
            List<String> out = new ArrayList<>();
            for (tla2sany.semantic.OpDeclNode c : root.getConstantDecls()) {
                out.add("C " + c.getName() + " " + c.getArity());
            }
            for (tla2sany.semantic.OpDeclNode v : root.getVariableDecls()) {
                out.add("V " + v.getName());
            }
            definitions:
            for (OpDefNode d : root.getOpDefs()) {
                if (d.getKind() != tla2sany.semantic.ASTConstants.UserDefinedOpKind || d.isLocal()
                        || d.getOriginallyDefinedInModuleNode() != root) {
                    continue;
                }
                StringBuilder line = new StringBuilder("O ").append(d.getName());
                for (FormalParamNode p : d.getParams()) {
                    if (p.getArity() != 0) {
                        continue definitions; // an operator argument: no trace value can be one
                    }
                    line.append(' ').append(p.getName());
                }
                out.add(line.toString());
            }
            return out;
        } catch (tla2sany.drivers.FrontEndException | RuntimeException e) {
            if (e instanceof TlaException t) {
                throw t;
            }
            throw new TlaException(explain(messages.toString(StandardCharsets.UTF_8), e));
        } finally {
            silence(stdout);
        }
    }

    @Override
    public List<String> parameters(String name) {
        OpDefNode def = tool.getRootModule().getOpDef(name);
        if (def == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (FormalParamNode p : def.getParams()) {
            names.add(p.getName().toString());
        }
        return names;
    }

    @Override
    public String location(String name) {
        OpDefNode def = tool.getRootModule().getOpDef(name);
        return def == null ? fileName : fileName + ":" + def.getLocation().beginLine() + ":"
                + def.getLocation().beginColumn();
    }

    @Override
    public Object definition(String name) {
        return tool.getRootModule().getOpDef(name);
    }

    @Override
    public String stringDefinition(String name) {
        OpDefNode def = tool.getRootModule().getOpDef(name);
        if (def == null) {
            return null;
        }
        Object v = null;
        if (def.getArity() == 0) {
            try {
                v = tool.eval(def.getBody(), Context.Empty, TLCState.Empty);
            } catch (RuntimeException e) {
                throw evaluationError(name, e);
            }
        }
        if (!(v instanceof StringValue string)) {
            throw new TlaException(location(name) + ": " + name + " must be a string without parameters, such as "
                    + name + " == \"key\"");
        }
        return string.getVal().toString();
    }

    @Override
    public String productWhyNot(List<String> actions, String parameter) {
        return ProductProof.whyNot(tool, actions, parameter);
    }

    @Override
    public Object value(Object plain) {
        return value(plain, false);
    }

    /**
     * {@link #value(Object)}; with {@code emptyMapIsFunction}, an empty map (at any depth) is an empty function, as
     * {@code TlaExport.literal} writes it for a trace, instead of an empty record.
     */
    private Value value(Object plain, boolean emptyMapIsFunction) {
        if (plain instanceof Long l) {
            if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the integer " + l + " is outside TLC's range (32 bits)");
            }
            return IntValue.gen((int) (long) l);
        }
        if (plain instanceof Integer i) {
            return IntValue.gen(i);
        }
        if (plain instanceof String s) {
            return new StringValue(s);
        }
        if (plain instanceof Boolean b) {
            return b ? BoolValue.ValTrue : BoolValue.ValFalse;
        }
        if (plain instanceof List<?> list) {
            Value[] elems = new Value[list.size()];
            for (int i = 0; i < elems.length; i++) {
                elems[i] = value(list.get(i), emptyMapIsFunction);
            }
            return new TupleValue(elems);
        }
        if (plain instanceof Set<?> set) {
            List<Value> elems = new ArrayList<>();
            for (Object o : set) {
                elems.add(value(o, emptyMapIsFunction));
            }
            return (Value) new SetEnumValue(elems.toArray(new Value[0]), false).normalize();
        }
        if (plain instanceof Map<?, ?> map && map.isEmpty() && emptyMapIsFunction) {
            return new tlc2.value.impl.FcnRcdValue(new Value[0], new Value[0], true);
        }
        if (plain instanceof Map<?, ?> map) {
            UniqueString[] names = new UniqueString[map.size()];
            Value[] values = new Value[map.size()];
            int i = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("a map with a key that is not a string has no TLA+ value "
                            + "(records have string fields)");
                }
                names[i] = UniqueString.uniqueStringOf(key);
                values[i++] = value(e.getValue(), emptyMapIsFunction);
            }
            return (Value) new RecordValue(names, values, false).normalize();
        }
        throw new IllegalArgumentException((plain == null ? "nil" : plain instanceof Collection<?> ? "this collection"
                : plain.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT) + " " + plain)
                + " has no TLA+ value (integers, strings, booleans, lists, sets and string-keyed maps have)");
    }

    @Override
    public List<String> variables() {
        List<String> names = new ArrayList<>();
        for (tla2sany.semantic.OpDeclNode v : TLCState.vars) {
            names.add(v.getName().toString());
        }
        return names;
    }

    @Override
    public List<Object> initialStates() {
        try {
            StateVec init = tool.getInitStates();
            return states(init, null);
        } catch (RuntimeException e) {
            throw evaluationError("Init", e);
        }
    }

    @Override
    public Object bind(Object definition, Object[] args) {
        OpDefNode def = (OpDefNode) definition;
        Context context = Context.Empty;
        FormalParamNode[] params = def.getParams();
        for (int i = 0; i < params.length; i++) {
            context = context.cons(params[i], args[i]);
        }
        return new Action(def.getBody(), context, def);
    }

    @Override
    public List<Object> successors(Object state, Object bound) {
        Action action = (Action) bound;
        try {
            StateVec next = tool.getNextStates(action, (TLCState) state);
            return states(next, (TLCState) state);
        } catch (RuntimeException e) {
            throw evaluationError(action.getOpDef().getName().toString(), e);
        }
    }

    private TlaException evaluationError(String action, RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        return new TlaException(location(action) + ": evaluating " + action + ": "
                + message.replaceAll("\\s+", " "));
    }

    @Override
    public void traces(Map<Integer, ? extends List<? extends Map<String, Object>>> byThread) {
        Value[] threads = new Value[byThread.size()];
        Value[] events = new Value[byThread.size()];
        int i = 0;
        for (Map.Entry<Integer, ? extends List<? extends Map<String, Object>>> t
                : new java.util.TreeMap<>(byThread).entrySet()) {
            threads[i] = IntValue.gen(t.getKey());
            Value[] records = new Value[t.getValue().size()];
            for (int k = 0; k < records.length; k++) {
                records[k] = value(t.getValue().get(k), true);
            }
            events[i++] = new TupleValue(records);
        }
        TraceOverride.set(new tlc2.value.impl.FcnRcdValue(threads, events, true));
    }

    @Override
    public void forget(String variable) {
        StateVec init = tool.getInitStates();
        forgotten = UniqueString.uniqueStringOf(variable);
        forgottenValue = init.size() == 0 ? null : init.elementAt(0).lookup(forgotten);
        if (forgottenValue == null) {
            forgotten = null;
        }
    }

    /**
     * The states of {@code vec}, normalized. A successor's variables that are its {@code parent}'s values (the same
     * objects, left as they were by the step) are normalized already: normalizing only the others keeps a step over
     * a large state from sorting and walking what it did not change.
     */
    private List<Object> states(StateVec vec, TLCState parent) {
        List<Object> out = new ArrayList<>(vec.size());
        tla2sany.semantic.OpDeclNode[] vars = TLCState.vars;
        for (int i = 0; i < vec.size(); i++) {
            TLCState s = vec.elementAt(i);
            if (forgotten != null) {
                s.bind(forgotten, forgottenValue);
            }
            if (parent == null) {
                s.deepNormalize();
            } else {
                for (tla2sany.semantic.OpDeclNode var : vars) {
                    IValue v = s.lookup(var.getName());
                    if (v != null && v != parent.lookup(var.getName())) {
                        v.deepNormalize();
                    }
                }
            }
            out.add(s);
        }
        return out;
    }

    @Override
    public long fingerprint(Object state) {
        if (view == null) {
            return ((TLCState) state).fingerPrint();
        }
        return viewOf(state).fingerPrint(FP64.New());
    }

    @Override
    public long[] variableHashes(Object state, Object parent, long[] parentHashes) {
        if (view != null) {
            return null;
        }
        tla2sany.semantic.OpDeclNode[] vars = TLCState.vars;
        TLCState s = (TLCState) state;
        TLCState p = parentHashes == null ? null : (TLCState) parent;
        long[] out = new long[vars.length];
        for (int i = 0; i < vars.length; i++) {
            UniqueString name = vars[i].getName();
            IValue v = s.lookup(name);
            out[i] = p == null ? hash(v) : hashFrom(v, p.lookup(name), parentHashes[i]);
        }
        return out;
    }

    /**
     * {@link #hash}{@code (v)}, computed from the hash {@code ph} of {@code pv}, the value the parent state held: the
     * same object keeps its hash, and a function or sequence with the same domain as {@code pv} (in the same order,
     * as an {@code EXCEPT} leaves it, or as normalization sorts it) adds the change of the entries whose values are
     * not the same objects, so a step that changes one entry of a large function hashes that entry, not the
     * function. Both values are normalized (the parent's when it was made, {@code v} by {@link #states}).
     */
    static long hashFrom(IValue v, IValue pv, long ph) {
        if (v == pv) {
            return ph;
        }
        if (v instanceof tlc2.value.impl.FcnRcdValue f && pv instanceof tlc2.value.impl.FcnRcdValue pf
                && f.values.length == pf.values.length && sameDomain(f, pf)) {
            Value[] values = f.values;
            Value[] old = pf.values;
            long h = ph;
            for (int k = 0; k < values.length; k++) {
                if (values[k] != old[k]) {
                    long key = f.intv != null ? mix(INT + f.intv.low + k) : hash(f.domain[k]);
                    h += pair(key, hash(values[k])) - pair(key, hash(old[k]));
                }
            }
            return h;
        }
        if (v instanceof TupleValue t && pv instanceof TupleValue pt && t.elems.length == pt.elems.length) {
            Value[] elems = t.elems;
            Value[] old = pt.elems;
            long h = ph;
            for (int k = 0; k < elems.length; k++) {
                if (elems[k] != old[k]) {
                    long key = mix(INT + k + 1);
                    h += pair(key, hash(elems[k])) - pair(key, hash(old[k]));
                }
            }
            return h;
        }
        return hash(v);
    }

    /** Whether two normalized functions of the same size have the same domain in the same order. */
    private static boolean sameDomain(tlc2.value.impl.FcnRcdValue f, tlc2.value.impl.FcnRcdValue pf) {
        if (f.intv != null || pf.intv != null) {
            return f.intv != null && pf.intv != null && f.intv.low == pf.intv.low && f.intv.high == pf.intv.high;
        }
        Value[] domain = f.domain;
        Value[] old = pf.domain;
        if (domain == old) {
            return true;
        }
        if (!f.isNormalized() || !pf.isNormalized()) {
            return false;
        }
        for (int k = 0; k < domain.length; k++) {
            // TLC's equality fails on values of different kinds: such domains are not compared
            if (domain[k] != old[k] && (domain[k].getClass() != old[k].getClass() || !domain[k].equals(old[k]))) {
                return false;
            }
        }
        return true;
    }

    private static final long INT = 0x51ED2701L;
    private static final long STRING = 0x2545F491L << 20;
    private static final long BOOL = 0x7FEB352DL << 24;
    private static final long FUNCTION = 0x846CA68BL << 16;

    /**
     * A hash of a (normalized) TLC value, equal for values TLC takes as equal: functions, tuples and records are all
     * hashed as functions, as the sum of their (key, value) pairs' hashes (so the order of a domain does not
     * matter), integers, strings and booleans by their content, and any other value (sets, model values) by TLC's
     * own fingerprint, which is the same for every representation of a value. Faster than TLC's fingerprint of a
     * whole state: a mix per element where TLC runs a polynomial over each byte. Only the buckets of the state
     * table depend on it: states are then compared by TLC's equality.
     */
    static long hash(IValue v) {
        if (v instanceof IntValue i) {
            return mix(INT + i.val);
        }
        if (v instanceof StringValue str) {
            return string(str.val);
        }
        if (v instanceof BoolValue b) {
            return mix(BOOL + (b.val ? 1 : 0));
        }
        if (v instanceof TupleValue t) {
            Value[] elems = t.elems;
            long h = mix(FUNCTION + elems.length);
            for (int k = 0; k < elems.length; k++) {
                h += pair(mix(INT + k + 1), hash(elems[k]));
            }
            return h;
        }
        if (v instanceof tlc2.value.impl.FcnRcdValue f) {
            f.normalize();
            Value[] values = f.values;
            long h = mix(FUNCTION + values.length);
            for (int k = 0; k < values.length; k++) {
                h += pair(f.intv != null ? mix(INT + f.intv.low + k) : hash(f.domain[k]), hash(values[k]));
            }
            return h;
        }
        if (v instanceof RecordValue r) {
            Value[] values = r.values;
            long h = mix(FUNCTION + values.length);
            for (int k = 0; k < values.length; k++) {
                h += pair(string(r.names[k]), hash(values[k]));
            }
            return h;
        }
        if (v instanceof tlc2.value.impl.FcnLambdaValue lambda) {
            return hash(lambda.toFcnRcd());
        }
        return v == null ? 0 : v.fingerPrint(FP64.New());
    }

    private static long string(UniqueString s) {
        return mix(STRING + s.toString().hashCode());
    }

    private static long pair(long key, long value) {
        return mix(key * 0x9E3779B97F4A7C15L + value);
    }

    /** SplitMix64's finaliser: every bit of {@code z} moves every bit of the result. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private IValue viewOf(Object state) {
        Value v = (Value) tool.eval(view, Context.Empty, (TLCState) state);
        v.deepNormalize();
        return v;
    }

    /**
     * Tags of {@link #key}'s units (32 bits each, the tag in the top 4): distinct, so that different kinds never
     * write equal units. A payload has 28 bits.
     */
    private static final int K_INT = 1 << 28, K_INT_BIG = 2 << 28, K_BOOL = 3 << 28, K_STRING = 4 << 28,
            K_MODEL = 5 << 28, K_TUPLE = 6 << 28, K_RECORD = 7 << 28, K_SET = 8 << 28, K_FCN_INTERVAL = 9 << 28,
            K_FCN = 10 << 28, K_NULL = 11 << 28;
    private static final int PAYLOAD = (1 << 28) - 1;

    @Override
    public int key(Object state, long[] into, int at) {
        if (view != null) {
            return -1;
        }
        TLCState s = (TLCState) state;
        for (tla2sany.semantic.OpDeclNode v : TLCState.vars) {
            at = key(s.lookup(v.getName()), into, at);
            if (at < 0) {
                return at;
            }
        }
        return at;
    }

    /** One unit: {@code tag} with {@code payload} when it fits in 28 bits, else -1 (the value then has no key). */
    private static int unit(long[] into, int at, int tag, int payload) {
        if (payload < 0 || payload > PAYLOAD) {
            return -1;
        }
        into[at] = (tag | payload) & 0xFFFFFFFFL;
        return at + 1;
    }

    /**
     * Writes {@code v} as 32-bit units (one per word of {@code into}): a tag with a length or a payload, a
     * container's elements after it. The encoding is prefix-free and each kind is written from what TLC's equality
     * of that kind compares (sets, functions and records only when normalized, so in TLC's canonical order), so
     * equal keys are equal values.
     */
    private static int key(IValue v, long[] into, int at) {
        if (at + 1 >= into.length) {
            return -2;
        }
        if (v instanceof IntValue i) {
            int x = i.val;
            if (x >= -(1 << 27) && x < (1 << 27)) {
                into[at] = (K_INT | (x & PAYLOAD)) & 0xFFFFFFFFL;
                return at + 1;
            }
            into[at] = K_INT_BIG & 0xFFFFFFFFL;
            into[at + 1] = x & 0xFFFFFFFFL;
            return at + 2;
        }
        if (v instanceof BoolValue b) {
            return unit(into, at, K_BOOL, b.val ? 1 : 0);
        }
        if (v instanceof StringValue str) {
            return unit(into, at, K_STRING, str.val.getTok());
        }
        if (v instanceof tlc2.value.impl.ModelValue m) {
            return unit(into, at, K_MODEL, m.index);
        }
        if (v instanceof TupleValue t) {
            return elements(K_TUPLE, t.elems, into, at);
        }
        if (v instanceof RecordValue r) {
            if (!r.isNormalized() || (at = unit(into, at, K_RECORD, r.names.length)) < 0) {
                return -1;
            }
            for (int k = 0; k < r.names.length; k++) {
                if (at >= into.length) {
                    return -2;
                }
                if ((at = unit(into, at, K_STRING, r.names[k].getTok())) < 0
                        || (at = key(r.values[k], into, at)) < 0) {
                    return at;
                }
            }
            return at;
        }
        if (v instanceof SetEnumValue set) {
            tlc2.value.impl.ValueVec elems = set.elems;
            if (!set.isNormalized() || (at = unit(into, at, K_SET, elems.size())) < 0) {
                return -1;
            }
            for (int k = 0; k < elems.size(); k++) {
                if ((at = key(elems.elementAt(k), into, at)) < 0) {
                    return at;
                }
            }
            return at;
        }
        if (v instanceof tlc2.value.impl.FcnRcdValue f) {
            if (!f.isNormalized()) {
                return -1;
            }
            if (f.intv != null) {
                int low = f.intv.low;
                if (low < 0 || (at = unit(into, at, K_FCN_INTERVAL, low)) < 0) {
                    return -1;
                }
                return elements(K_TUPLE, f.values, into, at);
            }
            if ((at = unit(into, at, K_FCN, f.domain.length)) < 0) {
                return -1;
            }
            for (int k = 0; k < f.domain.length; k++) {
                if ((at = key(f.domain[k], into, at)) < 0 || (at = key(f.values[k], into, at)) < 0) {
                    return at;
                }
            }
            return at;
        }
        if (v == null) {
            return unit(into, at, K_NULL, 0);
        }
        return -1;
    }

    /** A length unit with {@code tag}, then each of {@code elems}. */
    private static int elements(int tag, Value[] elems, long[] into, int at) {
        if (at >= into.length) {
            return -2;
        }
        if ((at = unit(into, at, tag, elems.length)) < 0) {
            return -1;
        }
        for (Value e : elems) {
            if ((at = key(e, into, at)) < 0) {
                return at;
            }
        }
        return at;
    }

    @Override
    public boolean same(Object a, Object b) {
        if (view == null) {
            TLCState x = (TLCState) a;
            TLCState y = (TLCState) b;
            for (tla2sany.semantic.OpDeclNode v : TLCState.vars) {
                if (!sameValue(x.lookup(v.getName()), y.lookup(v.getName()))) {
                    return false;
                }
            }
            return true;
        }
        return sameValue(viewOf(a), viewOf(b));
    }

    /**
     * TLC's equality, with a shortcut for the common case of sequences that share their elements: the successor
     * of a state copies its elements' references ({@code Append(q, v)} copies {@code q}'s array), so comparing
     * references first skips most of the element comparisons and their memory reads. Identical values are equal;
     * anything else is compared by TLC.
     */
    private static boolean sameValue(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a instanceof TupleValue x && b instanceof TupleValue y) {
            Value[] xs = x.elems;
            Value[] ys = y.elems;
            if (xs.length != ys.length) {
                return false;
            }
            for (int i = 0; i < xs.length; i++) {
                if (xs[i] != ys[i] && !sameValue(xs[i], ys[i])) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    @Override
    public String show(Object state) {
        return ((TLCState) state).toString().strip().replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    public String show(Object state, java.util.Set<String> hidden) {
        if (hidden.isEmpty()) {
            return show(state);
        }
        StringBuilder out = new StringBuilder();
        for (tla2sany.semantic.OpDeclNode v : TLCState.vars) {
            String name = v.getName().toString();
            if (!hidden.contains(name)) {
                tlc2.value.IValue value = ((TLCState) state).lookup(v.getName());
                out.append(out.length() == 0 ? "" : " ").append("/\\ ").append(name).append(" = ").append(value);
            }
        }
        return out.toString().strip().replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    public boolean hasView() {
        return view != null;
    }
}
