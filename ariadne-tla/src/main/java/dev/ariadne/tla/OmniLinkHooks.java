package dev.ariadne.tla;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OmniLink's validation modules with their hooks. OmniLink's tool generates {@code <S>Validate.tla} from a spec
 * {@code S}; a hand-written module ({@code MC<S>Validate.tla}) extends it and overrides, in its configuration
 * ({@code __Action_X <- MyAction}), the hooks the generated module defines: {@code __Action_X} (a conjunct of every
 * step of the spec's action {@code X}, {@code TRUE} by default), {@code __AbortBehavior} (what an aborted event
 * does, {@code UNCHANGED} spec variables by default), {@code __Action__TerminateThread} ({@code UNCHANGED}) and
 * {@code __Action__AbortThread} ({@code FALSE}). Each hook reads the event being taken as {@code __action'}: a
 * record {@code [pid, operation_name, operation, op_start_orig, op_end_orig]} whose {@code operation} holds the
 * event's parameters, {@code _op_start}/{@code _op_end} (timestamps as ranks), {@code _did_abort} and
 * {@code _meta}. Ariadne writes its own {@code <S>Validate.tla} of the same definitions (docs/tla.md), plus one
 * action per event kind that Ariadne's engines take: {@value #OP}{@code X(__event)}, {@value #ABORT},
 * {@value #TERMINATE}, {@value #ABORT_THREAD}.
 */
final class OmniLinkHooks {
    /** The prefix of the actions Ariadne writes into the validation module. */
    static final String PREFIX = "__Ariadne_";
    static final String OP = "__Ariadne_op_";
    static final String ABORT = "__Ariadne_abort";
    static final String TERMINATE = "__Ariadne_terminate";
    static final String ABORT_THREAD = "__Ariadne_abortThread";
    static final String TERMINATE_EVENT = "__TerminateThread";
    static final String ABORT_THREAD_EVENT = "__AbortThread";
    /** The variable that holds the event being taken; Ariadne forgets it after each step (states are the spec's). */
    static final String ACTION_VARIABLE = "__action";
    /**
     * The variables the validation module adds for its own bookkeeping (each thread's place in the trace, the
     * threads that may move, the last event): not the spec's state, so reports leave them out.
     */
    static final List<String> BOOKKEEPING = List.of("__pc", "__viable_pids", ACTION_VARIABLE);
    private static final Pattern EXTENDS = Pattern.compile("\\bEXTENDS\\b([A-Za-z0-9_,\\s]*)");

    private OmniLinkHooks() {
    }

    /**
     * The spec {@code S} whose validation module {@code rootText} (a module of {@code dir}) extends, when it is an
     * OmniLink validation module: it extends {@code SValidate} and {@code S.tla} is in {@code dir}. {@code null}
     * otherwise.
     */
    static String validatedSpec(String rootText, Path dir) {
        String plain = rootText.replaceAll("(?s)\\(\\*.*?\\*\\)", " ").replaceAll("\\\\\\*[^\\n]*", " ");
        Matcher m = EXTENDS.matcher(plain);
        if (!m.find()) {
            return null;
        }
        for (String used : m.group(1).split("[,\\s]+")) {
            if (used.endsWith("Validate") && used.length() > "Validate".length()) {
                String spec = used.substring(0, used.length() - "Validate".length());
                if (Files.isRegularFile(dir.resolve(spec + ".tla"))) {
                    return spec;
                }
            }
        }
        return null;
    }

    /** The spec's outline ({@link SpecEvaluator#outline}): its constants, variables and operators' parameters. */
    record Outline(List<String> constants, List<String> variables, Map<String, List<String>> operators) {
        static Outline parse(List<String> lines) {
            List<String> constants = new ArrayList<>();
            List<String> variables = new ArrayList<>();
            Map<String, List<String>> operators = new LinkedHashMap<>();
            for (String line : lines) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "C" -> {
                        int arity = Integer.parseInt(f[2]);
                        constants.add(arity == 0 ? f[1] : f[1] + "(" + String.join(", ",
                                Collections.nCopies(arity, "_")) + ")");
                    }
                    case "V" -> variables.add(f[1]);
                    default -> operators.put(f[1], List.of(Arrays.copyOfRange(f, 2, f.length)));
                }
            }
            return new Outline(List.copyOf(constants), List.copyOf(variables), Collections.unmodifiableMap(operators));
        }
    }

    /**
     * The text of {@code <spec>Validate.tla}: OmniLink's generated module (variables, {@code __Spec}, {@code __traces},
     * the default hooks) with Ariadne's actions in place of OmniLink's {@code Next}; the literal of {@code __traces}
     * is in the module {@value #TRACES_MODULE} ({@link #tracesModule}).
     */
    static String validationModule(String spec, Outline outline) {
        List<String> all = new ArrayList<>(outline.variables());
        all.addAll(BOOKKEEPING);
        StringBuilder s = new StringBuilder();
        s.append("---- MODULE ").append(spec).append("Validate ----\n");
        s.append("\\* Written by Ariadne: OmniLink's validation module for ").append(spec)
                .append(", with its hooks (docs/tla.md).\n");
        s.append("EXTENDS Integers, Sequences, TLC, ").append(TRACES_MODULE).append("\n\n");
        if (!outline.constants().isEmpty()) {
            s.append("CONSTANTS ").append(String.join(", ", outline.constants())).append('\n');
        }
        if (!outline.variables().isEmpty()) {
            s.append("VARIABLES ").append(String.join(", ", outline.variables())).append('\n');
        }
        s.append("\n__Spec == INSTANCE ").append(spec).append("\n\n");
        s.append("VARIABLES ").append(String.join(", ", BOOKKEEPING)).append("\n\n");
        s.append("__Spec_vars == <<").append(String.join(", ", outline.variables())).append(">>\n");
        s.append("__vars == <<__Spec_vars, ").append(String.join(", ", BOOKKEEPING)).append(">>\n");
        s.append("__state == [").append(String.join(", ", all.stream().map(v -> v + " |-> " + v).toList()))
                .append("]\n\n");
        s.append("__tracefile_name == \"").append(spec).append("ValidateData.bin\"\n");
        s.append("__TraceOps == INSTANCE __TraceOps\n\n__traces == __TraceOps!traces\n\n");
        s.append("Init ==\n    /\\ __Spec!Init\n    /\\ __TraceOps!Init\n\n");
        s.append("__AbortBehavior ==\n    UNCHANGED __Spec_vars\n\n");
        for (String op : outline.operators().keySet()) {
            s.append("__Action_").append(op).append(" == TRUE\n");
        }
        s.append("\n__Action__TerminateThread == UNCHANGED __Spec_vars\n__Action__AbortThread == FALSE\n\n");
        s.append("\\* Ariadne's actions, one per event kind. __action' is the event before the hook runs (OmniLink's\n")
                .append("\\* generated Next assigns it after __Action_X, where a hook that reads it cannot be evaluated).\n");
        String keep = "UNCHANGED <<__pc, __viable_pids>>";
        for (Map.Entry<String, List<String>> op : outline.operators().entrySet()) {
            String name = op.getKey();
            s.append(OP).append(name).append("(__event) ==\n");
            s.append("    /\\ __action' = [__event EXCEPT !.operation_name = \"").append(name).append("\"]\n");
            s.append("    /\\ __Spec!").append(name);
            if (!op.getValue().isEmpty()) {
                s.append('(').append(String.join(", ", op.getValue().stream().map(p -> "__event.operation." + p)
                        .toList())).append(')');
            }
            s.append("\n    /\\ __Action_").append(name).append("\n    /\\ ").append(keep).append("\n\n");
        }
        s.append(ABORT).append("(__event) ==\n    /\\ __action' = __event\n    /\\ __AbortBehavior\n    /\\ ")
                .append(keep).append("\n\n");
        s.append(TERMINATE).append("(__event) ==\n    /\\ __action' = __event\n    /\\ __Action__TerminateThread\n")
                .append("    /\\ ").append(keep).append("\n\n");
        s.append(ABORT_THREAD).append("(__event) ==\n    /\\ __action' = __event\n    /\\ __Action__AbortThread\n")
                .append("    /\\ ").append(keep).append("\n\n");
        s.append("\\* Ariadne takes the events itself; this module's Next is never evaluated.\nNext == FALSE /\\ UNCHANGED __vars\n====\n");
        return s.toString();
    }

    /** The module that holds the trace's events, {@code __ariadne_traces}. */
    static final String TRACES_MODULE = "__AriadneTraces";

    /**
     * The module {@value #TRACES_MODULE}: {@code __ariadne_traces}, the literal {@code traces}, alone in a module
     * without constants or variables. TLC folds such a module's definitions before it evaluates the definitions that
     * the configuration substitutes for the validation module's constants ({@code Keys <- KeysImpl}), which read
     * {@code __traces} once per event; defined in the validation module itself, the literal was not folded yet then,
     * and was rebuilt at each of those reads, making the load quadratic in the trace (docs/benchmarks.md, issue 25).
     */
    static String tracesModule(String traces) {
        return "---- MODULE " + TRACES_MODULE + " ----\n"
                + "\\* Written by Ariadne: the trace's events, as OmniLink's __traces holds them (docs/tla.md).\n"
                + "EXTENDS Integers, Sequences, TLC\n\n__ariadne_traces == " + traces + "\n====\n";
    }

    /** OmniLink's {@code __TraceOps} module, without its trace file: {@code traces} is given by the instantiation. */
    static final String TRACE_OPS = """
            ---- MODULE __TraceOps ----
            \\* Written by Ariadne: OmniLink's __TraceOps with the traces given, not read from a file (docs/tla.md).
            EXTENDS Integers, Sequences, TLC

            VARIABLES __vars, __Spec_vars, __state

            VARIABLE __pc
            VARIABLE __viable_pids
            VARIABLE __action
            CONSTANT __ariadne_traces

            traces == __ariadne_traces

            ViablePIDs ==
                LET pidsWithRecords == { pid \\in DOMAIN traces : __pc[pid] <= Len(traces[pid]) }
                IN  { pid \\in pidsWithRecords :
                        \\lnot \\E pid2 \\in pidsWithRecords :
                            /\\ pid # pid2
                            /\\ traces[pid2][__pc[pid2]].operation._op_end < traces[pid][__pc[pid]].operation._op_start }

            Init ==
                /\\ __pc = [pid \\in DOMAIN traces |-> 1]
                /\\ __viable_pids = ViablePIDs
                /\\ __action = <<>>

            AtEndOfTrace ==
                \\A pid \\in DOMAIN traces:
                    __pc[pid] = Len(traces[pid]) + 1

            EndCheck == FALSE

            PostCondition == TRUE

            DebugAlias == __state

            ====
            """;

    /**
     * An operation by its thread and call: what identifies its event when the history the engines check is not the
     * one read (ids are renumbered when begins are added, {@code TlaModel.withBegins}; a begin's client is
     * {@code -1 - client}). A thread's operations follow one another, so no two share a call.
     */
    record Key(int client, long call) {
        static Key of(Operation op) {
            return new Key(op.client() >= 0 ? op.client() : -1 - op.client(), op.call());
        }
    }

    /** The event records of a history, as OmniLink's {@code __traces} holds them, and each operation's. */
    record Events(Map<Integer, List<Map<String, Object>>> byThread, Map<Key, Map<String, Object>> byOperation) {
        /** {@code __traces}'s literal: a function from thread numbers to their events in order. */
        String literal() {
            if (byThread.isEmpty()) {
                return "[__p \\in {} |-> <<>>]";
            }
            List<String> parts = new ArrayList<>();
            for (Map.Entry<Integer, List<Map<String, Object>>> t : byThread.entrySet()) {
                parts.add("(" + t.getKey() + " :> " + TlaExport.literal(t.getValue()) + ")");
            }
            return String.join("\n    @@ ", parts);
        }
    }

    /**
     * The events of {@code history} as OmniLink's {@code __traces} holds them: per thread ({@code pid}), in call
     * order, {@code [pid, operation_name, operation, op_start_orig, op_end_orig]}, the operation's times replaced
     * by their ranks among all the history's times (from 0, as OmniLink compresses them).
     */
    static Events events(History history) {
        List<Operation> ops = new ArrayList<>(history.operations());
        ops.sort(Comparator.comparingLong(Operation::call).thenComparingInt(Operation::id));
        long[] times = ops.stream().flatMapToLong(o -> o.isPending() ? java.util.stream.LongStream.of(o.call())
                : java.util.stream.LongStream.of(o.call(), o.ret())).sorted().distinct().toArray();
        Map<Integer, List<Map<String, Object>>> byThread = new TreeMap<>();
        Map<Key, Map<String, Object>> byOperation = new LinkedHashMap<>();
        for (Operation op : ops) {
            if (!(op.input() instanceof Invocation inv)) {
                continue;
            }
            Map<String, Object> operation = new LinkedHashMap<>();
            Object value = inv.value();
            if (op.metadata().get("params") instanceof List<?> names) {
                List<?> values = names.size() == 1 ? Collections.singletonList(value) : (List<?>) value;
                for (int i = 0; i < names.size(); i++) {
                    operation.put(String.valueOf(names.get(i)), plain(values.get(i)));
                }
            } else if (value instanceof Map<?, ?> map) {
                map.forEach((k, v) -> operation.put(String.valueOf(k), plain(v)));
            }
            operation.put("_op_start", (long) Arrays.binarySearch(times, op.call()));
            if (!op.isPending()) {
                operation.put("_op_end", (long) Arrays.binarySearch(times, op.ret()));
            }
            operation.put("_did_abort", Boolean.TRUE.equals(op.metadata().get("aborted")));
            operation.put("_meta", plain(op.metadata().get("meta")));
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("pid", (long) op.client());
            event.put("operation_name", inv.f());
            event.put("operation", operation);
            event.put("op_start_orig", Long.toString(op.call()));
            if (!op.isPending()) {
                event.put("op_end_orig", Long.toString(op.ret()));
            }
            byThread.computeIfAbsent(op.client(), c -> new ArrayList<>()).add(event);
            byOperation.put(Key.of(op), event);
        }
        return new Events(byThread, byOperation);
    }

    /**
     * An event as reports show it after its name: its parameters, {@code aborted} if it is, and its {@code _meta}
     * when it has one: {@code (tid = 2, k = "a") aborted, _meta = {"result_code" -31800}}.
     */
    static String describe(Object event) {
        if (!(event instanceof Map<?, ?> e) || !(e.get("operation") instanceof Map<?, ?> op)) {
            return "(" + dev.ariadne.core.history.Values.show(event) + ")";
        }
        List<String> params = new ArrayList<>();
        op.forEach((k, v) -> {
            if (!String.valueOf(k).startsWith("_")) {
                params.add(k + " = " + dev.ariadne.core.history.Values.show(v));
            }
        });
        StringBuilder s = new StringBuilder(params.isEmpty() ? "" : "(" + String.join(", ", params) + ")");
        if (Boolean.TRUE.equals(op.get("_did_abort"))) {
            s.append(" aborted");
        }
        Object meta = op.get("_meta");
        if (meta != null && !"null".equals(meta)) {
            s.append(Boolean.TRUE.equals(op.get("_did_abort")) ? ", " : " ").append("_meta = ")
                    .append(dev.ariadne.core.history.Values.show(meta));
        }
        return s.toString();
    }

    /** A trace value with OmniLink's reading of nil: the string {@code "null"}. */
    private static Object plain(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof List<?> list) {
            return list.stream().map(OmniLinkHooks::plain).toList();
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(k, plain(x)));
            return out;
        }
        return v;
    }
}
