package dev.ariadne.tla.tlc;

import tla2sany.semantic.ASTConstants;
import tla2sany.semantic.AtNode;
import tla2sany.semantic.DecimalNode;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.LabelNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.NumeralNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.StringNode;
import tla2sany.semantic.SymbolNode;
import tlc2.tool.impl.FastTool;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A conservative syntactic proof, over SANY's semantic tree, that actions with a parameter {@code k} touch only the
 * part of the state that belongs to the value of {@code k}: every state variable {@code v} is read only as
 * {@code v[k]} or {@code k \in DOMAIN v}, and written only as {@code v' = [v EXCEPT ![k] = e]},
 * {@code v' = (k :> e) @@ v} (or {@code v @@ (k :> e)}), {@code v' = v} or {@code UNCHANGED v}, with {@code e} built
 * from such reads, {@code @}, parameters and constants; each variable once on every path. Operators are expanded
 * where they are used (their parameters bound by name to the arguments); anything else (INSTANCE, operator
 * arguments, TLCGet/TLCSet, a Java override outside TLC's standard modules, …) is "not proven". Sound, not
 * complete: a spec it rejects may still be a product.
 */
final class ProductProof {
    /** Builtins that an expression reading one key's part may not contain (primes, temporal and action operators). */
    private static final Set<String> ACTION_LEVEL = Set.of("'", "UNCHANGED", "ENABLED", "\\cdot", "[]", "<>", "~>",
            "-+->", "$SquareAct", "$AngleAct", "$WF", "$SF", "$TemporalExists", "$TemporalForall");
    /** Standard modules whose Java overrides compute a value from their arguments alone. */
    private static final Set<String> PURE_MODULES = Set.of("Naturals", "Integers", "Reals", "Sequences",
            "FiniteSets", "Bags", "TLC", "Functions", "Folds", "FiniteSetsExt", "SequencesExt", "TLCExt");
    /** Overrides of those modules that read or write TLC's own state, or choose at random. */
    private static final Set<String> IMPURE = Set.of("TLCGet", "TLCSet", "RandomElement", "RandomSubset",
            "RandomSetOfSubsets", "JavaTime", "TLCCache");
    /** How many nodes one proof may visit (operators are expanded where used, which may repeat them). */
    private static final int MAX_VISITS = 200_000;
    /** How deep operators may be expanded (recursive operators). */
    private static final int MAX_DEPTH = 64;

    /** Why the proof failed: the reason for the report. */
    static final class NotProven extends RuntimeException {
        NotProven(String why) {
            super(why, null, false, false);
        }
    }

    /** An argument bound to an operator's parameter: the expression and the bindings where it was written. */
    private record Bound(ExprOrOpArgNode expr, Map<FormalParamNode, Bound> env) {
    }

    private final FastTool tool;
    private final FormalParamNode key;
    private final String action;
    private int visits;
    private int depth;

    private ProductProof(FastTool tool, FormalParamNode key, String action) {
        this.tool = tool;
        this.key = key;
        this.action = action;
    }

    /**
     * {@code null} when each of {@code actions} (definitions of the root module) is proven to touch only its
     * {@code parameter}'s part of the state, else why not (the first action that could not be proven).
     */
    static String whyNot(FastTool tool, List<String> actions, String parameter) {
        int variables = tool.getSpecProcessor().getVariablesNodes().length;
        for (String name : actions) {
            OpDefNode def = tool.getRootModule().getOpDef(name);
            if (def == null) {
                return "the spec defines no action " + name;
            }
            FormalParamNode key = null;
            for (FormalParamNode p : def.getParams()) {
                if (p.getName().toString().equals(parameter)) {
                    key = p;
                }
            }
            if (key == null) {
                return name + " has no parameter " + parameter;
            }
            ProductProof proof = new ProductProof(tool, key, name);
            try {
                Set<OpDeclNode> written = proof.action(def.getBody(), Map.of());
                if (written.size() != variables) {
                    return name + " does not say the next value of every variable";
                }
            } catch (NotProven e) {
                return e.getMessage();
            }
        }
        return null;
    }

    private NotProven fail(SemanticNode at, String why) {
        return new NotProven(action + " " + why + " (line " + at.getLocation().beginLine() + ")");
    }

    private void visit(SemanticNode at) {
        if (++visits > MAX_VISITS) {
            throw fail(at, "is too large to prove");
        }
    }

    /** The variables an action assigns on every path; fails where a path assigns other ones or reads beyond k. */
    private Set<OpDeclNode> action(SemanticNode e, Map<FormalParamNode, Bound> env) {
        visit(e);
        if (e instanceof LabelNode l) {
            return action(l.getBody(), env);
        }
        if (e instanceof LetInNode let) {
            return action(let.getBody(), env);
        }
        if (!(e instanceof OpApplNode a)) {
            clean(e, env);
            return Set.of();
        }
        SymbolNode op = a.getOperator();
        ExprOrOpArgNode[] args = a.getArgs();
        if (op instanceof FormalParamNode p && env.containsKey(p) && args.length == 0) {
            Bound b = env.get(p);
            return action(b.expr(), b.env());
        }
        if (!(op instanceof OpDefNode def)) {
            clean(e, env);
            return Set.of();
        }
        if (def.getKind() == ASTConstants.UserDefinedOpKind && override(def) == null) {
            return expand(def, args, env, true, a);
        }
        if (def.getKind() != ASTConstants.BuiltInKind) {
            clean(e, env);
            return Set.of();
        }
        switch (def.getName().toString()) {
            case "$ConjList", "\\land" -> {
                Set<OpDeclNode> all = new HashSet<>();
                for (ExprOrOpArgNode arg : args) {
                    for (OpDeclNode v : action(arg, env)) {
                        if (!all.add(v)) {
                            throw fail(arg, "gives " + v.getName() + "' twice");
                        }
                    }
                }
                return all;
            }
            case "$DisjList", "\\lor" -> {
                return same(args, 0, env, a);
            }
            case "$IfThenElse" -> {
                clean(args[0], env);
                return same(args, 1, env, a);
            }
            case "$BoundedExists" -> {
                for (ExprNode bound : a.getBdedQuantBounds()) {
                    clean(bound, env);
                }
                return action(args[0], env);
            }
            case "$Case" -> {
                Set<OpDeclNode> first = null;
                for (ExprOrOpArgNode arm : args) {
                    OpApplNode pair = (OpApplNode) arm;
                    if (pair.getArgs()[0] != null) {
                        clean(pair.getArgs()[0], env);
                    }
                    Set<OpDeclNode> w = action(pair.getArgs()[1], env);
                    if (first != null && !first.equals(w)) {
                        throw fail(arm, "gives different variables' next values in different cases");
                    }
                    first = w;
                }
                return first == null ? Set.of() : first;
            }
            case "=" -> {
                OpDeclNode v = primedVariable(args[0], env);
                if (v == null) {
                    clean(e, env);
                    return Set.of();
                }
                write(v, args[1], env);
                return Set.of(v);
            }
            case "UNCHANGED" -> {
                Set<OpDeclNode> vs = new HashSet<>();
                unchanged(args[0], env, vs);
                return vs;
            }
            default -> {
                clean(e, env);
                return Set.of();
            }
        }
    }

    /** The branches {@code args[from..]} of a disjunction or IF, which must assign the same variables. */
    private Set<OpDeclNode> same(ExprOrOpArgNode[] args, int from, Map<FormalParamNode, Bound> env, SemanticNode at) {
        Set<OpDeclNode> first = null;
        for (int i = from; i < args.length; i++) {
            Set<OpDeclNode> w = action(args[i], env);
            if (first != null && !first.equals(w)) {
                throw fail(at, "gives different variables' next values in different branches");
            }
            first = w;
        }
        return first == null ? Set.of() : first;
    }

    private void unchanged(ExprOrOpArgNode e, Map<FormalParamNode, Bound> env, Set<OpDeclNode> into) {
        visit(e);
        OpDeclNode v = variable(e, env);
        if (v != null) {
            if (!into.add(v)) {
                throw fail(e, "gives " + v.getName() + "' twice");
            }
            return;
        }
        if (e instanceof OpApplNode a && a.getOperator() instanceof OpDefNode d
                && d.getKind() == ASTConstants.BuiltInKind && d.getName().toString().equals("$Tuple")) {
            for (ExprOrOpArgNode arg : a.getArgs()) {
                unchanged(arg, env, into);
            }
            return;
        }
        throw fail(e, "has an UNCHANGED of something other than variables");
    }

    /** Checks {@code v' = rhs}: {@code v} itself, or {@code v} changed at the key only. */
    private void write(OpDeclNode v, SemanticNode rhs, Map<FormalParamNode, Bound> env) {
        visit(rhs);
        if (rhs instanceof OpApplNode a && a.getOperator() instanceof FormalParamNode p && env.containsKey(p)) {
            Bound b = env.get(p);
            write(v, b.expr(), b.env());
            return;
        }
        if (rhs instanceof LabelNode l) {
            write(v, l.getBody(), env);
            return;
        }
        if (rhs instanceof LetInNode let) {
            write(v, let.getBody(), env);
            return;
        }
        if (variable(rhs, env) == v) {
            return;
        }
        if (rhs instanceof OpApplNode a && a.getOperator() instanceof OpDefNode d
                && d.getKind() == ASTConstants.UserDefinedOpKind && override(d) == null) {
            if (++depth > MAX_DEPTH) {
                throw fail(rhs, "expands operators too deeply (recursion) to prove");
            }
            try {
                write(v, d.getBody(), bind(d, a.getArgs(), env, rhs));
            } finally {
                depth--;
            }
            return;
        }
        if (rhs instanceof OpApplNode a && a.getOperator() instanceof OpDefNode d) {
            String name = d.getName().toString();
            ExprOrOpArgNode[] args = a.getArgs();
            if (d.getKind() == ASTConstants.BuiltInKind && name.equals("$Except") && variable(args[0], env) == v) {
                for (int i = 1; i < args.length; i++) {
                    OpApplNode pair = (OpApplNode) args[i];
                    ExprOrOpArgNode[] path = ((OpApplNode) pair.getArgs()[0]).getArgs();
                    // ![k] is the key itself as the path's first component (![a, b] would be a tuple)
                    if (!isKey(path[0], env)) {
                        throw fail(rhs, "changes " + v.getName() + " at another place than " + v.getName() + "["
                                + key.getName() + "]");
                    }
                    for (int j = 1; j < path.length; j++) {
                        clean(path[j], env);
                    }
                    clean(pair.getArgs()[1], env);
                }
                return;
            }
            if (name.equals("@@") && fromModule(d, "TLC") && args.length == 2) {
                ExprOrOpArgNode single = variable(args[1], env) == v ? args[0]
                        : variable(args[0], env) == v ? args[1] : null;
                if (single instanceof OpApplNode s && s.getOperator() instanceof OpDefNode sd
                        && sd.getName().toString().equals(":>") && fromModule(sd, "TLC")
                        && isKey(s.getArgs()[0], env)) {
                    clean(s.getArgs()[1], env);
                    return;
                }
            }
        }
        throw fail(rhs, "gives " + v.getName() + "' a value other than " + v.getName() + " changed at "
                + key.getName() + " only ([" + v.getName() + " EXCEPT ![" + key.getName() + "] = …], ("
                + key.getName() + " :> …) @@ " + v.getName() + ", or UNCHANGED)");
    }

    /** Checks that {@code e} reads the state only at the key: {@code v[k]}, {@code k \in DOMAIN v}. */
    private void clean(SemanticNode e, Map<FormalParamNode, Bound> env) {
        visit(e);
        if (e instanceof AtNode || e instanceof NumeralNode || e instanceof DecimalNode || e instanceof StringNode) {
            return; // @ is a part of the function being changed, itself a key's part or a clean value
        }
        if (e instanceof LabelNode l) {
            clean(l.getBody(), env);
            return;
        }
        if (e instanceof LetInNode let) {
            clean(let.getBody(), env);
            return;
        }
        if (!(e instanceof OpApplNode a)) {
            throw fail(e, "uses " + kindOf(e) + ", which this proof does not follow");
        }
        if (a.getBdedQuantBounds() != null) {
            for (ExprNode bound : a.getBdedQuantBounds()) {
                clean(bound, env);
            }
        }
        SymbolNode op = a.getOperator();
        ExprOrOpArgNode[] args = a.getArgs();
        if (op instanceof FormalParamNode p) {
            if (args.length > 0) {
                throw fail(e, "applies the operator parameter " + p.getName());
            }
            Bound b = env.get(p);
            if (b != null) {
                clean(b.expr(), b.env());
            }
            return; // the action's own parameters and bound variables are values
        }
        if (op instanceof OpDeclNode decl) {
            if (decl.getKind() == ASTConstants.VariableDeclKind) {
                throw fail(e, "reads " + decl.getName() + " other than as " + decl.getName() + "[" + key.getName()
                        + "] or " + key.getName() + " \\in DOMAIN " + decl.getName());
            }
            if (decl.getKind() != ASTConstants.ConstantDeclKind) {
                throw fail(e, "uses " + decl.getName() + ", which this proof does not follow");
            }
            Object sub = decl.getToolObject(tool.getId());
            if (sub instanceof OpDefNode d) {
                clean(d.getBody(), Map.of()); // CONSTANT C <- Def in the configuration
            }
            return;
        }
        if (!(op instanceof OpDefNode def)) {
            throw fail(e, "uses " + op.getName() + ", which this proof does not follow");
        }
        if (def.getKind() == ASTConstants.BuiltInKind) {
            String name = def.getName().toString();
            if (ACTION_LEVEL.contains(name)) {
                throw fail(e, "uses " + name + " inside an expression");
            }
            if (name.equals("$FcnApply") && variable(args[0], env) != null && isKey(args[1], env)) {
                return;
            }
            if ((name.equals("\\in") || name.equals("\\notin")) && isKey(args[0], env)
                    && args[1] instanceof OpApplNode dom && dom.getOperator() instanceof OpDefNode dd
                    && dd.getKind() == ASTConstants.BuiltInKind && dd.getName().toString().equals("DOMAIN")
                    && variable(dom.getArgs()[0], env) != null) {
                return;
            }
            for (ExprOrOpArgNode arg : args) {
                if (arg != null) {
                    clean(arg, env);
                }
            }
            return;
        }
        if (def.getKind() != ASTConstants.UserDefinedOpKind) {
            throw fail(e, "uses " + def.getName() + ", which this proof does not follow");
        }
        if (IMPURE.contains(def.getName().toString())) { // by name, whatever TLC's override looks like
            throw fail(e, "uses " + def.getName() + ", which TLC computes in Java outside the spec");
        }
        Object over = override(def);
        if (over == null) {
            expand(def, args, env, false, e);
            return;
        }
        if (over instanceof OpDefNode sub) {
            expand(sub, args, env, false, e);
            return;
        }
        if (isJava(over)) {
            String module = def.getOriginallyDefinedInModuleNode() == null ? ""
                    : def.getOriginallyDefinedInModuleNode().getName().toString();
            if (!PURE_MODULES.contains(module) || IMPURE.contains(def.getName().toString())) {
                throw fail(e, "uses " + def.getName() + ", which TLC computes in Java outside the spec");
            }
        }
        // A Java override of a standard operator, or a constant TLC computed when it loaded: a value of its args.
        for (ExprOrOpArgNode arg : args) {
            clean(arg, env);
        }
    }

    /** Expands the operator {@code def} applied to {@code args}: as an action, or as an expression. */
    private Set<OpDeclNode> expand(OpDefNode def, ExprOrOpArgNode[] args, Map<FormalParamNode, Bound> env,
                                   boolean asAction, SemanticNode at) {
        if (++depth > MAX_DEPTH) {
            throw fail(at, "expands operators too deeply (recursion) to prove");
        }
        try {
            Map<FormalParamNode, Bound> inner = bind(def, args, env, at);
            if (asAction) {
                return action(def.getBody(), inner);
            }
            clean(def.getBody(), inner);
            return Set.of();
        } finally {
            depth--;
        }
    }

    /** {@code env} with {@code def}'s parameters bound by name to {@code args}, written where {@code env} holds. */
    private Map<FormalParamNode, Bound> bind(OpDefNode def, ExprOrOpArgNode[] args, Map<FormalParamNode, Bound> env,
                                             SemanticNode at) {
        FormalParamNode[] params = def.getParams();
        if (params.length == 0) {
            return env;
        }
        Map<FormalParamNode, Bound> inner = new HashMap<>(env);
        for (int i = 0; i < params.length; i++) {
            if (params[i].getArity() > 0 || !(args[i] instanceof ExprNode)) {
                throw fail(at, "passes an operator to " + def.getName());
            }
            inner.put(params[i], new Bound(args[i], env));
        }
        return inner;
    }

    /** What TLC evaluates in place of {@code def}: a configuration's substitute, a Java override, a constant. */
    private Object override(OpDefNode def) {
        Object o = def.getToolObject(tool.getId());
        if (o == null && def.getBody() != null) {
            o = def.getBody().getToolObject(tool.getId());
        }
        return o;
    }

    private static boolean isJava(Object value) {
        String type = value.getClass().getSimpleName();
        return type.equals("MethodValue") || type.equals("EvaluatingValue") || !(value instanceof tlc2.value.IValue);
    }

    private static boolean fromModule(OpDefNode d, String module) {
        return d.getOriginallyDefinedInModuleNode() != null
                && d.getOriginallyDefinedInModuleNode().getName().toString().equals(module);
    }

    /** The variable {@code e} is (through bound parameters), or {@code null}. */
    private OpDeclNode variable(SemanticNode e, Map<FormalParamNode, Bound> env) {
        if (e instanceof OpApplNode a && a.getArgs().length == 0) {
            if (a.getOperator() instanceof FormalParamNode p && env.containsKey(p)) {
                Bound b = env.get(p);
                return variable(b.expr(), b.env());
            }
            if (a.getOperator() instanceof OpDeclNode d && d.getKind() == ASTConstants.VariableDeclKind) {
                return d;
            }
        }
        return null;
    }

    /** The variable {@code e} primes ({@code v'}), or {@code null}. */
    private OpDeclNode primedVariable(SemanticNode e, Map<FormalParamNode, Bound> env) {
        if (e instanceof OpApplNode a && a.getOperator() instanceof OpDefNode d
                && d.getKind() == ASTConstants.BuiltInKind && d.getName().toString().equals("'")) {
            return variable(a.getArgs()[0], env);
        }
        return null;
    }

    /** Whether {@code e} is the action's key parameter (through bound parameters and definitions without any). */
    private boolean isKey(SemanticNode e, Map<FormalParamNode, Bound> env) {
        if (!(e instanceof OpApplNode a) || a.getArgs().length != 0) {
            return false;
        }
        if (a.getOperator() instanceof FormalParamNode p) {
            Bound b = env.get(p);
            return b == null ? p == key : isKey(b.expr(), b.env());
        }
        return false;
    }

    private static String kindOf(SemanticNode e) {
        return e.getClass().getSimpleName().replace("Node", "").toLowerCase(java.util.Locale.ROOT);
    }
}
