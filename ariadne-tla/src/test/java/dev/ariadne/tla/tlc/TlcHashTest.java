package dev.ariadne.tla.tlc;

import org.junit.jupiter.api.Test;
import tlc2.value.impl.FcnRcdValue;
import tlc2.value.impl.IntValue;
import tlc2.value.impl.IntervalValue;
import tlc2.value.impl.StringValue;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A successor's variable hashed from its parent's value and hash is the value's own hash, whatever changed. */
class TlcHashTest {

    private static Value[] keys(int n) {
        Value[] keys = new Value[n];
        for (int i = 0; i < n; i++) {
            keys[i] = new StringValue("k" + i);
        }
        return keys;
    }

    private static Value randomValue(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> IntValue.gen(random.nextInt(5));
            case 1 -> new StringValue("v" + random.nextInt(5));
            default -> new TupleValue(new Value[] {IntValue.gen(random.nextInt(3)), new StringValue("x")});
        };
    }

    private static Value[] changed(Value[] values, Random random) {
        Value[] out = values.clone();
        int changes = random.nextInt(4);
        for (int c = 0; c < changes; c++) {
            out[random.nextInt(out.length)] = randomValue(random);
        }
        return out;
    }

    @Test
    void aFunctionHashedFromItsParentHasItsOwnHash() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            int n = 1 + random.nextInt(12);
            Value[] domain = keys(n);
            Value[] values = new Value[n];
            for (int k = 0; k < n; k++) {
                values[k] = randomValue(random);
            }
            FcnRcdValue parent = (FcnRcdValue) new FcnRcdValue(domain, values, false).normalize();
            long ph = TlcEvaluator.hash(parent);
            // as EXCEPT makes it: the same domain array, some values replaced
            FcnRcdValue except = new FcnRcdValue(parent.domain, changed(parent.values, random), true);
            assertEquals(TlcEvaluator.hash(except), TlcEvaluator.hashFrom(except, parent, ph));
            // as @@ and normalization make it: equal keys, other objects
            Value[] copies = new Value[n];
            for (int k = 0; k < n; k++) {
                copies[k] = new StringValue(((StringValue) parent.domain[k]).val);
            }
            FcnRcdValue combined = (FcnRcdValue) new FcnRcdValue(copies, changed(parent.values, random), false).normalize();
            assertEquals(TlcEvaluator.hash(combined), TlcEvaluator.hashFrom(combined, parent, ph));
            // another domain of the same size: hashed whole
            Value[] other = parent.domain.clone();
            other[random.nextInt(n)] = new StringValue("other");
            FcnRcdValue moved = (FcnRcdValue) new FcnRcdValue(other, parent.values.clone(), false).normalize();
            assertEquals(TlcEvaluator.hash(moved), TlcEvaluator.hashFrom(moved, parent, ph));
        }
    }

    @Test
    void sequencesAndIntervalFunctionsHashedFromTheirParentsHaveTheirOwnHashes() {
        Random random = new Random(11);
        for (int round = 0; round < 300; round++) {
            int n = 1 + random.nextInt(10);
            Value[] elems = new Value[n];
            for (int k = 0; k < n; k++) {
                elems[k] = randomValue(random);
            }
            TupleValue parent = new TupleValue(elems);
            long ph = TlcEvaluator.hash(parent);
            TupleValue next = new TupleValue(changed(elems, random));
            assertEquals(TlcEvaluator.hash(next), TlcEvaluator.hashFrom(next, parent, ph));
            FcnRcdValue asFunction = new FcnRcdValue(new IntervalValue(1, n), next.elems);
            assertEquals(TlcEvaluator.hash(next), TlcEvaluator.hash(asFunction), "a sequence is a function on 1..n");
            FcnRcdValue parentFunction = new FcnRcdValue(new IntervalValue(1, n), elems);
            assertEquals(TlcEvaluator.hash(asFunction), TlcEvaluator.hashFrom(asFunction, parentFunction, ph));
        }
    }

    @Test
    void aChangedEntryChangesTheHash() {
        Value[] domain = {new StringValue("a"), new StringValue("b")};
        FcnRcdValue parent = (FcnRcdValue) new FcnRcdValue(domain, new Value[] {IntValue.gen(1), IntValue.gen(2)}, false).normalize();
        FcnRcdValue next = new FcnRcdValue(parent.domain, new Value[] {parent.values[0], IntValue.gen(3)}, true);
        assertNotEquals(TlcEvaluator.hash(parent), TlcEvaluator.hashFrom(next, parent, TlcEvaluator.hash(parent)));
    }
}
