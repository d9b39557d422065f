package dev.ariadne.spark;

import java.io.Serializable;

/**
 * One row of the per-key result table: the key (a partition label such as {@code key "x"}, {@code all}, or a file's
 * path when every file is a history of its own), its verdict ({@code LINEARIZABLE}, {@code NOT_LINEARIZABLE},
 * {@code UNKNOWN}), why when unknown, its size, the engine that decided, the stage that checked it, the time it
 * took and its memory (the budget; for a hot key also the heap it used); for a key that is not
 * linearizable or unknown also the report of {@code ariadne check} for that key as text and as JSON, and the
 * {@code file:line} places of the minimal failing core's operations. A Java bean, so that Spark's bean encoder maps
 * it to columns.
 */
public final class KeyResult implements Serializable {
    private static final long serialVersionUID = 1L;

    private String key;
    private String verdict;
    private String reason;
    private long operations;
    private String engine;
    private double millis;
    private String note;
    private String files;
    private String coreLines;
    private String text;
    private String json;
    private String stage;
    private long memoryBudget;
    private Long heapPeak;

    public KeyResult() {
    }

    /** The key: a partition label, {@code all}, or a file's path. */
    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = key;
    }

    /** {@code LINEARIZABLE}, {@code NOT_LINEARIZABLE} or {@code UNKNOWN}. */
    public String getVerdict() {
        return verdict;
    }

    public void setVerdict(String verdict) {
        this.verdict = verdict;
    }

    /** For {@code UNKNOWN}: why (a budget, the key's size); else {@code null}. */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /** The operations of the key. */
    public long getOperations() {
        return operations;
    }

    public void setOperations(long operations) {
        this.operations = operations;
    }

    /** The engine that decided, or {@code null} when none ran. */
    public String getEngine() {
        return engine;
    }

    public void setEngine(String engine) {
        this.engine = engine;
    }

    /** The wall time of the key's check (building its history included), in milliseconds. */
    public double getMillis() {
        return millis;
    }

    public void setMillis(double millis) {
        this.millis = millis;
    }

    /** What the core said about how the key was checked (an engine that did not apply), or {@code null}. */
    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    /** The input files that hold the key's operations, comma-separated. */
    public String getFiles() {
        return files;
    }

    public void setFiles(String files) {
        this.files = files;
    }

    /** For a violation: the minimal failing core's operations as {@code file:line}, comma-separated; else null. */
    public String getCoreLines() {
        return coreLines;
    }

    public void setCoreLines(String coreLines) {
        this.coreLines = coreLines;
    }

    /** For a key not linearizable or unknown: the text report {@code ariadne check} prints; else {@code null}. */
    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    /** For a key not linearizable or unknown: the JSON report ({@code docs/json-report.md}); else {@code null}. */
    public String getJson() {
        return json;
    }

    public void setJson(String json) {
        this.json = json;
    }

    /**
     * The stage that checked the key: {@code key} (with the other keys, several tasks per executor), {@code hot}
     * (a hot key, alone in its executor) or {@code file} (with {@code --per-file}).
     */
    public String getStage() {
        return stage;
    }

    public void setStage(String stage) {
        this.stage = stage;
    }

    /** The memory budget, in bytes, the key's search had (past it: {@code UNKNOWN}); 0 when it was not checked. */
    public long getMemoryBudget() {
        return memoryBudget;
    }

    public void setMemoryBudget(long memoryBudget) {
        this.memoryBudget = memoryBudget;
    }

    /**
     * For a hot key: the executor's peak heap use, in bytes, while the key was checked (the sum of the heap pools'
     * peaks, an upper bound; the key had the executor to itself); {@code null} for other keys, which share their
     * executor's heap with other tasks.
     */
    public Long getHeapPeak() {
        return heapPeak;
    }

    public void setHeapPeak(Long heapPeak) {
        this.heapPeak = heapPeak;
    }

    @Override
    public String toString() {
        return key + ": " + verdict + (reason == null ? "" : " (" + reason + ")") + ", " + operations
                + " operations";
    }
}
