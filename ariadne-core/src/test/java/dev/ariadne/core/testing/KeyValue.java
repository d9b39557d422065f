package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** A key-value map of strings: {@code get}, {@code put} and {@code append} on a few keys, values a, b and c. */
final class KeyValue implements SequentialObject {
    private static final List<String> KEYS = List.of("x", "y", "z");
    private static final List<String> VALUES = List.of("a", "b", "c");

    private final int keys;
    private final boolean small;
    private final List<String> wrongReads;
    private final Map<String, String> map = new HashMap<>();

    private KeyValue(int keys, boolean small, List<String> wrongReads) {
        this.keys = keys;
        this.small = small;
        this.wrongReads = wrongReads;
    }

    /** For small histories: {@code keys} keys (2 or 3); a get of x that finds nothing returns nil, of others "". */
    static KeyValue small(int keys) {
        return new KeyValue(keys, true, List.of("", "a", "b", "c", "ab", "ba", "aa"));
    }

    /** For medium histories: keys x and y; a get that finds nothing returns "". */
    static KeyValue medium() {
        return new KeyValue(2, false, List.of("", "a", "b", "ab", "ba", "c"));
    }

    @Override
    public Invocation randomInput(SplittableRandom r) {
        String key = KEYS.get(r.nextInt(keys));
        // The two shapes draw the value at different moments; their seeds must keep giving the same histories.
        String drawnFirst = small ? null : randomValue(r);
        int kind = r.nextInt(3);
        if (kind == 0) {
            return new Invocation("get", key, null);
        }
        return new Invocation(kind == 1 ? "put" : "append", key, small ? randomValue(r) : drawnFirst);
    }

    private static String randomValue(SplittableRandom r) {
        return VALUES.get(r.nextInt(VALUES.size()));
    }

    @Override
    public Object apply(Invocation input) {
        String key = (String) input.key();
        String old = map.getOrDefault(key, "");
        switch (input.f()) {
            case "get":
                return small && old.isEmpty() && key.equals("x") ? null : old; // nil and "" both mean empty
            case "put":
                map.put(key, (String) input.value());
                return null;
            default:
                map.put(key, old + input.value());
                return null;
        }
    }

    @Override
    public boolean observes(Invocation input) {
        return input.f().equals("get");
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        return wrongReads.get(r.nextInt(wrongReads.size()));
    }
}
