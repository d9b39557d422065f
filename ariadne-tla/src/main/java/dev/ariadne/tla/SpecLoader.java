package dev.ariadne.tla;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

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
    /** Where the TLA+ tools keep the standard modules (Naturals, Sequences, TLC, …) as resources. */
    private static final String STANDARD_MODULES = "tla2sany/StandardModules/";

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

    /**
     * Writes TLC's standard modules ({@code Naturals.tla}, {@code Sequences.tla}, …) into {@code dir}. SANY, left to
     * itself, copies each one it needs out of the jar into {@code java.io.tmpdir} under its bare name, which every
     * run on the machine shares: parallel runs truncated and deleted each other's copies ("Cannot find source file
     * for module Sequences", a {@code NullPointerException} in SANY). A spec's loader gets a folder of its own
     * instead and points SANY at it ({@link TlaSpec#load}).
     */
    static void standardModules(Path dir) throws IOException {
        for (Map.Entry<String, byte[]> m : StandardModules.TEXT.entrySet()) {
            Files.write(dir.resolve(m.getKey()), m.getValue());
        }
        for (Map.Entry<String, byte[]> m : Community.TEXT.entrySet()) {
            Files.write(dir.resolve(m.getKey()), m.getValue());
        }
    }

    /**
     * The modules OmniLink's specs import that the embedded tools lack (CommunityModules' {@code Functions},
     * {@code SequencesExt}, {@code FiniteSetsExt}, {@code Folds}, TLC's {@code TLCExt}), written here with their
     * standard TLA+ definitions and shipped as resources. A module of the same name beside the spec wins (SANY
     * looks in the spec's folder first).
     */
    static final List<String> COMMUNITY = List.of("Functions", "Folds", "FiniteSetsExt", "SequencesExt", "TLCExt");

    /** The text of {@link #COMMUNITY}'s module {@code name} (without .tla), or {@code null} when it is not one. */
    static byte[] communityModule(String name) {
        return Community.TEXT.get(name + ".tla");
    }

    private static final class Community {
        static final Map<String, byte[]> TEXT = read();

        private static Map<String, byte[]> read() {
            Map<String, byte[]> out = new LinkedHashMap<>();
            for (String name : COMMUNITY) {
                try (InputStream in = SpecLoader.class.getResourceAsStream("modules/" + name + ".tla")) {
                    if (in == null) {
                        throw new IllegalStateException("the module " + name + ".tla is missing from ariadne-tla");
                    }
                    out.put(name + ".tla", in.readAllBytes());
                } catch (IOException e) {
                    throw new IllegalStateException("cannot read the module " + name + ".tla: " + e, e);
                }
            }
            return Map.copyOf(out);
        }
    }

    /** The standard modules' text, read once from the tools jar (about 60 kB). */
    private static final class StandardModules {
        static final Map<String, byte[]> TEXT = read();

        private static Map<String, byte[]> read() {
            Map<String, byte[]> out = new LinkedHashMap<>();
            try {
                Path tools = Path.of(toolsLocation().toURI());
                if (Files.isDirectory(tools)) {
                    try (Stream<Path> files = Files.list(tools.resolve(STANDARD_MODULES))) {
                        for (Path f : files.filter(f -> f.toString().endsWith(".tla")).sorted().toList()) {
                            out.put(f.getFileName().toString(), Files.readAllBytes(f));
                        }
                    }
                } else {
                    // the class loader has the jar open already, so this reuses its parsed directory
                    try (ZipFile jar = new ZipFile(tools.toFile())) {
                        for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            ZipEntry entry = e.nextElement();
                            String name = entry.getName();
                            if (name.startsWith(STANDARD_MODULES) && name.endsWith(".tla")
                                    && name.indexOf('/', STANDARD_MODULES.length()) < 0) {
                                try (InputStream in = jar.getInputStream(entry)) {
                                    out.put(name.substring(STANDARD_MODULES.length()), in.readAllBytes());
                                }
                            }
                        }
                    }
                }
            } catch (IOException | URISyntaxException e) {
                throw new IllegalStateException("cannot read TLC's standard modules: " + e, e);
            }
            if (out.isEmpty()) {
                throw new IllegalStateException("the TLA+ tools hold no standard modules (" + STANDARD_MODULES + ")");
            }
            return Map.copyOf(out);
        }
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
