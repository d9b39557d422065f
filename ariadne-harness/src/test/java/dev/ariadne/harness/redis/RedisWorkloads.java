package dev.ariadne.harness.redis;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.IndependentModel;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.harness.Generator;
import dev.ariadne.harness.Workload;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * The Redis kv workload: reads, writes and compare-and-sets of integer registers under a few keys, checked with
 * the {@code cas-register} model per key (Jepsen's independent form, {@code ariadne check --model cas-register
 * --independent}): every invocation's value is a pair {@code [key argument]} and every output a pair
 * {@code [key result]}, so each key is its own partition.
 */
final class RedisWorkloads {
    /** Few keys and few values, so that operations often meet on a key and compare-and-sets often succeed. */
    static final List<String> KEYS = List.of("a", "b", "c");
    private static final long MAX_VALUE = 5;

    private RedisWorkloads() {
    }

    /** A cas-register per key. */
    static Model<?> model() {
        return IndependentModel.of(RegisterModel.casRegister());
    }

    /** The workload on {@code registers}, each key as it is. */
    static Workload<Registers> workload(Registers registers) {
        return workload(registers, UnaryOperator.identity(), () -> false);
    }

    /**
     * The workload on {@code registers}: {@code keys} maps each of {@link #KEYS} to the key used (on the calling
     * client's thread, just before the call), and while {@code readsOnly} holds, only reads are drawn.
     */
    static Workload<Registers> workload(Registers registers, UnaryOperator<String> keys, BooleanSupplier readsOnly) {
        Generator<String> names = Generator.oneOf(KEYS.toArray(String[]::new));
        Generator<Long> values = Generator.longs(1, MAX_VALUE);
        // One operation whose generator draws read (half), write or cas (a quarter each), so that readsOnly can
        // turn the draws into reads without changing the workload.
        Generator<Invocation> invocations = r -> {
            String key = keys.apply(names.next(r));
            int pick = r.nextInt(4);
            if (pick < 2 || readsOnly.getAsBoolean()) {
                return new Invocation("read", null, Arrays.asList(key, null));
            }
            return pick == 2 ? new Invocation("write", null, List.of(key, values.next(r)))
                    : new Invocation("cas", null, List.of(key, List.of(values.next(r), values.next(r))));
        };
        return Workload.<Registers>of(() -> registers)
                .operation(new Workload.Action<>("read/write/cas", 1, invocations, RedisWorkloads::call));
    }

    /** Runs {@code inv} on {@code s}; the output is {@code [key result]}. */
    private static Object call(Registers s, Invocation inv) {
        List<?> value = (List<?>) inv.value();
        String key = (String) value.get(0);
        switch (inv.f()) {
            case "read" -> {
                return Arrays.asList(key, s.read(key));
            }
            case "write" -> {
                long v = (Long) value.get(1);
                s.write(key, v);
                return List.of(key, v);
            }
            default -> {
                List<?> pair = (List<?>) value.get(1);
                return List.of(key, s.cas(key, (Long) pair.get(0), (Long) pair.get(1)));
            }
        }
    }
}
