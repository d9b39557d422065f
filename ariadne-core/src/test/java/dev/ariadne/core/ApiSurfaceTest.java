package dev.ariadne.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core's public face: its module descriptor exports exactly the API packages, and nothing a user can see in
 * them (public and protected signatures, supertypes) names a type of an internal package or a type that is not
 * public.
 */
class ApiSurfaceTest {
    private static final Set<String> API = Set.of("dev.ariadne.core.history", "dev.ariadne.core.model",
            "dev.ariadne.core.models", "dev.ariadne.core.check", "dev.ariadne.core.online");
    private static final Path CLASSES = Path.of("target", "classes");

    @Test
    void theModuleExportsOnlyTheApiPackages() throws IOException {
        ModuleDescriptor descriptor;
        try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
            descriptor = ModuleDescriptor.read(in);
        }
        Set<String> exported = descriptor.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(API), exported);
        assertTrue(descriptor.requires().stream().allMatch(r -> r.name().equals("java.base")),
                "the core has no dependencies: " + descriptor.requires());
    }

    @Test
    void exportedTypesNameNoInternalType() throws Exception {
        Set<String> leaks = new TreeSet<>();
        for (String pkg : API) {
            for (Class<?> c : classesOf(pkg)) {
                if (!visible(c)) {
                    continue;
                }
                List<Type> seen = new ArrayList<>();
                seen.add(c.getGenericSuperclass());
                seen.addAll(List.of(c.getGenericInterfaces()));
                for (Field f : c.getDeclaredFields()) {
                    if (visible(f.getModifiers())) {
                        seen.add(f.getGenericType());
                    }
                }
                List<Executable> members = new ArrayList<>(List.of(c.getDeclaredMethods()));
                members.addAll(List.<Constructor<?>>of(c.getDeclaredConstructors()));
                for (Executable m : members) {
                    if (visible(m.getModifiers()) && !m.isSynthetic()) {
                        seen.addAll(List.of(m.getGenericParameterTypes()));
                        seen.addAll(List.of(m.getGenericExceptionTypes()));
                        if (m instanceof Method method) {
                            seen.add(method.getGenericReturnType());
                        }
                    }
                }
                for (Type t : seen) {
                    for (Class<?> named : named(t)) {
                        boolean ours = named.getPackageName().startsWith("dev.ariadne");
                        if (ours && (!API.contains(named.getPackageName()) || !visible(named))) {
                            leaks.add(c.getName() + " names " + named.getName());
                        }
                    }
                }
            }
        }
        assertEquals(Set.of(), leaks);
    }

    private static List<Class<?>> classesOf(String pkg) throws IOException, ClassNotFoundException {
        Path dir = CLASSES.resolve(pkg.replace('.', '/'));
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                String simple = p.getFileName().toString().replace(".class", "");
                classes.add(Class.forName(pkg + "." + simple, false, ApiSurfaceTest.class.getClassLoader()));
            }
        }
        assertTrue(!classes.isEmpty(), "no classes in " + dir.toAbsolutePath());
        return classes;
    }

    private static boolean visible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static List<Class<?>> named(Type t) {
        List<Class<?>> out = new ArrayList<>();
        if (t instanceof Class<?> c) {
            out.add(c.isArray() ? c.getComponentType() : c);
        } else if (t instanceof ParameterizedType p) {
            out.addAll(named(p.getRawType()));
            for (Type a : p.getActualTypeArguments()) {
                out.addAll(named(a));
            }
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                out.addAll(named(b));
            }
            for (Type b : w.getLowerBounds()) {
                out.addAll(named(b));
            }
        }
        return out;
    }
}
