package dev.ariadne.tla;

import java.util.List;

/**
 * The bridge between Ariadne and one loaded TLA+ spec, implemented inside the spec's own class loader (where TLC's
 * classes live) and called from outside it. Only JDK types and opaque handles ({@code Object}: TLC states, values
 * and action definitions, never inspected outside) cross the boundary. Not thread-safe: TLC's evaluator keeps
 * global state, so {@link TlaSpec} calls it under one lock. Internal: public only so that the other class loader
 * can implement it.
 */
public interface SpecEvaluator {

    /**
     * Parses {@code module} in {@code dir} with SANY and prepares TLC with the configuration file {@code cfg}
     * (a full path without {@code .cfg}). Modules the spec extends are looked up in {@code dir}, then in
     * {@code library}: folders separated by {@link java.io.File#pathSeparator}, the last holding TLC's standard
     * modules. Throws {@link TlaException} naming the spec's file,
     * line and problem.
     */
    void load(String dir, String library, String module, String cfg);

    /**
     * What OmniLink's generated validation module needs of {@code module} (parsed by SANY alone, before
     * {@link #load}, with the same {@code dir} and {@code library}): one line per constant ({@code C name arity}),
     * per variable ({@code V name}) and per operator the module itself defines, not LOCAL, whose parameters all
     * take values ({@code O name param…}). Throws {@link TlaException} naming the file, line and problem.
     */
    List<String> outline(String dir, String library, String module);

    /**
     * Makes every successor state hold {@code variable}'s value in the first initial state: a variable that only
     * carries the step being taken (OmniLink's {@code __action}) then never tells states apart.
     */
    void forget(String variable);

    /**
     * For the next {@link #load}: {@code __ariadne_traces} of the module {@code __AriadneTraces} (which must define
     * it, by any expression) is the TLC value of {@code byThread}, a function from thread numbers to their event
     * records (plain data, as {@link #value} takes; an empty map is an empty function, as in its literal).
     */
    void traces(java.util.Map<Integer, ? extends List<? extends java.util.Map<String, Object>>> byThread);

    /** The formal parameter names of the operator {@code name}, or {@code null} when the module defines none. */
    List<String> parameters(String name);

    /** Where the operator {@code name} is defined, {@code line L, col C}, for messages. */
    String location(String name);

    /** The definition of the operator {@code name}, resolved once (an opaque handle). */
    Object definition(String name);

    /**
     * The value of the definition {@code name} without parameters when it is a string, {@code null} when the module
     * does not define it; throws {@link TlaException} naming its line when it is defined otherwise.
     */
    String stringDefinition(String name);

    /**
     * {@code null} when each of the root module's {@code actions} is proven, from its text, to read and write only
     * the part of the state that belongs to the value of its parameter {@code parameter}; else why not.
     */
    String productWhyNot(List<String> actions, String parameter);

    /** The TLC value of plain Java data (integers, strings, booleans, lists as tuples, sets, string-keyed maps as records); throws {@link IllegalArgumentException} if none. */
    Object value(Object plain);

    /** The names of the spec's state variables, in TLC's order (for the module {@code TlaExport} writes). */
    List<String> variables();

    /** The initial states (opaque TLC states). */
    List<Object> initialStates();

    /**
     * {@code definition} with its formal parameters bound to {@code args} (TLC values), as TLC's action (an opaque
     * handle, immutable): made once per operation, so that a step does not build it again.
     */
    Object bind(Object definition, Object[] args);

    /** The states the {@link #bind bound} action leads to from {@code state}; empty if disabled. */
    List<Object> successors(Object state, Object bound);

    /** TLC's fingerprint of the state, of its {@code VIEW} when the configuration has one. */
    long fingerprint(Object state);

    /**
     * Without a {@code VIEW}, a hash of each of the state's variables (in TLC's order), equal for TLC-equal values
     * whatever their representation (a tuple and the function on {@code 1..n} it equals): the hash of a variable
     * that holds the very value object it holds in {@code parent} (a state {@code state} was computed from, or
     * null) is {@code parentHashes}'s, so a step pays for the variables it changed only. With a {@code VIEW},
     * null (the view is a new value in each state: {@link #fingerprint} hashes it).
     */
    long[] variableHashes(Object state, Object parent, long[] parentHashes);

    /**
     * Writes an exact key of the state into {@code into} from {@code at} and returns where it ends: its variables'
     * values as tagged, length-prefixed 32-bit units, one in each word (the high half zero), so that states with
     * equal keys are equal by TLC's equality (equal states may still have different keys, where TLC represents a
     * value in two ways). -1 when the state has none (a {@code VIEW}, a value of a kind it does not write), -2 when
     * it did not fit.
     */
    int key(Object state, long[] into, int at);

    /** Whether two states are equal by TLC's equality (of their views when there is a {@code VIEW}). */
    boolean same(Object a, Object b);

    /** A state as TLA+ text, {@code /\ x = 1 /\ q = <<>>}. */
    String show(Object state);

    /** {@link #show(Object)} without the variables named in {@code hidden}. */
    String show(Object state, java.util.Set<String> hidden);

    /** Whether the configuration has a {@code VIEW}. */
    boolean hasView();
}
