package dev.ariadne.core.online;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.search.Budget;
import dev.ariadne.core.frontier.Frontier;
import dev.ariadne.core.frontier.FrontierSearch;
import dev.ariadne.core.search.MemoryLimit;

import dev.ariadne.core.history.Event;
import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks a history while it happens: feed it calls and returns as clients make them, and it reports a violation
 * at the event that makes one certain (or, while more than 256 events wait behind an operation that stays open and
 * that the frontiers cannot pass, within a sixteenth of those events: see below), with the same evidence a batch {@link Checker#check} gives. It runs the
 * {@code frontier} engine on the events so far, for any model; the history is not partitioned. Methods are
 * synchronized, so several threads may report events.
 *
 * <p>At every moment the answer is the batch answer for the history so far, in which the operations still open
 * are pending (they may have taken effect or not). Inside, an exact frontier advances to a return once every
 * operation open at that return has returned or crashed (their outputs are then known) or does the same whatever
 * it returns ({@link Model#ignoresOutput}: it may be linearized while open); beyond that point, each return is
 * judged by a speculative copy that treats still-open operations as pending. That judgement replays the events
 * the exact frontier has not processed; while more than 64 of them wait (a client preempted in the middle of a
 * read while others go on), a frontier ahead of the exact one goes on without the reads that hold it up, and the
 * judgement replays only the events that one waits for. Where neither can pass (a compare-and-set held open) and
 * more than 256 events wait, the returns are judged once per sixteenth of the waiting events rather than at every
 * event: the work stays linear in the events, and a violation is reported a little late, never wrongly. A pending
 * operation that
 * nothing returned since its call may reveal ({@link dev.ariadne.core.model.Model#mayReveal}) is left out of the
 * judgements, as a batch check leaves it out; one that crashed stays unresolved for the exact frontier until a
 * return may reveal it (or, after a short wait, becomes pending there). Events are timed either
 * by their order ({@link #call(int, Object)}: the n-th event happens at time n, as in
 * {@link dev.ariadne.core.history.HistoryBuilder}) or by the caller ({@link #call(int, Object, long)}); one
 * checker uses one or the other. With explicit times a return at time t is judged once an event with a later
 * time arrives (or at {@link #finish()}), since a call at the same instant overlaps it and may still explain it.
 *
 * <p>Operations are numbered in call order, as in a {@link dev.ariadne.core.history.History} built from the
 * same events. By default memory grows with the number of operations (the witness and the evidence name them all),
 * and the search's own memory with the overlap; with {@link #boundMemory()} it grows with the overlap only, and the
 * evidence lists the end of its orders.
 *
 * <p>It degrades rather than stalls: the judgement of an event is bounded in work ({@link #workBudget}, in model
 * steps), and {@link CheckOptions#maxMemory()} bounds the search's memory. Past either (or after {@link #stop}),
 * {@link #degraded()} says at which event and why, later events are only recorded, and {@link #finish()} returns
 * a batch {@link Checker#check} of the whole history with the options (time limit and partitioning included) and
 * the reason as a note on its partitions. Before that, the options' time limit and partitioning are not used.
 *
 * <p>{@link #snapshot} writes its state in a compact, versioned form and {@link #restore} makes a checker that goes
 * on from it exactly as this one would (a streaming monitor that restarts).
 *
 * <p>As an {@link EventSink} it takes events straight from a reader (see {@code HistoryReaders.events} in
 * {@code ariadne-io}), with their source lines, so that its evidence cites lines as a batch check's does; those
 * methods return the checker itself, and {@link #isViolated()} tells whether the history is still free of
 * violations.
 *
 * @param <S> the model's state type
 */
public final class OnlineChecker<S> implements EventSink {
    private static final byte OPEN = 0;
    private static final byte RETURNED = 1;
    private static final byte CRASHED = 2;
    private static final byte DISCARDED = 3;
    /**
     * Crashed with a read-only input, or left open at the end with nothing that may reveal it
     * ({@link Model#mayReveal}): part of the history, left out of the search.
     */
    private static final byte DROPPED = 4;
    /**
     * Crashed, and nothing that returned since its call may reveal it: judgements leave it out, and the exact
     * frontier waits for it as for an open operation (so it never linearized it). It becomes {@link #CRASHED} when
     * a return may reveal it or when {@link #MAX_HIDDEN_WAIT} events wait for the exact frontier, {@link #DROPPED}
     * at the end.
     */
    private static final byte HIDDEN = 5;
    /**
     * How many events may wait for the exact frontier because of hidden operations before they are made pending:
     * each judgement replays the waiting events, so the wait is kept short (a crashed operation revealed later than
     * that is searched as pending, as it was before hidden operations existed).
     */
    private static final int MAX_HIDDEN_WAIT = 256;
    /** Up to this many events waiting for the exact frontier, every event judges the waiting returns. */
    private static final int SPECULATION_WINDOW = 256;
    /**
     * Beyond this many events waiting for the exact frontier, the {@link #ahead} frontier goes on without the reads
     * still open that hold it up.
     */
    private static final int AHEAD_AFTER = 64;
    /** The default work an event may use at once ({@link #workBudget}). */
    public static final long DEFAULT_WORK_BURST = 1L << 20;
    /** The default work credit each event adds ({@link #workBudget}). */
    public static final long DEFAULT_WORK_PER_EVENT = 256;

    private final Model<S> model;
    private final Budget budget;
    private final long start = System.nanoTime();

    /**
     * The prepared operations, as the model prepared them; {@code null} where the model
     * {@linkplain Model#preparesByValue prepares by value}, whose operations are rebuilt from the arrays below when
     * they are needed (for the evidence and the witness), so that an event allocates none.
     */
    private Operation[] ops = new Operation[64];
    private int[] clientOf = new int[64];
    private long[] callTime = new long[64];
    /** The return time, or {@link Operation#PENDING}. */
    private long[] retTime = new long[64];
    /**
     * The metadata of each operation, or {@code null} where it was only a source line (the common case: a reader's
     * {@code {line=n}}), which {@link #lineNo} then holds: a map per operation cost more than everything else kept
     * for it (224 of about 360 bytes).
     */
    private Object[] metadataOf = new Object[64];
    private int[] lineNo = new int[64];
    /**
     * The inputs and outputs as the events gave them, for {@link #history()} and the batch check of a degraded
     * {@link #finish()}.
     */
    private Object[] rawInputs = new Object[64];
    private Object[] rawOutputs = new Object[64];
    private Object[] inputs = new Object[64];
    private Object[] outputs = new Object[64];
    private byte[] status = new byte[64];
    /**
     * Whether an operation that returned after this one was called (and so may come after it) may reveal that it
     * took effect ({@link Model#mayReveal}); asked while it is open. One that nothing revealed may be left out of a
     * judgement that treats it as pending.
     */
    private boolean[] revealed = new boolean[64];
    /**
     * Whether the operation does the same whatever it returns ({@link Model#ignoresOutput}, and not read-only): the
     * exact frontier need not wait for its return to pass the returns of others.
     */
    private boolean[] ignoresOutput = new boolean[64];
    /**
     * Whether the exact frontier passed a return while this operation was open (it may have linearized it): its
     * crash makes it pending at once, its failure drops the configurations that linearized it, and judgements
     * keep it.
     */
    private boolean[] passedOpen = new boolean[64];
    /** The operations that returned at {@link #lastReturnTime}: a call at that time still overlaps them. */
    private int[] lastReturns = new int[8];
    private int lastReturnCount;
    private long lastReturnTime = Long.MIN_VALUE;
    /** The {@link #HIDDEN} operations. */
    private final Set<Integer> hidden = new HashSet<>();
    /** The operations whose records are held: numbered 0 to n-1 here (see {@link #globalOf}). */
    private int n;
    /** The operations discarded so far, in all (records dropped or not). */
    private int discarded;
    /**
     * With {@link #boundMemory()}: the records dropped so far. An operation's number in call order over the whole
     * history is {@link #globalOf}; the numbers used inside (array indices, frontier operations) are renumbered at
     * each drop, in the same order.
     */
    private int forgotten;
    private boolean bounded;
    /** Each held operation's number in call order among all operations called (discarded ones included). */
    private int[] globalOf = new int[64];
    /** The call-order numbers of the discarded operations, ascending (for the ids once records were dropped). */
    private int[] discardedGlobals = new int[8];
    /** Records are held before a drop is tried; a drop keeps at least the last {@link #keepRecent} operations. */
    private int forgetAfter = 1 << 17;
    private int keepRecent = 1024;
    /** How many steps of the order every configuration shares are kept for the evidence at a drop. */
    private int keepSteps = 1024;
    /** The number of operations held at which the next drop is tried. */
    private int forgetAt = 1 << 17;
    private boolean wholeHistoryNeeded;
    /**
     * For {@link #snapshot}: each operation's call and end (return, crash, failure) as a number in the order the
     * events were recorded (-1: not yet ended); the other inputs that change what is judged (refused events,
     * watermarks, work budgets, the times of crashes and failures) are in {@link #aux}.
     */
    private int[] callSeq = new int[64];
    private int[] endSeq = new int[64];
    /** The events recorded so far (refused ones excepted): the next one's number. */
    private int recorded;
    /** {@link #events} when the last entry was numbered: events counted since then and not numbered were refused. */
    private long eventsNumbered;
    /** Entries of four longs: kind, the number of the recorded event it precedes, two arguments. */
    private long[] aux = new long[16];
    private int auxSize;

    /**
     * By client id, for ids from 0 to {@link #CLIENT_TABLE_MAX} (a recorder's, a file's): the open operation plus
     * one, or 0; other ids are in {@link #openOfOtherClient}. An array rather than a map: no boxing per event.
     */
    private int[] openOfClient = new int[16];
    private final Map<Integer, Integer> openOfOtherClient = new HashMap<>();
    /** The open operations, in no order, to go through at every return without an iterator. */
    private int[] openOps = new int[8];
    private int openCount;
    /** By client id as {@link #openOfClient}: whether one of the client's operations crashed. */
    private boolean[] crashedClient = new boolean[16];
    private final Set<Integer> crashedOtherClients = new HashSet<>();
    private static final int CLIENT_TABLE_MAX = 1 << 16;

    /** Whether the model {@linkplain Model#preparesByValue prepares by value}: then preparations are reused. */
    private final boolean preparesByValue;
    /**
     * The last preparations, in {@link #PREPARED_SETS} sets of two chosen by the hash of the raw input and output
     * (only values that cannot change: see {@link #immutable}), four slots an entry: raw input, raw output, prepared
     * input, prepared output. A miss replaces the entry of its set used less recently, so that a stream of values
     * seen once (the outputs of reads of a counter) does not push out those seen at every other event (the
     * increment's call and return).
     */
    private final Object[] preparedCache = new Object[PREPARED_SETS * 2 * 4];
    /** Per set of {@link #preparedCache}: the entry (0 or 1) used last. */
    private final byte[] preparedRecent = new byte[PREPARED_SETS];
    private static final int PREPARED_SETS = 64;
    /** The prepared input and output of the last {@link #prepare(int, int, Object, Object, long, long, Map)}. */
    private Object preparedInput;
    private Object preparedOutput;
    /** The raw input of the last {@link #prepare}, or an equal one it saw before (shared: less to keep per call). */
    private Object canonicalInput;

    /** Events the exact frontier has not processed yet: operation, whether a return, time. */
    private int[] evOp = new int[64];
    private boolean[] evReturn = new boolean[64];
    private long[] evTime = new long[64];
    private int evHead;
    private int evTail;
    /** Events that could have judged the waiting returns since they last were: see {@link #dueForSpeculation()}. */
    private int judgementsDeferred;

    private long clock;
    private int timing; // 0 unknown, 1 untimed, 2 timed
    private long maxTime = Long.MIN_VALUE;

    private final Frontier<S> exact;
    private final Frontier<S> speculative;
    /**
     * While the exact frontier waits long for an operation still open (a client preempted in the middle of a
     * read), a copy of it that goes on through the waiting events, leaving out each read still open that holds it
     * up: leaving a read-only operation out never makes another one's return legal, and a read still open is
     * pending, which a judgement leaves out anyway. So its judgements are the exact frontier's, and the waiting
     * returns are judged from it, replaying only the few events it waits for, instead of all those the exact
     * frontier waits for. It is dropped when a read it left out returns (it cannot place that one any more), when
     * an operation crashes or fails, and when the exact frontier moves on; it shares the exact frontier's trail
     * arena, which the exact frontier does not touch while it waits.
     */
    private final Frontier<S> ahead;
    private boolean aheadLive;
    /** The first event the {@link #ahead} frontier has not processed. */
    private int aheadHead;
    /** Whether the {@link #ahead} frontier left out this operation, a read still open. */
    private boolean[] leftOut = new boolean[64];
    /** The operations marked in {@link #leftOut}. */
    private int[] leftOutOps = new int[8];
    private int leftOutCount;
    private Result violation;
    private String unknownReason;
    private Result finished;

    private final CheckOptions options;
    /**
     * The work budget, in {@link Frontier#work()} units: {@link #credit} starts at {@link #workBurst}, grows by
     * {@link #workPerEvent} at every event up to {@link #workBurst}, and each event's judgement spends what it
     * takes. An event that would need more degrades the checker ({@link #degraded}): no event can stall it, and
     * the work stays linear in the events.
     */
    private long workBurst = DEFAULT_WORK_BURST;
    private long workPerEvent = DEFAULT_WORK_PER_EVENT;
    private long credit = DEFAULT_WORK_BURST;
    /** {@link #work()} when the current event's judgement began. */
    private long workMark;
    /** The events fed so far; the current one's number, from 1. */
    private long events;
    /** "online checking degraded at event N: why", or {@code null} while the checker judges every event. */
    private String degraded;
    /** Whether {@link #stop} (not the work or memory budget) ended the online work. */
    private boolean degradedByStop;
    /** The event at which the checker degraded. */
    private long degradedAt;
    private volatile String stopRequest;
    /** Whether an event is being judged: {@link #stop} then cuts the judgement short. */
    private volatile boolean judging;
    /** The thread running the batch check of a degraded {@link #finish()}, for {@link #stop} to interrupt. */
    private volatile Thread batchThread;

    private OnlineChecker(Model<S> model, CheckOptions options) {
        this.model = model;
        this.preparesByValue = model.preparesByValue();
        this.options = options;
        this.budget = Budget.unlimited().withMaxMemory(options.effectiveMaxMemory());
        try {
            this.exact = new Frontier<>(model, budget, false);
            this.speculative = new Frontier<>(model, budget, true);
            this.ahead = new Frontier<>(model, budget, true);
        } catch (MemoryLimit e) {
            throw new IllegalArgumentException("a memory budget of " + Budget.describeBytes(budget.maxMemory())
                    + " is too small to start");
        }
        exact.operations(inputs, outputs);
    }

    /** A checker for {@code model} with {@link CheckOptions#defaults()}. */
    public static <S> OnlineChecker<S> of(Model<S> model) {
        return new OnlineChecker<>(model, CheckOptions.defaults());
    }

    /** A checker for {@code model}; of the options only the memory budget applies. */
    public static <S> OnlineChecker<S> of(Model<S> model, CheckOptions options) {
        return new OnlineChecker<>(model, options);
    }

    /** A checker for a nondeterministic model (through its subset construction). */
    public static <S> OnlineChecker<Set<S>> of(NondeterministicModel<S> model, CheckOptions options) {
        return new OnlineChecker<>(model.toModel(), options);
    }

    // ---- events -------------------------------------------------------------------------------------------------

    /**
     * Client {@code client} calls an operation with {@code input} now. Returns whether the history is still
     * free of violations.
     *
     * @throws HistoryException          if the client has an operation open or crashed before
     * @throws InvalidOperationException if the model cannot interpret the input (the event is not recorded)
     */
    public synchronized boolean call(int client, Object input) {
        return doCall(client, input, untimed(), Map.of());
    }

    /** Client {@code client} calls an operation with {@code input} at {@code time}; see {@link #call(int, Object)}. */
    public synchronized boolean call(int client, Object input, long time) {
        timed(time);
        return doCall(client, input, time, Map.of());
    }

    /**
     * Client {@code client}'s open operation returns {@code output} now ({@link Operation#UNKNOWN} if it was not
     * observed). Returns whether the history is still free of violations: {@code false} if this return made one
     * certain.
     *
     * @throws HistoryException          if the client has no open operation
     * @throws InvalidOperationException if the model cannot interpret the output (the event is not recorded)
     */
    public synchronized boolean ret(int client, Object output) {
        return doRet(client, output, untimed());
    }

    /** Client {@code client}'s open operation returns {@code output} at {@code time}; see {@link #ret(int, Object)}. */
    public synchronized boolean ret(int client, Object output, long time) {
        timed(time);
        return doRet(client, output, time);
    }

    /**
     * Client {@code client}'s open operation crashed (Jepsen {@code :info}): it stays pending for ever, may have
     * taken effect at any point after its call or not at all, and the client may not call again.
     */
    public synchronized boolean crash(int client) {
        return doCrash(client, untimed());
    }

    /** As {@link #crash(int)}, at {@code time}. */
    public synchronized boolean crash(int client, long time) {
        timed(time);
        return doCrash(client, time);
    }

    /**
     * Client {@code client}'s open operation certainly did not take effect (Jepsen {@code :fail}): it is removed
     * from the history, and the operations called after it are numbered as if it had never been called.
     */
    public synchronized boolean discard(int client) {
        return doDiscard(client, untimed());
    }

    /** As {@link #discard(int)}, at {@code time}. */
    public synchronized boolean discard(int client, long time) {
        timed(time);
        return doDiscard(client, time);
    }

    /**
     * Client {@code client} calls an operation with {@code input} at {@code time}, or now if {@code time} is
     * {@link EventSink#UNTIMED}; {@code metadata} (such as the source {@code line}) stays with the operation and
     * appears in the evidence. A {@link HistoryException} carries the call's line.
     */
    @Override
    public synchronized OnlineChecker<S> call(int client, Object input, long time, Map<String, Object> metadata) {
        int line = !metadata.isEmpty() && metadata.get("line") instanceof Number l ? l.intValue() : -1;
        try {
            doCall(client, input, time == UNTIMED ? untimed() : timedAt(time), metadata);
        } catch (HistoryException e) {
            throw atLine(e, line);
        }
        return this;
    }

    /** As {@link #ret(int, Object, long)}, or {@link #ret(int, Object)} if {@code time} is {@link #UNTIMED}. */
    @Override
    public synchronized OnlineChecker<S> ret(int client, Object output, long time, int line) {
        try {
            doRet(client, output, time == UNTIMED ? untimed() : timedAt(time));
        } catch (HistoryException e) {
            throw atLine(e, line);
        }
        return this;
    }

    /** As {@link #crash(int, long)}, or {@link #crash(int)} if {@code time} is {@link #UNTIMED}. */
    @Override
    public synchronized OnlineChecker<S> crash(int client, long time, int line) {
        try {
            doCrash(client, time == UNTIMED ? untimed() : timedAt(time));
        } catch (HistoryException e) {
            throw atLine(e, line);
        }
        return this;
    }

    /** As {@link #discard(int, long)}, or {@link #discard(int)} if {@code time} is {@link #UNTIMED}. */
    @Override
    public synchronized OnlineChecker<S> discard(int client, long time, int line) {
        try {
            doDiscard(client, time == UNTIMED ? untimed() : timedAt(time));
        } catch (HistoryException e) {
            throw atLine(e, line);
        }
        return this;
    }

    private static HistoryException atLine(HistoryException e, int line) {
        return e.line() > 0 || line <= 0 ? e : new HistoryException(e.getMessage(), line);
    }

    /**
     * With explicit times: no event will come before {@code time} (a watermark: the clients' clocks all passed
     * it). The returns before it are judged now, without waiting for a later event; a return at {@code time}
     * itself still waits, since a call at that instant may explain it. Returns whether the history is still free
     * of violations. Later events before {@code time} are refused, as when time goes backwards.
     *
     * @throws IllegalStateException if this checker's events carry no times
     */
    public synchronized boolean advanceTo(long time) {
        open();
        timed(time);
        if (time <= maxTime) {
            return violation == null;
        }
        maxTime = time;
        addAux(AUX_WATERMARK, time, 0);
        return after(true);
    }

    /** Feeds one event of the event form of a history (untimed). */
    public synchronized boolean accept(Event event) {
        if (event instanceof Event.Call c) {
            return call(c.client(), c.input());
        }
        Event.Return r = (Event.Return) event;
        return ret(r.client(), r.output());
    }

    // ---- answers ------------------------------------------------------------------------------------------------

    /** Whether the history so far is certainly not linearizable. */
    public synchronized boolean isViolated() {
        return violation != null;
    }

    /**
     * The result that reported the violation, as it was at the event that made it certain (one partition,
     * {@code all}, with its evidence), or empty while there is none.
     */
    public synchronized java.util.Optional<Result> violation() {
        return java.util.Optional.ofNullable(violation);
    }

    /**
     * The operations called so far as a {@link History}, numbered as the evidence numbers them: those still open
     * are pending, discarded ones are left out. A report places its annotations (nemesis events, failed
     * operations) on this history's clock by their lines.
     */
    public synchronized History history() {
        if (forgotten > 0) {
            throw new IllegalStateException("the checker dropped the records of " + forgotten + " operations "
                    + "(boundMemory): the history is not kept");
        }
        // every call and return in time order, returns first at an instant (a client may call again at the instant
        // its operation returned), but those of operations called at that instant after their calls (in operation
        // order, each call before its return); calls at an instant keep their order, so the numbering is the checker's
        int count = 0;
        long[] keys = new long[2 * n];
        for (int op = 0; op < n; op++) {
            if (status[op] != DISCARDED) {
                keys[count++] = (long) op << 1 | 1;
                if (status[op] == RETURNED) {
                    keys[count++] = (long) op << 1;
                }
            }
        }
        Long[] order = new Long[count];
        for (int i = 0; i < count; i++) {
            order[i] = keys[i];
        }
        Arrays.sort(order, (a, b) -> {
            long ta = (a & 1) == 1 ? callTime[(int) (a >>> 1)] : retTime[(int) (a >>> 1)];
            long tb = (b & 1) == 1 ? callTime[(int) (b >>> 1)] : retTime[(int) (b >>> 1)];
            if (ta != tb) {
                return Long.compare(ta, tb);
            }
            boolean oldA = (a & 1) == 0 && callTime[(int) (a >>> 1)] != ta; // a return of an earlier call
            boolean oldB = (b & 1) == 0 && callTime[(int) (b >>> 1)] != tb;
            if (oldA != oldB) {
                return oldA ? -1 : 1;
            }
            if (oldA) {
                return Long.compare(a, b);
            }
            return (a >>> 1) != (b >>> 1) ? Long.compare(a >>> 1, b >>> 1) : Long.compare(b & 1, a & 1); // call first
        });
        HistoryBuilder b = new HistoryBuilder();
        for (Long key : order) {
            int op = (int) (key >>> 1);
            if ((key & 1) == 1) {
                b.call(clientOf[op], rawInputs[op], callTime[op], metadataMap(op));
            } else {
                b.ret(clientOf[op], rawOutputs[op], retTime[op], -1);
            }
        }
        return b.build();
    }

    /** The number of operations called so far (discarded ones excepted). */
    public synchronized int operations() {
        return count();
    }

    /** The operations called so far, discarded ones excepted, records dropped or not. */
    private int count() {
        return forgotten + n - discarded;
    }

    /**
     * Bounds the memory the checker keeps by what is open and what the evidence needs rather than by the length of
     * the history: from now on, once 131,072 operations are held, the records of those that no frontier, waiting
     * event or kept evidence refers to any more are dropped (the configurations' states sum them up), and of the
     * linearization every configuration shares only the last 1,024 steps are kept, with the state they start from.
     * Verdicts are unchanged. What changes once records were dropped: a violation's longest linearization lists
     * its last steps only ({@link dev.ariadne.core.check.PartialLinearization#omittedSteps()} counts the others); a
     * linearizable result has no witness (a note says so); {@link #history()} and {@link #snapshot} are refused;
     * and if the checker degrades, {@link #finish()} cannot run the batch check of the whole history and says
     * {@link Verdict#UNKNOWN} with the reason ({@link #wholeHistoryNeeded()}), so that the caller may check the
     * history again from where it is kept. Returns this checker.
     */
    public synchronized OnlineChecker<S> boundMemory() {
        bounded = true;
        return this;
    }

    /** {@link #boundMemory()} with other windows, for tests that make drops happen in short histories. */
    synchronized OnlineChecker<S> boundMemory(int forgetAfter, int keepRecent, int keepSteps) {
        this.forgetAfter = Math.max(1, forgetAfter);
        this.keepRecent = Math.max(0, keepRecent);
        this.keepSteps = Math.max(16, keepSteps); // (the text report shows the last 12 steps and the state before)
        forgetAt = this.forgetAfter;
        bounded = true;
        return this;
    }

    /** How many operations' records were dropped ({@link #boundMemory()}); 0 while the whole history is held. */
    public synchronized int forgottenOperations() {
        return forgotten;
    }

    /**
     * Whether {@link #finish()} said {@link Verdict#UNKNOWN} only because the checker degraded after it had dropped
     * records ({@link #boundMemory()}): a batch check of the whole history, read again from where it is kept, gives
     * the verdict.
     */
    public synchronized boolean wholeHistoryNeeded() {
        return wholeHistoryNeeded;
    }

    /**
     * The number of operations called whose return, crash or failure has not come yet: their outcome is still
     * undecided ({@link #finish()} makes them pending).
     */
    public synchronized int openOperations() {
        return openCount;
    }

    /**
     * Ends the check because its input stopped before the history did (a time limit, Ctrl-C), and says exactly what
     * is known. A violation already certain is the result, as with {@link #finish()}. Otherwise the verdict is
     * {@link Verdict#UNKNOWN}: returns of the operations still open may yet come and contradict anything, so the
     * history read is not claimed linearizable unless none is open. The reason, after {@code why}, says that no
     * violation is among the events read (up to which time, with explicit times) and how many operations are open
     * and undecided; with explicit times, that the returns at the last instant read would not be linearizable if
     * no event followed at that instant, when that is so. Later calls to this method or {@link #finish()} return
     * the same result; later events are refused.
     */
    public synchronized Result interrupt(String why) {
        if (finished != null || violation != null) {
            return finish();
        }
        if (degraded != null && unknownReason == null) {
            int count = count();
            String reason = degradedByStop
                    ? why + ": no violation among the " + (degradedAt - 1) + " event" + (degradedAt == 2 ? "" : "s")
                    + " judged before the check stopped; " + openCount + " of the " + count + " operation"
                    + (count == 1 ? "" : "s") + " read " + (openCount == 1 ? "is" : "are") + " open and undecided"
                    : why + ": " + degraded + "; the " + count + " operation" + (count == 1 ? "" : "s") + " read "
                    + "were not checked further (the batch check runs at the end of the input)";
            finished = unknown(reason);
            return finished;
        }
        int open = openCount;
        int count = count();
        boolean timedEvents = timing == 2;
        long lastTime = maxTime;
        long events = clock;
        Result whole = finish();
        String read = count == 0 ? "no operation was read"
                : timedEvents ? "no violation among the events read up to time " + lastTime
                : "no violation among the " + events + " event" + (events == 1 ? "" : "s") + " read";
        String known = switch (whole.verdict()) {
            case UNKNOWN -> whole.reason();
            case LINEARIZABLE -> count == 0 ? read : open == 0
                    ? read + ": the " + count + " operation" + (count == 1 ? "" : "s")
                    + " read so far, none of them open, are linearizable"
                    : read + "; " + open + " of the " + count + " operation" + (count == 1 ? "" : "s")
                    + " read " + (open == 1 ? "is" : "are") + " open at that point and undecided";
            // only with explicit times: a call at the last instant could still explain the returns at it
            case NOT_LINEARIZABLE -> "no violation among the events read before time " + lastTime + "; the returns "
                    + "at time " + lastTime + " would not be linearizable if no event followed at that instant; "
                    + open + " of the " + count + " operation" + (count == 1 ? "" : "s") + " read "
                    + (open == 1 ? "is" : "are") + " open and undecided";
        };
        violation = null; // a violation found by judging the last instant as final is not certain
        String reason = why + ": " + known;
        PartitionResult p = whole.partitions().get(0);
        finished = result(Verdict.UNKNOWN, reason, new PartitionResult(p.index(), p.label(), p.operations(),
                Verdict.UNKNOWN, List.of(), null, reason, p.engine(), p.statistics()));
        return finished;
    }

    /**
     * Ends the history: operations still open become pending, every return is judged, and the final result comes
     * back: {@link Verdict#LINEARIZABLE} with a witness, or {@link Verdict#UNKNOWN} if the memory budget ran out.
     * After a violation the verdict is final: the result is {@link #violation()}, which describes the history as
     * it was at the event that made the violation certain. Later calls return the same result; later events are
     * refused.
     */
    public synchronized Result finish() {
        if (finished != null) {
            return finished;
        }
        dropAhead();
        if (violation == null && unknownReason == null && degraded == null) {
            credit = workBurst; // the end is one event more, which may take the whole burst
            workMark = work();
            for (int op = 0; op < n; op++) {
                if (status[op] == OPEN || status[op] == HIDDEN) {
                    if (model.isReadOnly(inputs[op], Operation.UNKNOWN) || invisible(op) && !passedOpen[op]) {
                        status[op] = DROPPED;
                        exact.remove(op);
                    } else {
                        status[op] = CRASHED;
                        exact.markPending(op);
                        chainPending(exact, op);
                    }
                }
            }
            hidden.clear();
            maxTime = Long.MAX_VALUE;
            advanceExact(true);
        }
        int count = count();
        if (degraded != null && violation == null && unknownReason == null) {
            finished = batchAfterDegrading();
            if (finished.verdict() == Verdict.NOT_LINEARIZABLE) {
                violation = finished;
            }
            return finished;
        }
        if (violation != null) {
            finished = violation;
        } else if (unknownReason != null) {
            finished = result(Verdict.UNKNOWN, unknownReason, new PartitionResult(0, "all", count, Verdict.UNKNOWN,
                    List.of(), null, unknownReason, FrontierSearch.NAME, statistics()));
        } else if (exact.baseSteps() == 0) {
            finished = result(Verdict.LINEARIZABLE, null, new PartitionResult(0, "all", count,
                    Verdict.LINEARIZABLE, new Witness(exact.witnessOrder()), null, null, FrontierSearch.NAME,
                    statistics()));
        } else {
            // the start of the order was summed up by a state (boundMemory): no witness can be listed
            finished = result(Verdict.LINEARIZABLE, null, new PartitionResult(0, "all", count,
                    Verdict.LINEARIZABLE, List.of(), null, null, FrontierSearch.NAME, statistics(),
                    "no witness order: the online check kept the last operations only, to bound its memory ("
                            + forgotten + " records dropped); a check of the finished history lists one"));
        }
        exact.release();
        return finished;
    }

    /**
     * Why the checker stopped judging events as they came: "online checking degraded at event N: why", or
     * {@code null} while it judges every event. It degrades when judging an event needs more work than
     * {@link #workBudget} allows, when its memory budget runs out, or on {@link #stop}; from then on it only records
     * the events, and {@link #finish()} returns a batch check's result for the whole history (with this text as a
     * note on its partitions).
     */
    public synchronized String degraded() {
        return degraded;
    }

    /**
     * Bounds the online judgement's work, in model steps and comparisons of the pending-operation rules (both
     * deterministic, so a test can rely on them): an event may use what is left of a credit that starts at
     * {@code burst}, grows by {@code perEvent} at every event and never exceeds {@code burst}. An event that needs
     * more degrades the checker ({@link #degraded()}) instead of stalling it. The defaults are
     * {@value #DEFAULT_WORK_BURST} and {@value #DEFAULT_WORK_PER_EVENT}. Returns this checker.
     */
    public synchronized OnlineChecker<S> workBudget(long burst, long perEvent) {
        if (burst < 0 || perEvent < 0) {
            throw new IllegalArgumentException("the work budget must not be negative");
        }
        workBurst = burst;
        workPerEvent = perEvent;
        addAux(AUX_BUDGET, burst, perEvent);
        credit = burst;
        return this;
    }

    /**
     * Stops the online work from any thread (a time limit, Ctrl-C): an event's judgement in progress ends within
     * about a thousand steps and the checker degrades with {@code reason}; a batch check that {@link #finish()} is
     * running is interrupted. {@link #interrupt} and {@link #finish()} then give {@link Verdict#UNKNOWN} unless a violation
     * was certain before.
     */
    public void stop(String reason) {
        stopRequest = Objects.requireNonNull(reason, "reason");
        if (judging) {
            // Only a judgement in progress is cut short: interrupt() still finishes the judgement of the events
            // read (within the work budget) to say what is certain about them.
            budget.stop(reason);
        }
        Thread t = batchThread;
        if (t != null) {
            t.interrupt();
        }
    }

    /**
     * The batch check of the whole history after the checker degraded, with the options' time and memory limits;
     * its result with the reason for degrading as a note on each partition.
     */
    private Result batchAfterDegrading() {
        String note = degraded + "; the verdict is a batch check's of the whole history";
        String stop = stopRequest;
        if (stop != null) {
            return unknown(stop + ": " + degraded);
        }
        if (forgotten > 0) {
            wholeHistoryNeeded = true;
            return unknown(degraded + "; the batch check of the whole history needs the records of the "
                    + forgotten + " operations this checker dropped to bound its memory");
        }
        Result batch;
        batchThread = Thread.currentThread();
        try {
            if ((stop = stopRequest) != null) {
                return unknown(stop + ": " + degraded);
            }
            batch = Checker.check(history(), model, options);
        } finally {
            batchThread = null;
            if (stopRequest != null) {
                Thread.interrupted(); // this checker's stop interrupted the batch check, not the caller
            }
        }
        if ((stop = stopRequest) != null && batch.verdict() == Verdict.UNKNOWN) {
            return unknown(stop + ": " + degraded);
        }
        return batch.withNote(note);
    }

    private Result unknown(String reason) {
        return result(Verdict.UNKNOWN, reason, new PartitionResult(0, "all", count(), Verdict.UNKNOWN,
                List.of(), null, reason, FrontierSearch.NAME, statistics()));
    }

    // ---- snapshots ----------------------------------------------------------------------------------------------

    private static final int AUX_REFUSED = 1;
    private static final int AUX_WATERMARK = 2;
    private static final int AUX_BUDGET = 3;
    private static final int AUX_END_TIME = 4;
    private static final byte[] SNAPSHOT_MAGIC = "ariadne online snapshot\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** The version of the snapshot form this build writes and reads. */
    public static final int SNAPSHOT_VERSION = 1;
    private static final int E_CALL = 0;
    private static final int E_RET = 1;
    private static final int E_CRASH = 2;
    private static final int E_DISCARD = 3;
    private static final int E_REFUSED = 4;
    private static final int E_WATERMARK = 5;
    private static final int E_BUDGET = 6;
    private static final int E_END = 7;

    /** The number of the event being recorded (see {@link #callSeq}), noting the refused events before it. */
    private int number() {
        long refused = events - 1 - eventsNumbered;
        if (refused > 0) {
            pushAux(AUX_REFUSED, refused, 0);
        }
        eventsNumbered = events;
        return recorded++;
    }

    private void addAux(int kind, long a, long b) {
        if (kind != AUX_END_TIME) {
            long refused = events - eventsNumbered;
            if (refused > 0) {
                pushAux(AUX_REFUSED, refused, 0);
            }
            eventsNumbered = events;
        }
        pushAux(kind, a, b);
    }

    private void pushAux(int kind, long a, long b) {
        if (forgotten > 0) {
            return; // snapshots are refused once records were dropped: nothing to keep for them
        }
        if (auxSize + 4 > aux.length) {
            aux = Arrays.copyOf(aux, aux.length * 2);
        }
        aux[auxSize++] = kind;
        aux[auxSize++] = recorded;
        aux[auxSize++] = a;
        aux[auxSize++] = b;
    }

    /**
     * Writes this checker's state to {@code out} in a compact, versioned form ({@value #SNAPSHOT_VERSION}) that
     * {@link #restore} reads back into a checker that goes on exactly as this one would: the same verdicts at the
     * same events, the same evidence, the same degradation. It holds the operations so far (inputs, outputs,
     * times, clients, metadata) and the order of the events, watermarks and work budgets that fed them, as plain
     * data with a checksum, not the search's internals; a restore replays them. So its size, like the checker's
     * memory, grows with the operations called. Values must be plain data (see {@link Invocation}).
     *
     * @throws IllegalStateException    if the history is finished ({@link #finish()}, {@link #interrupt})
     * @throws IllegalArgumentException if a value is not plain data
     * @throws java.io.IOException      if {@code out} fails
     */
    public synchronized void snapshot(java.io.OutputStream out) throws java.io.IOException {
        open();
        if (forgotten > 0 || exact.baseSteps() > 0) {
            throw new IllegalStateException("the checker dropped records of old operations (boundMemory): a "
                    + "snapshot needs them all");
        }
        out.write(SNAPSHOT_MAGIC);
        java.io.DataOutputStream header = new java.io.DataOutputStream(out);
        header.writeInt(SNAPSHOT_VERSION);
        header.flush();
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        java.io.DataOutputStream d = new java.io.DataOutputStream(new java.io.BufferedOutputStream(
                new java.util.zip.CheckedOutputStream(new NonClosing(out), crc), 1 << 16));
        SnapshotCodec.writeString(d, model.name());
        d.writeByte(timing);
        SnapshotCodec.writeVarLong(d, n);
        for (int op = 0; op < n; op++) {
            SnapshotCodec.writeVarLong(d, clientOf[op]);
            SnapshotCodec.write(d, rawInputs[op]);
            if (metadataOf[op] == null) {
                d.writeByte(0);
                SnapshotCodec.writeVarLong(d, lineNo[op]);
            } else {
                d.writeByte(1);
                SnapshotCodec.write(d, metadataOf[op]);
            }
            // (times as differences: from the previous call, and from the operation's own call)
            SnapshotCodec.writeVarLong(d, callTime[op] - (op == 0 ? 0 : callTime[op - 1]));
            boolean returned = status[op] == RETURNED;
            d.writeBoolean(returned);
            if (returned) {
                SnapshotCodec.write(d, rawOutputs[op]);
                SnapshotCodec.writeVarLong(d, retTime[op] - callTime[op]);
            }
        }
        // The events in the order they came: each recorded one by its number, the others before the number they
        // preceded (aux is in that order already).
        long[] order = new long[recorded];
        java.util.Map<Integer, Long> endTimes = new HashMap<>();
        for (int op = 0; op < n; op++) {
            order[callSeq[op]] = (long) op << 3 | E_CALL;
            if (endSeq[op] >= 0) {
                int kind = status[op] == RETURNED ? E_RET : status[op] == DISCARDED ? E_DISCARD : E_CRASH;
                order[endSeq[op]] = (long) op << 3 | kind;
            }
        }
        for (int i = 0; i < auxSize; i += 4) {
            if (aux[i] == AUX_END_TIME) {
                endTimes.put((int) aux[i + 2], aux[i + 3]);
            }
        }
        int a = 0;
        int called = 0;
        for (int seq = 0; seq <= recorded; seq++) {
            for (; a < auxSize && aux[a + 1] == seq; a += 4) {
                int kind = (int) aux[a];
                if (kind == AUX_REFUSED) {
                    d.writeByte(E_REFUSED);
                    SnapshotCodec.writeVarLong(d, aux[a + 2]);
                } else if (kind == AUX_WATERMARK) {
                    d.writeByte(E_WATERMARK);
                    SnapshotCodec.writeVarLong(d, aux[a + 2]);
                } else if (kind == AUX_BUDGET) {
                    d.writeByte(E_BUDGET);
                    SnapshotCodec.writeVarLong(d, aux[a + 2]);
                    SnapshotCodec.writeVarLong(d, aux[a + 3]);
                }
            }
            if (seq == recorded) {
                break;
            }
            int kind = (int) (order[seq] & 7);
            int op = (int) (order[seq] >>> 3);
            d.writeByte(kind);
            if (kind == E_CALL) {
                called++;
            } else {
                SnapshotCodec.writeVarLong(d, called - 1 - op); // (how far back from the latest call: small)
            }
            if ((kind == E_CRASH || kind == E_DISCARD) && timing == 2) {
                SnapshotCodec.writeVarLong(d, endTimes.get(op));
            }
        }
        if (events > eventsNumbered) {
            d.writeByte(E_REFUSED);
            SnapshotCodec.writeVarLong(d, events - eventsNumbered);
        }
        d.writeByte(E_END);
        // How the online work was stopped: not deterministic, so said rather than replayed.
        writeNullable(d, stopRequest);
        d.writeBoolean(degradedByStop);
        SnapshotCodec.writeVarLong(d, degradedByStop ? degradedAt : -1);
        writeNullable(d, degradedByStop ? degraded : null);
        d.flush();
        java.io.DataOutputStream trailer = new java.io.DataOutputStream(out);
        trailer.writeInt((int) crc.getValue());
        trailer.flush();
    }

    private static void writeNullable(java.io.DataOutputStream d, String s) throws java.io.IOException {
        d.writeBoolean(s != null);
        if (s != null) {
            SnapshotCodec.writeString(d, s);
        }
    }

    private static String readNullable(java.io.DataInputStream d) throws java.io.IOException {
        return d.readBoolean() ? SnapshotCodec.readString(d) : null;
    }

    /** Lets the snapshot's layers be flushed without closing the caller's stream. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(java.io.OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws java.io.IOException {
            flush();
        }
    }

    /** As {@link #restore(java.io.InputStream, Model, CheckOptions)} with {@link CheckOptions#defaults()}. */
    public static <S> OnlineChecker<S> restore(java.io.InputStream in, Model<S> model) throws java.io.IOException {
        return restore(in, model, CheckOptions.defaults());
    }

    /**
     * A checker in the state a {@link #snapshot} recorded, for {@code model} (the one it was taken with) and
     * {@code options} (as {@link #of(Model, CheckOptions)}); it reads the snapshot to its end and no further.
     *
     * @throws OnlineSnapshotException if {@code in} holds no snapshot, one of another version, a damaged one (its
     *                                 checksum does not match, or it does not read back) or one taken for another
     *                                 model
     * @throws java.io.IOException     if {@code in} fails
     */
    public static <S> OnlineChecker<S> restore(java.io.InputStream in, Model<S> model, CheckOptions options)
            throws java.io.IOException {
        byte[] magic = in.readNBytes(SNAPSHOT_MAGIC.length);
        if (!Arrays.equals(magic, SNAPSHOT_MAGIC)) {
            throw new OnlineSnapshotException("it is not an online checker snapshot (it does not begin with \""
                    + "ariadne online snapshot\")");
        }
        java.io.DataInputStream header = new java.io.DataInputStream(in);
        int version;
        try {
            version = header.readInt();
        } catch (java.io.EOFException e) {
            throw new OnlineSnapshotException("it ends after its first line");
        }
        if (version != SNAPSHOT_VERSION) {
            throw new OnlineSnapshotException("it is of version " + version + ", and this build reads version "
                    + SNAPSHOT_VERSION + " only");
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        // (unbuffered: the snapshot must be read to its end and no further)
        java.io.DataInputStream d = new java.io.DataInputStream(new java.util.zip.CheckedInputStream(in, crc));
        Replay r = new Replay();
        try {
            r.model = SnapshotCodec.readString(d);
            r.timing = d.readByte();
            if (r.timing < 0 || r.timing > 2) {
                throw new OnlineSnapshotException("it is damaged (timing " + r.timing + ")");
            }
            int ops = SnapshotCodec.count(d);
            r.client = new int[Math.min(ops, 1 << 20)];
            r.input = new Object[r.client.length];
            r.metadata = new Object[r.client.length];
            r.line = new int[r.client.length];
            r.call = new long[r.client.length];
            r.ret = new long[r.client.length];
            r.output = new Object[r.client.length];
            for (int op = 0; op < ops; op++) {
                r.grow(op);
                r.client[op] = (int) SnapshotCodec.readVarLong(d);
                r.input[op] = SnapshotCodec.read(d);
                if (d.readBoolean()) {
                    Object m = SnapshotCodec.read(d);
                    if (!(m instanceof Map)) {
                        throw new OnlineSnapshotException("it is damaged (metadata that is not a map)");
                    }
                    r.metadata[op] = m;
                } else {
                    r.line[op] = (int) SnapshotCodec.readVarLong(d);
                }
                r.call[op] = SnapshotCodec.readVarLong(d) + (op == 0 ? 0 : r.call[op - 1]);
                r.ret[op] = Operation.PENDING;
                if (d.readBoolean()) {
                    r.output[op] = SnapshotCodec.read(d);
                    r.ret[op] = SnapshotCodec.readVarLong(d) + r.call[op];
                }
            }
            r.ops = ops;
            java.io.ByteArrayOutputStream events = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream ev = new java.io.DataOutputStream(events);
            while (true) {
                int kind = d.readUnsignedByte();
                ev.writeByte(kind);
                if (kind == E_END) {
                    break;
                }
                switch (kind) {
                    case E_CALL -> { }
                    case E_RET -> SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                    case E_CRASH, E_DISCARD -> {
                        SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                        if (r.timing == 2) {
                            SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                        }
                    }
                    case E_REFUSED, E_WATERMARK -> SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                    case E_BUDGET -> {
                        SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                        SnapshotCodec.writeVarLong(ev, SnapshotCodec.readVarLong(d));
                    }
                    default -> throw new OnlineSnapshotException("it is damaged (event kind " + kind + ")");
                }
            }
            r.events = events.toByteArray();
            r.stopRequest = readNullable(d);
            r.degradedByStop = d.readBoolean();
            r.degradedAt = SnapshotCodec.readVarLong(d);
            r.degraded = readNullable(d);
        } catch (java.io.EOFException e) {
            throw new OnlineSnapshotException("it is damaged or cut short (it ends early)");
        } catch (OnlineSnapshotException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new OnlineSnapshotException("it is damaged (" + e + ")");
        }
        int expected = (int) crc.getValue();
        int stored;
        try {
            stored = header.readInt();
        } catch (java.io.EOFException e) {
            throw new OnlineSnapshotException("it is cut short (its checksum is missing)");
        }
        if (stored != expected) {
            throw new OnlineSnapshotException("it is damaged (its checksum does not match)");
        }
        if (!r.model.equals(model.name())) {
            throw new OnlineSnapshotException("it was taken for model " + r.model + ", not " + model.name());
        }
        OnlineChecker<S> c = new OnlineChecker<>(model, options);
        try {
            c.replay(r);
        } catch (RuntimeException e) {
            throw new OnlineSnapshotException("its events do not replay (" + e.getMessage() + ")");
        }
        return c;
    }

    /** A snapshot read back, before it is replayed. */
    private static final class Replay {
        String model;
        int timing;
        int ops;
        int[] client;
        Object[] input;
        Object[] metadata;
        int[] line;
        long[] call;
        long[] ret;
        Object[] output;
        byte[] events;
        String stopRequest;
        boolean degradedByStop;
        long degradedAt;
        String degraded;

        void grow(int op) {
            if (op == client.length) {
                int c = Math.max(16, op * 2);
                client = Arrays.copyOf(client, c);
                input = Arrays.copyOf(input, c);
                metadata = Arrays.copyOf(metadata, c);
                line = Arrays.copyOf(line, c);
                call = Arrays.copyOf(call, c);
                ret = Arrays.copyOf(ret, c);
                output = Arrays.copyOf(output, c);
            }
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> metadataOf(int op) {
            return metadata[op] != null ? (Map<String, Object>) metadata[op]
                    : line[op] >= 0 ? Map.of("line", line[op]) : Map.of();
        }
    }

    /** Feeds a snapshot's events again, as they came; a stop that degraded the checker is made again at its event. */
    private void replay(Replay r) throws java.io.IOException {
        java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(r.events));
        int nextCall = 0;
        boolean timed = r.timing == 2;
        if (r.timing != 0) {
            timing = r.timing;
        }
        while (true) {
            int kind = in.readUnsignedByte();
            if (kind == E_END) {
                break;
            }
            boolean event = kind <= E_DISCARD;
            boolean forceStop = event && r.degradedByStop && degraded == null && events + 1 == r.degradedAt;
            if (forceStop) {
                stopRequest = r.stopRequest == null ? "stopped" : r.stopRequest;
            }
            switch (kind) {
                case E_CALL -> {
                    int op = nextCall++;
                    if (op >= r.ops) {
                        throw new OnlineSnapshotException("it is damaged (more calls than operations)");
                    }
                    doCall(r.client[op], r.input[op], timed ? timedAt(r.call[op]) : untimed(), r.metadataOf(op));
                }
                case E_RET -> {
                    int op = replayOp(in, nextCall);
                    doRet(r.client[op], r.output[op], timed ? timedAt(r.ret[op]) : untimed());
                }
                case E_CRASH -> {
                    int op = replayOp(in, nextCall);
                    doCrash(r.client[op], timed ? timedAt(SnapshotCodec.readVarLong(in)) : untimed());
                }
                case E_DISCARD -> {
                    int op = replayOp(in, nextCall);
                    doDiscard(r.client[op], timed ? timedAt(SnapshotCodec.readVarLong(in)) : untimed());
                }
                case E_REFUSED -> events += SnapshotCodec.readVarLong(in);
                case E_WATERMARK -> advanceTo(SnapshotCodec.readVarLong(in));
                case E_BUDGET -> workBudget(SnapshotCodec.readVarLong(in), SnapshotCodec.readVarLong(in));
                default -> throw new OnlineSnapshotException("it is damaged (event kind " + kind + ")");
            }
            if (forceStop) {
                if (degraded == null) {
                    degrade(r.stopRequest == null ? "stopped" : r.stopRequest); // (the stop came when no step was left)
                }
                degradedByStop = true;
                if (r.degraded != null) {
                    degraded = r.degraded;
                }
            }
        }
        if (nextCall != r.ops) {
            throw new OnlineSnapshotException("it is damaged (fewer calls than operations)");
        }
        stopRequest = r.stopRequest;
    }

    private int replayOp(java.io.DataInputStream in, int called) throws java.io.IOException {
        long op = called - 1 - SnapshotCodec.readVarLong(in);
        if (op < 0 || op >= called) {
            throw new OnlineSnapshotException("it is damaged (an end of operation " + op + ", not called yet)");
        }
        return (int) op;
    }

    // ---- recording ----------------------------------------------------------------------------------------------

    private long untimed() {
        if (timing == 2) {
            throw new IllegalStateException("this checker's events carry times; give every event a time");
        }
        timing = 1;
        return clock;
    }

    private long timedAt(long time) {
        timed(time);
        return time;
    }

    private void timed(long time) {
        if (timing == 1) {
            throw new IllegalStateException("this checker's events carry no times; give no event a time");
        }
        timing = 2;
        if (time < 0 || time == Long.MAX_VALUE) {
            throw new HistoryException("time " + time + " is out of range (0 to 2^63-2)", -1);
        }
    }

    private void open() {
        if (finished != null) {
            throw new IllegalStateException("the history is finished");
        }
    }

    private void advanceClock(long time) {
        if (time < maxTime && timing == 2) {
            throw new HistoryException("time goes backwards: " + time + " after " + maxTime, -1);
        }
        maxTime = Math.max(maxTime, time);
        clock = Math.max(clock, time) + 1;
    }

    private boolean doCall(int client, Object input, long time, Map<String, Object> metadata) {
        open();
        events++;
        int busy = openOf(client);
        if (busy >= 0) {
            int line = lineOf(busy);
            throw new HistoryException("client " + client + " calls a new operation while its operation "
                    + (line >= 0 ? "from line " + line : "called at " + callTime[busy]) + " is still open", -1);
        }
        if (crashed(client)) {
            throw new HistoryException("client " + client + " calls a new operation after one of its operations "
                    + "crashed (its outcome is unknown, so the client may still be running it)", -1);
        }
        if (time < maxTime && timing == 2) {
            throw new HistoryException("time goes backwards: " + time + " after " + maxTime, -1);
        }
        grow(); // (first: a drop renumbers the operations held)
        int op = n;
        Operation prepared = prepare(forgotten + op - discarded, client, input, Operation.UNKNOWN, time,
                Operation.PENDING, metadata);
        ops[op] = prepared;
        globalOf[op] = forgotten + op;
        clientOf[op] = client;
        callTime[op] = time;
        retTime[op] = Operation.PENDING;
        if (metadata.isEmpty() || metadata.size() == 1 && metadata.get("line") instanceof Integer line) {
            metadataOf[op] = null;
            lineNo[op] = metadata.isEmpty() ? -1 : (Integer) metadata.get("line");
        } else {
            metadataOf[op] = metadata;
            lineNo[op] = -1;
        }
        rawInputs[op] = canonicalInput;
        inputs[op] = preparedInput;
        outputs[op] = Operation.UNKNOWN;
        status[op] = OPEN;
        revealed[op] = false;
        ignoresOutput[op] = !model.isReadOnly(inputs[op]) && model.ignoresOutput(inputs[op]);
        passedOpen[op] = false;
        leftOut[op] = false;
        if (timing == 2 && time == lastReturnTime) {
            for (int i = 0; i < lastReturnCount; i++) {
                noteReveal(op, lastReturns[i]);
            }
        }
        callSeq[op] = number();
        endSeq[op] = -1;
        n++;
        setOpen(client, op);
        if (openCount == openOps.length) {
            openOps = Arrays.copyOf(openOps, openCount * 2);
        }
        openOps[openCount++] = op;
        boolean settles = timing == 2 && time > maxTime; // a call never makes a violation, but time moved on
        advanceClock(time);
        if (degraded == null) {
            addEvent(op, false, time);
        }
        return after(settles);
    }

    private boolean doRet(int client, Object output, long time) {
        open();
        events++;
        int op = openOf(client);
        if (op < 0) {
            throw new HistoryException("client " + client + " returns but has no open operation"
                    + " (a completion without its invocation)", -1);
        }
        if (time < maxTime && timing == 2) {
            throw new HistoryException("time goes backwards: " + time + " after " + maxTime, -1);
        }
        Operation call = ops[op];
        Operation prepared = prepare(call == null ? idOf(op) : call.id(), client, rawInputs[op], output,
                callTime[op], time, metadataMap(op));
        if (passedOpen[op] && !preparedInput.equals(inputs[op])) {
            throw new IllegalStateException("model " + model.name() + " says it ignores the output of "
                    + inputs[op] + " (Model.ignoresOutput) but prepared its input differently once it returned: "
                    + preparedInput);
        }
        setOpen(client, -1);
        closed(op);
        endSeq[op] = number();
        if (leftOut[op]) {
            dropAhead(); // it cannot place this read any more
        }
        ops[op] = prepared;
        retTime[op] = time;
        rawOutputs[op] = output;
        inputs[op] = preparedInput;
        outputs[op] = preparedOutput;
        status[op] = RETURNED;
        for (int i = 0; i < openCount; i++) {
            noteReveal(openOps[i], op);
        }
        if (!hidden.isEmpty()) {
            for (var it = hidden.iterator(); it.hasNext(); ) {
                int c = it.next();
                noteReveal(c, op);
                if (revealed[c]) {
                    it.remove();
                    unhide(c);
                }
            }
        }
        if (time != lastReturnTime) {
            lastReturnTime = time;
            lastReturnCount = 0;
        }
        if (lastReturnCount == lastReturns.length) {
            lastReturns = Arrays.copyOf(lastReturns, lastReturnCount * 2);
        }
        lastReturns[lastReturnCount++] = op;
        advanceClock(time);
        if (degraded == null) {
            addEvent(op, true, time);
        }
        return after(true);
    }

    /** Takes {@code op} out of {@link #openOps}. */
    private void closed(int op) {
        for (int i = openCount - 1; i >= 0; i--) {
            if (openOps[i] == op) {
                openOps[i] = openOps[--openCount];
                return;
            }
        }
    }

    /** Notes whether {@code returned}, which may come after the open operation {@code c}, may reveal it. */
    private void noteReveal(int c, int returned) {
        if (!revealed[c] && model.mayReveal(inputs[c], inputs[returned], outputs[returned])) {
            revealed[c] = true;
        }
    }

    /**
     * An open or hidden operation that is not read-only and that nothing that returned since its call may reveal: a
     * judgement, which treats it as pending, may leave it out.
     */
    private boolean invisible(int op) {
        return status[op] == HIDDEN || status[op] == OPEN && !revealed[op] && !model.isReadOnly(inputs[op], Operation.UNKNOWN);
    }

    /**
     * Orders {@code op}, if it is crashed (pending in {@code f}), among the crashed operations open in {@code f}
     * with an equal input: it comes after the last one called before it, and those called after it come after it.
     * Sound because such operations are interchangeable: any linearization can be relabelled so that those of a
     * class that took effect are the first called, in call order (see docs/engines.md, "Online: crashed
     * operations of equal input").
     */
    private void chainPending(Frontier<S> f, int op) {
        if (status[op] != CRASHED || !f.isOpen(op)) {
            return;
        }
        Object input = inputs[op];
        int before = -1;
        for (int k = 0, count = f.openCount(); k < count; k++) {
            int other = f.openAt(k);
            if (other == op || status[other] != CRASHED || !input.equals(inputs[other])) {
                continue;
            }
            if (other < op) {
                before = Math.max(before, other);
            } else if (f.predecessorOf(other) < op) {
                f.order(other, op);
            }
        }
        if (before >= 0) {
            f.order(op, before);
        }
    }

    /** The hidden operation {@code op} becomes pending for the exact frontier (which never linearized it). */
    private void unhide(int op) {
        dropAhead(); // it took the operation's call as that of one that may return
        status[op] = CRASHED;
        exact.markPending(op); // if the exact frontier has not seen its call yet, the call comes as pending
        chainPending(exact, op);
    }

    private boolean doCrash(int client, long time) {
        open();
        events++;
        int op = take(client, "crashes", time);
        endSeq[op] = number();
        if (timing == 2) {
            addAux(AUX_END_TIME, op, time);
        }
        dropAhead();
        markCrashed(client);
        if (degraded != null) {
            status[op] = CRASHED; // the batch check at the end drops what it may
        } else if (model.isReadOnly(inputs[op], Operation.UNKNOWN)) {
            status[op] = DROPPED;
            exact.remove(op); // never linearized there: it was not resolved before
        } else if (!revealed[op] && !passedOpen[op] && evTail - evHead < MAX_HIDDEN_WAIT) {
            status[op] = HIDDEN;
            hidden.add(op);
        } else {
            status[op] = CRASHED;
            exact.markPending(op);
            chainPending(exact, op);
        }
        boolean settles = timing == 2 && time > maxTime; // a crash only allows more, but time moved on
        advanceClock(time);
        return after(settles);
    }

    private boolean doDiscard(int client, long time) {
        open();
        events++;
        int op = take(client, "fails", time);
        endSeq[op] = number();
        if (timing == 2) {
            addAux(AUX_END_TIME, op, time);
        }
        dropAhead();
        status[op] = DISCARDED;
        noteDiscarded(globalOf[op]);
        advanceClock(time);
        if (degraded != null) {
            return true; // nothing is judged before the end
        } else if (!passedOpen[op]) {
            exact.remove(op); // never linearized there
        } else if (violation == null && unknownReason == null && !exact.discard(op)) {
            failedWithout(); // the returns the exact frontier passed needed it
            return violation == null;
        }
        return after(true); // the judged returns may have needed it
    }

    private int take(int client, String verb, long time) {
        int op = openOf(client);
        if (op < 0) {
            throw new HistoryException("client " + client + " " + verb + " but has no open operation"
                    + " (a completion without its invocation)", -1);
        }
        if (time < maxTime && timing == 2) {
            throw new HistoryException("time goes backwards: " + time + " after " + maxTime, -1);
        }
        setOpen(client, -1);
        closed(op);
        return op;
    }

    /** The open operation of {@code client}, or -1. */
    private int openOf(int client) {
        if (client >= 0 && client < CLIENT_TABLE_MAX) {
            return client < openOfClient.length ? openOfClient[client] - 1 : -1;
        }
        Integer op = openOfOtherClient.get(client);
        return op == null ? -1 : op;
    }

    /** Makes {@code op} the open operation of {@code client}, or none if it is -1. */
    private void setOpen(int client, int op) {
        if (client >= 0 && client < CLIENT_TABLE_MAX) {
            if (client >= openOfClient.length) {
                openOfClient = Arrays.copyOf(openOfClient,
                        Math.min(CLIENT_TABLE_MAX, Math.max(client + 1, openOfClient.length * 2)));
            }
            openOfClient[client] = op + 1;
        } else if (op < 0) {
            openOfOtherClient.remove(client);
        } else {
            openOfOtherClient.put(client, op);
        }
    }

    private boolean crashed(int client) {
        if (client >= 0 && client < CLIENT_TABLE_MAX) {
            return client < crashedClient.length && crashedClient[client];
        }
        return crashedOtherClients.contains(client);
    }

    private void markCrashed(int client) {
        if (client >= 0 && client < CLIENT_TABLE_MAX) {
            if (client >= crashedClient.length) {
                crashedClient = Arrays.copyOf(crashedClient,
                        Math.min(CLIENT_TABLE_MAX, Math.max(client + 1, crashedClient.length * 2)));
            }
            crashedClient[client] = true;
        } else {
            crashedOtherClients.add(client);
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> metadataMap(int op) {
        Object m = metadataOf[op];
        return m != null ? (Map<String, Object>) m : lineNo[op] >= 0 ? Map.of("line", lineNo[op]) : Map.of();
    }

    private int lineOf(int op) {
        if (metadataOf[op] == null) {
            return lineNo[op];
        }
        Map<String, Object> metadata = metadataMap(op);
        return !metadata.isEmpty() && metadata.get("line") instanceof Number l ? l.intValue() : -1;
    }

    /**
     * Prepares an operation: sets {@link #preparedInput} and {@link #preparedOutput}, and returns the prepared
     * operation, or {@code null} where the model prepares by value (the caller keeps the fields in arrays). Such a
     * model's preparations of immutable values are reused from {@link #preparedCache}; others are asked every time.
     */
    private Operation prepare(int id, int client, Object input, Object output, long call, long ret,
                              Map<String, Object> metadata) {
        int set = -1;
        if (preparesByValue && input != null && immutable(input) && immutable(output)) {
            // (the unknown output's own hash is its identity's, which differs between runs)
            int h = input.hashCode() * 31 + (output == Operation.UNKNOWN ? 0x2f0a5 : Objects.hashCode(output));
            set = (h ^ (h >>> 16)) & (PREPARED_SETS - 1);
            Object[] c = preparedCache;
            for (int way = 0; way < 2; way++) {
                int slot = (set * 2 + way) * 4;
                Object in = c[slot];
                // (an empty entry holds a null input, which matches nothing: a null input is never cached)
                if ((in == input || input.equals(in)) && Objects.equals(c[slot + 1], output)) {
                    canonicalInput = in; // equal to input: one object kept for all the calls of it
                    preparedInput = c[slot + 2];
                    preparedOutput = c[slot + 3];
                    preparedRecent[set] = (byte) way;
                    return null;
                }
            }
        }
        canonicalInput = input;
        Operation op = new Operation(id, client, input, output, call, ret, metadata);
        Operation prepared;
        try {
            prepared = model.prepare(op);
        } catch (InvalidOperationException e) {
            throw e.operation() == null ? e.at(op) : e;
        }
        preparedInput = prepared.input();
        preparedOutput = prepared.output();
        if (!preparesByValue) {
            return prepared;
        }
        if (set >= 0) {
            int way = 1 - preparedRecent[set];
            preparedRecent[set] = (byte) way;
            int slot = (set * 2 + way) * 4;
            Object[] c = preparedCache;
            c[slot] = input;
            c[slot + 1] = output;
            c[slot + 2] = preparedInput;
            c[slot + 3] = preparedOutput;
        }
        return null;
    }

    /**
     * Whether {@code value} cannot change after it was recorded, so a preparation of it stays right: an
     * {@link Invocation} of such values, a string, a boxed number or boolean, {@code null}, the unknown output. A list
     * the caller may still change is prepared anew each time.
     */
    private static boolean immutable(Object value) {
        if (value == null || value == Operation.UNKNOWN) {
            return true;
        }
        if (value instanceof Invocation inv) { // (an input: the key and value are mostly null, or numbers)
            return immutable(inv.key()) && immutable(inv.value());
        }
        return value instanceof Long || value instanceof String || value instanceof Integer
                || value instanceof Boolean;
    }

    private void grow() {
        if (bounded && n >= forgetAt) {
            // each drop frees at least half of what is held, and a failed try waits for twice as many: amortised,
            // constant work per operation
            forgetAt = aheadLive ? n + 1 : forget() ? Math.max(forgetAfter, 2 * n) : 2 * n;
        }
        if (n == ops.length) {
            int c = n * 2;
            ops = Arrays.copyOf(ops, c);
            clientOf = Arrays.copyOf(clientOf, c);
            callTime = Arrays.copyOf(callTime, c);
            retTime = Arrays.copyOf(retTime, c);
            metadataOf = Arrays.copyOf(metadataOf, c);
            lineNo = Arrays.copyOf(lineNo, c);
            rawInputs = Arrays.copyOf(rawInputs, c);
            rawOutputs = Arrays.copyOf(rawOutputs, c);
            inputs = Arrays.copyOf(inputs, c);
            outputs = Arrays.copyOf(outputs, c);
            status = Arrays.copyOf(status, c);
            revealed = Arrays.copyOf(revealed, c);
            ignoresOutput = Arrays.copyOf(ignoresOutput, c);
            passedOpen = Arrays.copyOf(passedOpen, c);
            leftOut = Arrays.copyOf(leftOut, c);
            callSeq = Arrays.copyOf(callSeq, c);
            endSeq = Arrays.copyOf(endSeq, c);
            globalOf = Arrays.copyOf(globalOf, c);
            exact.operations(inputs, outputs);
            ahead.operations(inputs, outputs); // (the speculative frontier takes them from its copy)
        }
    }

    /**
     * Drops the records of the operations nothing refers to any more ({@link #boundMemory()}), if that frees at
     * least half of the arrays; returns whether it did. Referred to, and kept: the operations open, hidden, or
     * with an event the exact frontier has not processed; those open in the exact frontier (pending ones
     * included); those in its trail, once the start every configuration shares is cut to its last
     * {@link #keepSteps} steps; those that returned at the last return time (a call at that time may still come
     * after them); and the last {@link #keepRecent} called. The others are summed up by the configurations' states
     * (the exact frontier never looks at an operation it passed again), so the verdicts do not change. The kept
     * ones move to the front in call order and are renumbered, everywhere they are referred to.
     */
    private boolean forget() {
        if (violation != null || finished != null || unknownReason != null || aheadLive) {
            return false;
        }
        int cutoff = n - keepRecent;
        if (cutoff < n / 2) {
            return false;
        }
        boolean[] keep = new boolean[cutoff];
        if (degraded == null) {
            exact.cutTrail(keepSteps, op -> status[op] != OPEN && status[op] != HIDDEN);
            exact.trailOperations(op -> mark(keep, op));
            for (int k = 0; k < exact.openCount(); k++) {
                mark(keep, exact.openAt(k));
            }
            for (int i = evHead; i < evTail; i++) {
                mark(keep, evOp[i]);
            }
            for (int op : hidden) {
                mark(keep, op);
            }
        }
        for (int i = 0; i < openCount; i++) {
            mark(keep, openOps[i]);
        }
        for (int i = 0; i < lastReturnCount; i++) {
            mark(keep, lastReturns[i]);
        }
        int pinned = 0;
        int[] map = new int[cutoff];
        for (int op = 0; op < cutoff; op++) {
            map[op] = keep[op] ? pinned++ : -1;
        }
        int kept = pinned;
        if (cutoff - kept < n / 2) {
            return false; // too much is still referred to: the arrays grow instead
        }
        for (int op = 0; op < n; op++) {
            int to = op < cutoff ? map[op] : op - cutoff + kept;
            if (to >= 0 && to != op) {
                move(op, to);
            }
        }
        int held = n - cutoff + kept;
        Arrays.fill(ops, held, n, null); // (let the dropped values go)
        Arrays.fill(metadataOf, held, n, null);
        Arrays.fill(rawInputs, held, n, null);
        Arrays.fill(rawOutputs, held, n, null);
        Arrays.fill(inputs, held, n, null);
        Arrays.fill(outputs, held, n, null);
        forgotten += cutoff - kept;
        n = held;
        for (int i = 0; i < openCount; i++) {
            openOps[i] = renumbered(openOps[i], map, kept);
        }
        for (int c = 0; c < openOfClient.length; c++) {
            if (openOfClient[c] > 0) {
                openOfClient[c] = renumbered(openOfClient[c] - 1, map, kept) + 1;
            }
        }
        openOfOtherClient.replaceAll((client, op) -> renumbered(op, map, kept));
        for (int i = 0; i < lastReturnCount; i++) {
            lastReturns[i] = renumbered(lastReturns[i], map, kept);
        }
        if (!hidden.isEmpty()) {
            List<Integer> h = new ArrayList<>(hidden);
            hidden.clear();
            for (int op : h) {
                hidden.add(renumbered(op, map, kept));
            }
        }
        for (int i = evHead; i < evTail; i++) {
            evOp[i] = renumbered(evOp[i], map, kept);
        }
        if (degraded == null) {
            exact.renumber(map, kept);
        }
        auxSize = 0; // (snapshots are refused from now on)
        return true;
    }

    private static void mark(boolean[] keep, int op) {
        if (op >= 0 && op < keep.length) {
            keep[op] = true;
        }
    }

    private static int renumbered(int op, int[] map, int kept) {
        return op < map.length ? map[op] : op - map.length + kept;
    }

    /** Moves the record of operation {@code from} to {@code to}. */
    private void move(int from, int to) {
        ops[to] = ops[from];
        clientOf[to] = clientOf[from];
        callTime[to] = callTime[from];
        retTime[to] = retTime[from];
        metadataOf[to] = metadataOf[from];
        lineNo[to] = lineNo[from];
        rawInputs[to] = rawInputs[from];
        rawOutputs[to] = rawOutputs[from];
        inputs[to] = inputs[from];
        outputs[to] = outputs[from];
        status[to] = status[from];
        revealed[to] = revealed[from];
        ignoresOutput[to] = ignoresOutput[from];
        passedOpen[to] = passedOpen[from];
        leftOut[to] = leftOut[from];
        callSeq[to] = callSeq[from];
        endSeq[to] = endSeq[from];
        globalOf[to] = globalOf[from];
    }

    /** Appends an event; with explicit times a call goes before the returns at its own time (closed intervals). */
    private void addEvent(int op, boolean isReturn, long time) {
        if (evTail == evOp.length) {
            if (evHead > 0) {
                System.arraycopy(evOp, evHead, evOp, 0, evTail - evHead);
                System.arraycopy(evReturn, evHead, evReturn, 0, evTail - evHead);
                System.arraycopy(evTime, evHead, evTime, 0, evTail - evHead);
                evTail -= evHead;
                aheadHead -= evHead;
                evHead = 0;
            }
            if (evTail == evOp.length) {
                int c = evOp.length * 2;
                evOp = Arrays.copyOf(evOp, c);
                evReturn = Arrays.copyOf(evReturn, c);
                evTime = Arrays.copyOf(evTime, c);
            }
        }
        int at = evTail;
        if (!isReturn && timing == 2) {
            while (at > evHead && evReturn[at - 1] && evTime[at - 1] == time) {
                evOp[at] = evOp[at - 1];
                evReturn[at] = true;
                evTime[at] = evTime[at - 1];
                at--;
            }
        }
        evOp[at] = op;
        evReturn[at] = isReturn;
        evTime[at] = time;
        evTail++;
    }

    // ---- checking -----------------------------------------------------------------------------------------------

    /** After an event: advance the exact frontier, then judge the remaining returns speculatively if needed. */
    private boolean after(boolean judge) {
        if (violation != null || unknownReason != null || degraded != null) {
            return violation == null;
        }
        credit = Math.min(workBurst, credit + workPerEvent);
        workMark = work();
        judging = true; // (then stopRequest is read: a stop() at any moment either sees judging or is seen here)
        String stop = stopRequest;
        if (stop != null) {
            budget.stop(stop);
        }
        try {
            return judge(judge);
        } finally {
            judging = false;
            credit -= work() - workMark;
        }
    }

    /** The work all frontiers did so far. */
    private long work() {
        return exact.work() + speculative.work() + ahead.work();
    }

    /** Lets {@code f} do at most what is left of the current event's credit. */
    private void arm(Frontier<S> f) {
        f.limitWork(f.work() + Math.max(0, credit - (work() - workMark)));
    }

    private boolean judge(boolean judge) {
        if (!hidden.isEmpty() && evTail - evHead >= MAX_HIDDEN_WAIT) {
            dropAhead();
            for (int op : hidden) {
                unhide(op); // the exact frontier may not wait for ever: pending is always sound
            }
            hidden.clear();
        }
        int head = evHead;
        advanceExact(false);
        if (evHead != head) {
            dropAhead(); // the exact frontier moved on and may append to the trail arena
        }
        if (!judge || violation != null || unknownReason != null) {
            return violation == null;
        }
        if (!aheadLive && evTail - evHead > AHEAD_AFTER) {
            ahead.copyFrom(exact);
            arm(ahead);
            aheadHead = evHead;
            aheadLive = true;
        }
        Frontier<S> base = exact;
        int baseHead = evHead;
        if (aheadLive) {
            advanceAhead();
            if (violation != null || unknownReason != null) {
                return violation == null;
            }
            base = ahead;
            baseHead = aheadHead;
        }
        if (pendingSettledReturn(baseHead) && dueForSpeculation(evTail - baseHead)) {
            speculate(base, baseHead);
        }
        return violation == null;
    }

    /** Ends the {@link #ahead} frontier's run, if any. */
    private void dropAhead() {
        if (aheadLive) {
            aheadLive = false;
            ahead.release();
            for (int i = 0; i < leftOutCount; i++) {
                leftOut[leftOutOps[i]] = false;
            }
            leftOutCount = 0;
        }
    }

    /**
     * Takes the {@link #ahead} frontier through the waiting events as far as it can go: as the exact frontier, but
     * leaving out the reads still open that hold it up while more than {@link #AHEAD_AFTER} events wait for it.
     */
    private void advanceAhead() {
        Frontier<S> f = ahead;
        arm(f);
        try {
            while (aheadHead < evTail) {
                int op = evOp[aheadHead];
                if (skipped(op)) {
                    aheadHead++;
                    continue;
                }
                if (!evReturn[aheadHead]) {
                    f.call(op, status[op] == CRASHED, -1);
                    chainPending(f, op);
                    aheadHead++;
                    continue;
                }
                if (!settled(aheadHead)) {
                    return;
                }
                boolean leaveOut = evTail - aheadHead > AHEAD_AFTER;
                for (int k = f.openCount() - 1; k >= 0; k--) {
                    int other = f.openAt(k);
                    if (other == op || !(status[other] == OPEN && !ignoresOutput[other] || status[other] == HIDDEN)) {
                        continue;
                    }
                    if (!leaveOut || status[other] != OPEN || !model.isReadOnly(inputs[other])) {
                        return; // unresolved, and not a read that may be left out
                    }
                    f.remove(other); // never linearized here: this frontier waited for it until now
                    leftOut[other] = true;
                    if (leftOutCount == leftOutOps.length) {
                        leftOutOps = Arrays.copyOf(leftOutOps, leftOutCount * 2);
                    }
                    leftOutOps[leftOutCount++] = other;
                }
                for (int k = 0; k < f.openCount(); k++) {
                    int other = f.openAt(k);
                    if (status[other] == OPEN) {
                        passedOpen[other] = true;
                    }
                }
                int r = f.ret(op);
                aheadHead++;
                if (r == Frontier.VIOLATED) {
                    violation = violationResult(f);
                    dropAhead();
                    exact.release();
                    return;
                }
                if (r == Frontier.STOPPED) {
                    dropAhead();
                    stopped();
                    return;
                }
            }
        } catch (MemoryLimit e) {
            dropAhead();
            stopped();
        }
    }

    /**
     * Whether to judge the waiting returns now. Each judgement replays every event the exact frontier has not
     * processed, so while one operation stays open across many events (a client preempted or slow in the middle of
     * a call) judging at every event would cost time quadratic in their number. Beyond {@link #SPECULATION_WINDOW}
     * waiting events, the returns are judged once per sixteenth of the waiting events: the work stays linear, and a
     * violation is reported at most that many events late (each judgement is the same as at every event, so
     * nothing is reported that would not have been).
     */
    private boolean dueForSpeculation(int waiting) {
        judgementsDeferred++;
        if (waiting <= SPECULATION_WINDOW || judgementsDeferred * 16L >= waiting) {
            judgementsDeferred = 0;
            return true;
        }
        return false;
    }

    /** A return is settled when no call can still come at its time. */
    private boolean settled(int event) {
        return timing != 2 || evTime[event] < maxTime;
    }

    private boolean pendingSettledReturn(int from) {
        for (int i = from; i < evTail; i++) {
            if (evReturn[i] && settled(i)) {
                return true;
            }
        }
        return false;
    }

    private boolean skipped(int op) {
        return status[op] == DISCARDED || status[op] == DROPPED;
    }

    private void advanceExact(boolean finishing) {
        try {
            arm(exact);
            advanceExactOrThrow(finishing);
        } catch (MemoryLimit e) {
            stopped();
        }
    }

    private void advanceExactOrThrow(boolean finishing) {
        while (evHead < evTail) {
            int op = evOp[evHead];
            if (skipped(op)) {
                evHead++;
                continue;
            }
            if (!evReturn[evHead]) {
                exact.call(op, status[op] == CRASHED, -1);
                chainPending(exact, op);
                evHead++;
                continue;
            }
            if (!finishing && !settled(evHead) || !resolved(op)) {
                return;
            }
            for (int k = 0; k < exact.openCount(); k++) {
                int other = exact.openAt(k);
                if (status[other] == OPEN) {
                    passedOpen[other] = true; // its output cannot matter: see resolved
                }
            }
            int r = exact.ret(op);
            evHead++;
            if (r == Frontier.VIOLATED) {
                violation = violationResult(exact);
                exact.release();
                return;
            }
            if (r == Frontier.STOPPED) {
                stopped();
                return;
            }
        }
    }

    /**
     * Whether every operation open in the exact frontier other than {@code x} returned or crashed, or does the same
     * whatever it returns ({@link Model#ignoresOutput}): the exact frontier may linearize that one before its
     * return, since its output cannot change the step, and whatever comes of it later (a return, a crash: pending,
     * a failure: {@link Frontier#discard}) leaves the configurations exact.
     */
    private boolean resolved(int x) {
        for (int k = 0; k < exact.openCount(); k++) {
            int op = exact.openAt(k);
            if (op != x && (status[op] == OPEN && !ignoresOutput[op] || status[op] == HIDDEN)) {
                return false;
            }
        }
        return true;
    }

    private void speculate(Frontier<S> base, int baseHead) {
        Frontier<S> f = speculative;
        try {
            f.copyFrom(base);
            arm(f);
            // Treated as pending here, an open operation that nothing returned so far may reveal is left out, as a
            // batch check of the history so far leaves it out, unless a frontier passed a return while it was open
            // (it ignores its output) and so may have linearized it: then it stays, which by the promise of
            // Model.mayReveal gives the same judgement.
            for (int k = f.openCount() - 1; k >= 0; k--) {
                int op = f.openAt(k);
                if (invisible(op) && !passedOpen[op]) {
                    f.remove(op);
                }
            }
            for (int i = baseHead; i < evTail; i++) {
                int op = evOp[i];
                if (skipped(op) || invisible(op) && !passedOpen[op]) {
                    continue;
                }
                if (!evReturn[i]) {
                    f.call(op, status[op] == CRASHED, -1);
                    chainPending(f, op);
                } else if (settled(i)) {
                    int r = f.ret(op);
                    if (r == Frontier.VIOLATED) {
                        violation = violationResult(f);
                        exact.release();
                        return;
                    }
                    if (r == Frontier.STOPPED) {
                        stopped();
                        return;
                    }
                }
            }
        } catch (MemoryLimit e) {
            stopped();
        } finally {
            f.release();
        }
    }

    /**
     * A failure took away an operation that every configuration of the exact frontier had linearized while it was
     * open: the history without it is not linearizable. The exact frontier cannot say where it failed (it passed
     * that return already), so the history so far is checked once by the batch frontier for the evidence.
     */
    private void failedWithout() {
        exact.release();
        if (forgotten > 0 || exact.baseSteps() > 0) {
            degrade("a failed operation that every configuration had linearized leaves a history that only a "
                    + "batch check can judge");
            return;
        }
        List<Operation> history = new ArrayList<>();
        for (Operation op : numbered()) {
            if (op != null) {
                history.add(op);
            }
        }
        PartitionResult p = new FrontierSearch<>(model, history, history.size(), budget).run(0, "all");
        if (p.verdict() == Verdict.NOT_LINEARIZABLE) {
            violation = result(Verdict.NOT_LINEARIZABLE, null, p);
        } else if (p.verdict() == Verdict.UNKNOWN) {
            degrade(p.reason());
        } else {
            unknownReason = "internal: the online and batch frontiers disagree after a failed operation";
        }
    }

    /** A frontier stopped (out of work, of memory, or {@link #stop}ped): the checker degrades. */
    private void stopped() {
        boolean outOfWork = exact.outOfWork() || speculative.outOfWork() || ahead.outOfWork();
        String stop = stopRequest;
        degradedByStop = !outOfWork && stop != null;
        degrade(outOfWork ? String.format(java.util.Locale.ROOT, "judging it needed more than the online work "
                + "budget allows (%,d model steps at once, %,d more per event)", workBurst, workPerEvent)
                : stop != null ? stop : budget.reason() == null ? "stopped" : budget.reason());
    }

    /**
     * Ends the online judgement: from now on events are only recorded, and {@link #finish()} checks the whole
     * history as a batch check does. The frontiers give their memory back.
     */
    private void degrade(String why) {
        degraded = "online checking degraded at event " + events + ": " + why;
        degradedAt = events;
        dropAhead();
        exact.release();
        speculative.release();
        evHead = 0;
        evTail = 0;
        aheadHead = 0;
        hidden.clear();
    }

    // ---- results ------------------------------------------------------------------------------------------------

    /** The id of the held operation {@code op}: its number in call order among the operations not discarded. */
    private int idOf(int op) {
        int g = globalOf[op];
        if (discarded == 0) {
            return g;
        }
        int lo = 0;
        int hi = discarded; // the discarded operations called before g
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (discardedGlobals[mid] < g) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return g - lo;
    }

    /** Counts the discarded operation numbered {@code global} in call order (kept ascending: 4 bytes each). */
    private void noteDiscarded(int global) {
        if (discarded == discardedGlobals.length) {
            discardedGlobals = Arrays.copyOf(discardedGlobals, discarded * 2);
        }
        int i = discarded++;
        while (i > 0 && discardedGlobals[i - 1] > global) { // (failures mostly come in call order)
            discardedGlobals[i] = discardedGlobals[i - 1];
            i--;
        }
        discardedGlobals[i] = global;
    }

    /** The operations so far, numbered as a history numbers them (discarded ones are {@code null}). */
    private Operation[] numbered() {
        Operation[] out = new Operation[n];
        for (int op = 0; op < n; op++) {
            if (status[op] == DISCARDED) {
                continue;
            }
            int id = idOf(op);
            Operation o = ops[op];
            out[op] = o == null ? new Operation(id, clientOf[op], inputs[op], outputs[op], callTime[op], retTime[op],
                    metadataMap(op)) : o.id() == id ? o : o.withId(id);
        }
        return out;
    }

    /**
     * The witness, an operation made when asked for from the arrays kept anyway: a list of a million operations
     * made at once would take more memory than the whole check (about 200 bytes each).
     */
    private final class Witness extends java.util.AbstractList<Operation> implements java.util.RandomAccess {
        private final int[] order;
        /** The id of each operation number, where operations were discarded (else the number is the id). */
        private final int[] ids;

        Witness(int[] order) {
            this.order = order;
            if (discarded == 0 && forgotten == 0) {
                ids = null;
            } else {
                ids = new int[n];
                for (int op = 0; op < n; op++) {
                    ids[op] = status[op] == DISCARDED ? -1 : idOf(op);
                }
            }
        }

        @Override
        public Operation get(int i) {
            int op = order[i];
            int id = ids == null ? op : ids[op];
            synchronized (OnlineChecker.this) {
                Operation o = ops[op];
                return o == null ? new Operation(id, clientOf[op], inputs[op], outputs[op], callTime[op], retTime[op],
                        metadataMap(op)) : o.id() == id ? o : o.withId(id);
            }
        }

        @Override
        public int size() {
            return order.length;
        }
    }

    private Result violationResult(Frontier<S> f) {
        Violation v = FrontierSearch.evidence(model, f, numbered());
        return result(Verdict.NOT_LINEARIZABLE, null, new PartitionResult(0, "all", count(),
                Verdict.NOT_LINEARIZABLE, List.of(), v, null, FrontierSearch.NAME, statistics()));
    }

    private Statistics statistics() {
        return new Statistics(exact.steps() + speculative.steps(), exact.hits() + speculative.hits(),
                Math.max(exact.peak(), speculative.peak()), System.nanoTime() - start);
    }

    private Result result(Verdict verdict, String reason, PartitionResult p) {
        return new Result(verdict, reason, model.name(), p.operations(), List.of(p), p.statistics());
    }
}
