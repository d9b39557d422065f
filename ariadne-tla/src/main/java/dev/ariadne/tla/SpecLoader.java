package dev.ariadne.tla;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Creates a {@link SpecEvaluator} in a class loader of its own. TLC keeps the loaded spec in static fields (the
 * variables of a state, the tool, the interned names), so two specs in one set of TLC classes corrupt each other;
 * each spec therefore gets its own copy of TLC's classes: a loader over the jar (or directory) that holds them, which
 * loads TLC's packages and the evaluator's package itself, child first, and leaves everything else (the JDK, this
 * package's interfaces, the core) to its parent. This is the one place that crosses the boundary by reflection.
 */
final class SpecLoader {
    /** Packages that each spec loads for itself: TLC's and SANY's, and the evaluator that links against them. */
    private static final String[] OWN = {"tlc2.", "tla2sany.", "tla2tex.", "pcal.", "util.", "model.",
            "dev.ariadne.tla.tlc."};
    private static final String EVALUATOR = "dev.ariadne.tla.tlc.TlcEvaluator";

    private SpecLoader() {
    }

    /** A new evaluator, in a new class loader. */
    static SpecEvaluator newEvaluator() {
        ClassLoader parent = SpecLoader.class.getClassLoader();
        Set<URL> urls = new LinkedHashSet<>();
        urls.add(location(parent, "tlc2/tool/impl/FastTool.class"));
        urls.add(location(parent, EVALUATOR.replace('.', '/') + ".class"));
        ChildFirst loader = new ChildFirst(urls.toArray(new URL[0]), parent);
        try {
            Class<?> type = Class.forName(EVALUATOR, true, loader);
            return (SpecEvaluator) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load TLC's evaluator: " + e, e);
        }
    }

    /** The jar (or class directory) of the TLA+ tools, for running stock TLC in a child JVM ({@link StockTlc}). */
    static URL toolsLocation() {
        return location(SpecLoader.class.getClassLoader(), "tlc2/tool/impl/FastTool.class");
    }

    /** The jar or class directory that holds {@code resource} (as seen by {@code loader}). */
    private static URL location(ClassLoader loader, String resource) {
        URL url = loader.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("the TLA+ tools are not on the class path (no " + resource + ")");
        }
        try {
            String s = url.toString();
            if (s.startsWith("jar:")) {
                return new URL(s.substring(4, s.indexOf("!/")));
            }
            Path file = Path.of(url.toURI());
            int depth = resource.split("/").length;
            for (int i = 0; i < depth; i++) {
                file = file.getParent();
            }
            return file.toUri().toURL();
        } catch (URISyntaxException | java.net.MalformedURLException e) {
            throw new IllegalStateException("cannot locate " + resource + " at " + url, e);
        }
    }

    /** Loads {@link #OWN} packages from its own URLs first; everything else from the parent. */
    private static final class ChildFirst extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        ChildFirst(URL[] urls, ClassLoader parent) {
            super("tla-spec", urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!own(name)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }

        @Override
        public URL getResource(String name) {
            // TLC finds its standard modules (tla2sany/StandardModules/*.tla) as resources of its own classes
            URL own = findResource(name);
            return own != null ? own : super.getResource(name);
        }

        private static boolean own(String name) {
            for (String prefix : OWN) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        }
    }
}
