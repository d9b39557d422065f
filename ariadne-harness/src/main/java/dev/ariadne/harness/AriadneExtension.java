package dev.ariadne.harness;

import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The JUnit 5 extension behind {@link LinearizabilityTest}: it builds the {@link Workload} from the test class's
 * {@link SystemUnderTest} and {@link Op} methods, runs it with a {@link WorkloadRunner}, writes the history to
 * {@code target/ariadne/CLASS.METHOD.jsonl} as it runs and, when the check fails, the HTML report beside it, and
 * fails the test with the seed, the explanation and the minimal core and the report's path, in a few lines, with the
 * text report led by the explanation as the error's cause (a {@link RunReport}), so that it is printed once. A parameter of type {@link RunResult} receives the run's result. The directory is
 * {@code -Dariadne.reports=DIR} when set.
 */
public final class AriadneExtension implements InvocationInterceptor, ParameterResolver {
    /** The system property naming the directory of histories and reports (default {@code target/ariadne}). */
    public static final String REPORTS_PROPERTY = "ariadne.reports";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(AriadneExtension.class);

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        LinearizabilityTest test = invocationContext.getExecutable().getAnnotation(LinearizabilityTest.class);
        if (test == null) {
            invocation.proceed();
            return;
        }
        RunResult result = result(context, invocationContext.getTarget().orElseThrow());
        String name = baseName(context);
        if (test.expectViolation()) {
            if (result.verdict() != dev.ariadne.core.check.Verdict.NOT_LINEARIZABLE) {
                throw new AssertionError("Ariadne: expected a violation, but the history of " + result.operationsRun()
                        + " operations is " + result.verdict().toString().toLowerCase(java.util.Locale.ROOT)
                        .replace('_', ' ') + " (seed " + result.seed() + ")");
            }
        } else if (!result.isLinearizable()) {
            Path html = result.writeHtml(reports().resolve(name + ".html")).toAbsolutePath();
            // A few lines here (build tools print them twice); the report once, as the cause.
            throw new AssertionError(result.failureSummary() + "\nHTML report: " + html
                    + result.historyFile().map(f -> "\nHistory: " + f.toAbsolutePath()).orElse("")
                    + "\nThe report follows, as this error's cause (a RunReport).",
                    result.failureReport());
        }
        invocation.proceed();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == RunResult.class
                && extensionContext.getRequiredTestMethod().isAnnotationPresent(LinearizabilityTest.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return result(extensionContext, extensionContext.getRequiredTestInstance());
    }

