package dev.ariadne.core.models;

import dev.ariadne.core.history.Values;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the distinct history values a model meets, so that its states can be compact {@code int} arrays that
 * hash and compare fast. Values are interned once, in {@code prepare}; {@code step} only sees ids. Id
 * {@link #NIL} is always nil. Thread-safe; one per model instance.
 */
final class Interner {
    /** The id of nil. */
    static final int NIL = 0;

    private final Map<Object, Integer> ids = new HashMap<>();
    private final List<Object> values = new ArrayList<>();

    Interner() {
        id(null);
    }

    /** The id of {@code value}, which must be normalised already (see {@link Args#value}). */
    synchronized int id(Object value) {
        Integer id = ids.get(value);
        if (id == null) {
            id = values.size();
            ids.put(value, id);
            values.add(value);
        }
        return id;
    }

    /** The value with this id. */
    synchronized Object value(int id) {
        return values.get(id);
    }

    /** The value with this id, escaped for reports. */
    String show(int id) {
        return Values.show(value(id));
    }
}
