package dev.ariadne.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

import dev.ariadne.core.history.Values;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/** The input files of a check, listed on the driver and opened in the executors through Hadoop's file systems. */
final class Inputs {
    private Inputs() {
    }

    /**
     * The files {@code paths} name, in name order: files as they are, directories as the files under them (hidden
     * ones and Spark's markers such as {@code _SUCCESS} left out), globs expanded.
     */
    static List<String> list(List<String> paths, Configuration conf) {
        TreeSet<String> files = new TreeSet<>();
        for (String given : paths) {
            try {
                Path p = new Path(given);
                FileSystem fs = p.getFileSystem(conf);
                FileStatus[] found = fs.globStatus(p);
                if (found == null || found.length == 0) {
                    throw new SparkCheckException(65, "cannot read " + Values.escape(given) + ": no such file");
                }
                for (FileStatus s : found) {
                    if (s.isDirectory()) {
                        RemoteIterator<LocatedFileStatus> it = fs.listFiles(s.getPath(), true);
                        while (it.hasNext()) {
                            LocatedFileStatus f = it.next();
                            if (!hidden(f.getPath(), s.getPath())) {
                                files.add(f.getPath().toString());
                            }
                        }
                    } else {
                        files.add(s.getPath().toString());
                    }
                }
            } catch (IOException | IllegalArgumentException e) {
                throw new SparkCheckException(65, "cannot read " + Values.escape(given) + ": " + e.getMessage());
            }
        }
        if (files.isEmpty()) {
            throw new SparkCheckException(65, "no input files in " + Values.escape(String.join(", ", paths)));
        }
        return new ArrayList<>(files);
    }

    /** Whether a file under {@code root} is hidden: a name below the root starts with {@code .} or {@code _}. */
    private static boolean hidden(Path file, Path root) {
        for (Path p = file; p != null && !p.equals(root); p = p.getParent()) {
            String n = p.getName();
            if (n.startsWith(".") || n.startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    /** How reports name a file: local paths without their {@code file:} scheme, others as Hadoop names them. */
    static String display(String file) {
        return file.startsWith("file:") ? new Path(file).toUri().getPath() : file;
    }

    /** {@code file} opened for one pass, decompressed when it holds gzip data (recognised by its magic bytes). */
    static InputStream open(String file, Configuration conf) throws IOException {
        Path p = new Path(file);
        BufferedInputStream in = new BufferedInputStream(p.getFileSystem(conf).open(p), 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
        }
        return in;
    }
}
