package dev.ariadne.core.models;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** KvModel's prepared operations are equal exactly when their kind, key and value are (their hashes then agree). */
class KvOpTest {
    @Test
    void equalOperationsAreEqualAndHashAlike() {
        KvModel.Op a = new KvModel.Op(KvModel.Op.APPEND, 3, KvText.of("x 1 y"));
        KvModel.Op same = new KvModel.Op(KvModel.Op.APPEND, 3, KvText.of("x 1 ").append(KvText.of("y")));
        assertEquals(a, same);
        assertEquals(a.hashCode(), same.hashCode());
        assertNotEquals(a, new KvModel.Op(KvModel.Op.PUT, 3, KvText.of("x 1 y")));
        assertNotEquals(a, new KvModel.Op(KvModel.Op.APPEND, 4, KvText.of("x 1 y")));
        assertNotEquals(a, new KvModel.Op(KvModel.Op.APPEND, 3, KvText.of("x 1 z")));
        KvModel.Op get = new KvModel.Op(KvModel.Op.GET, 3, null);
        assertEquals(get, new KvModel.Op(KvModel.Op.GET, 3, null));
        assertNotEquals(get, a);
        assertNotEquals(a, "append");
        assertEquals(3, Set.of(a, get, new KvModel.Op(KvModel.Op.PUT, 3, KvText.of("x 1 y"))).size());
    }
}