    /** The run of this test, made once and kept in the test's store. */
    private RunResult result(ExtensionContext context, Object instance) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent("run", k -> run(context, instance), RunResult.class);
    }

    private RunResult run(ExtensionContext context, Object instance) {
        LinearizabilityTest test = context.getRequiredTestMethod().getAnnotation(LinearizabilityTest.class);
        WorkloadRunner<Object> runner = WorkloadRunner.of(workload(instance));
        Model<?> model = model(test);
        if (model == null) {
            runner.model(test.model());
        } else {
            runner.model(model);
        }
        runner
                .clients(test.clients())
                .operations(test.operations())
                .rounds(test.rounds())
                .chaos(test.chaos() ? Chaos.on() : Chaos.off())
                .onlineChecking(test.online())
                .failedOn(test.failedOn())
                .historyFile(reports().resolve(baseName(context) + ".jsonl"));
        if (test.durationMillis() > 0) {
            runner.duration(Duration.ofMillis(test.durationMillis()));
        }
        if (test.seed() != 0) {
            runner.seed(test.seed());
        }
        return runner.run();
    }

    /**
     * The model {@code modelClass} names, made by its constructor without parameters, or {@code null} when the test
     * names a built-in model; an {@link IllegalStateException} saying what to fix when neither or both are given or
     * the class cannot be made.
     */
    static Model<?> model(LinearizabilityTest test) {
        Class<?> type = test.modelClass();
        boolean named = !test.model().isEmpty();
        if (type == Model.class) {
            if (!named) {
                throw new IllegalStateException("@LinearizabilityTest needs a model: model = \"kv\" (a built-in "
                        + "model's name) or modelClass = YourModel.class");
            }
            return null;
        }
        if (named) {
            throw new IllegalStateException("@LinearizabilityTest gives both model = \"" + test.model()
                    + "\" and modelClass = " + type.getName() + ".class: give one");
        }
        if (!Model.class.isAssignableFrom(type) && !NondeterministicModel.class.isAssignableFrom(type)) {
            throw new IllegalStateException("modelClass " + type.getName() + " is not a Model (implement "
                    + "dev.ariadne.core.model.Model or NondeterministicModel)");
        }
        if (type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalStateException("modelClass " + type.getName() + " cannot be made: it is abstract");
        }
        if (type.getEnclosingClass() != null && !java.lang.reflect.Modifier.isStatic(type.getModifiers())) {
            throw new IllegalStateException("modelClass " + type.getName() + " cannot be made: it is an inner "
                    + "class; declare it static");
        }
        Object made;
        try {
            java.lang.reflect.Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            made = constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("modelClass " + type.getName() + " cannot be made: it needs a "
                    + "constructor without parameters");
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("modelClass " + type.getName() + " cannot be made: its constructor "
                    + "threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("modelClass " + type.getName() + " cannot be made: " + e, e);
        }
        return made instanceof NondeterministicModel<?> n ? n.toModel() : (Model<?>) made;
    }

    static Path reports() {
        String dir = System.getProperty(REPORTS_PROPERTY);
        return dir == null || dir.isBlank() ? Path.of("target", "ariadne") : Path.of(dir);
    }

    private static String baseName(ExtensionContext context) {
        String name = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The workload the test class declares. */
    static Workload<Object> workload(Object instance) {
        Class<?> type = instance.getClass();
        Method system = null;
        List<Method> ops = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(SystemUnderTest.class)) {
                    if (system != null) {
                        throw new IllegalStateException(type.getName() + " has two @SystemUnderTest methods: "
                                + system.getName() + " and " + m.getName());
                    }
                    if (m.getParameterCount() != 0) {
                        throw new IllegalStateException("@SystemUnderTest method " + m.getName()
                                + " must take no parameters");
                    }
                    system = m;
                }
                if (m.isAnnotationPresent(Op.class)) {
                    ops.add(m);
                }
            }
        }
        if (system == null) {
            throw new IllegalStateException(type.getName() + " has no @SystemUnderTest method making the system");
        }
        if (ops.isEmpty()) {
            throw new IllegalStateException(type.getName() + " has no @Op methods");
        }
        ops.sort((a, b) -> a.getName().compareTo(b.getName())); // reflection's order is unspecified: seeds replay
        Method make = system;
        make.setAccessible(true);
        Workload<Object> w = Workload.of(() -> invoke(make, instance));
        for (Method m : ops) {
            w = w.operation(operation(instance, m));
        }
        return w;
    }

    private static Workload.Action<Object> operation(Object instance, Method m) {
        Op op = m.getAnnotation(Op.class);
        Parameter[] ps = m.getParameters();
        if (ps.length == 0) {
            throw new IllegalStateException("@Op method " + m.getName() + " must take the system under test first");
        }
        Generator<?> key = null;
        Generator<?> value = null;
        int keyAt = -1;
        int valueAt = -1;
        for (int i = 1; i < ps.length; i++) {
            Arg arg = ps[i].getAnnotation(Arg.class);
            if (arg == null) {
                throw new IllegalStateException("parameter " + ps[i].getName() + " of @Op method " + m.getName()
                        + " needs an @Arg saying how to draw it");
            }
            Generator<?> g = generator(instance, m, ps[i], arg);
            if (arg.key()) {
                if (key != null) {
                    throw new IllegalStateException("@Op method " + m.getName() + " has two keys");
                }
                key = g;
                keyAt = i;
            } else {
                if (value != null) {
                    throw new IllegalStateException("@Op method " + m.getName() + " has two values (one value and "
                            + "at most one @Arg(key = true) per operation)");
                }
                value = g;
                valueAt = i;
            }
        }
        String f = op.value();
        Generator<?> keys = key;
        Generator<?> values = value;
        int k = keyAt;
        int v = valueAt;
        m.setAccessible(true);
        return new Workload.Action<>(f, op.weight(),
                r -> dev.ariadne.core.history.Invocation.of(f, keys == null ? null : keys.next(r),
                        values == null ? null : values.next(r)),
                (system, inv) -> {
                    Object[] args = new Object[ps.length];
                    args[0] = system;
                    if (k > 0) {
                        args[k] = convert(inv.key(), ps[k].getType());
                    }
                    if (v > 0) {
                        args[v] = convert(inv.value(), ps[v].getType());
                    }
                    return output(call(m, instance, args));
                });
    }

    private static Generator<?> generator(Object instance, Method m, Parameter p, Arg arg) {
        List<Generator<?>> modes = new ArrayList<>();
        if (arg.distinct()) {
            modes.add(Generator.distinct());
        }
        if (arg.max() != Long.MIN_VALUE) {
            modes.add(Generator.longs(arg.min(), arg.max()));
        }
        if (arg.oneOf().length > 0) {
            modes.add(Generator.oneOf((Object[]) arg.oneOf()));
        }
        if (arg.letters() > 0) {
            modes.add(Generator.letters(arg.letters()));
        }
        if (!arg.generator().isEmpty()) {
            modes.add(named(instance, arg.generator()));
        }
        if (modes.size() != 1) {
            throw new IllegalStateException("@Arg of parameter " + p.getName() + " of @Op method " + m.getName()
                    + " must choose exactly one of distinct, min/max, oneOf, letters and generator");
        }
        return modes.get(0);
    }

    private static Generator<?> named(Object instance, String name) {
        for (Class<?> c = instance.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                if (f.get(instance) instanceof Generator<?> g) {
                    return g;
                }
                throw new IllegalStateException("field " + name + " is not a Generator");
            } catch (NoSuchFieldException e) {
                // try a method, then the superclass
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            try {
                Method m = c.getDeclaredMethod(name);
                m.setAccessible(true);
                if (invoke(m, instance) instanceof Generator<?> g) {
                    return g;
                }
                throw new IllegalStateException("method " + name + "() does not return a Generator");
            } catch (NoSuchMethodException e) {
                // the superclass may have it
            }
        }
        throw new IllegalStateException("no field or no-argument method " + name + " gives a Generator");
    }

    private static Object convert(Object drawn, Class<?> type) {
        if (drawn instanceof Long l && (type == int.class || type == Integer.class)) {
            return Math.toIntExact(l);
        }
        return drawn;
    }

    /** The model's view of a result: small integers are longs, as in a history file. */
    private static Object output(Object result) {
        if (result instanceof Integer || result instanceof Short || result instanceof Byte) {
            return ((Number) result).longValue();
        }
        return result;
    }

    private static Object invoke(Method m, Object instance) {
        try {
            return call(m, instance, new Object[0]);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(m.getName() + " failed: " + e, e);
        }
    }

    private static Object call(Method m, Object instance, Object[] args) throws Exception {
        try {
            return m.invoke(instance, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw (Error) cause;
        }
    }
}
