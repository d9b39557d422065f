package dev.ariadne.spark;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Values;
import dev.ariadne.io.EventReader;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import org.apache.hadoop.conf.Configuration;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The events of one input file, parsed by Ariadne's own streaming readers ({@link HistoryReaders#events}) and handed
 * out as an iterator: the reader pushes, Spark pulls, so a reader thread fills a small queue of batches and a file of
 * any size is parsed in bounded memory. Each event carries the file's index and its rank, so that the events of all
 * files can be put back in input order, and its line, so that reports cite it.
 */
final class FileEvents implements Iterator<Ev> {
    private static final int BATCH = 4096;
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(8);
    private final Thread reader;
    private volatile boolean abandoned;
    private List<Ev> batch = List.of();
    private int next;
    private boolean ended;

    /** What a native file's conventions or the format say a nil read means, and the format read. */
    record Conventions(Format format, dev.ariadne.core.models.ModelOptions.NilRead nilRead) {
    }

    private FileEvents(int index, String file, Format format, Configuration conf) {
        reader = new Thread(() -> produce(index, file, format, conf), "ariadne-read-" + index);
        reader.setDaemon(true);
        reader.start();
    }

    /** The events of file number {@code index} (named {@code file}), read in {@code format}. */
    static Iterator<Ev> of(int index, String file, Format format, Configuration conf) {
        FileEvents events = new FileEvents(index, file, format, conf);
        org.apache.spark.TaskContext task = org.apache.spark.TaskContext.get();
        if (task != null) {
            task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> events.abandon());
        }
        return events;
    }

    /** The format and nil-read convention of {@code file}, from its first lines (read on the driver). */
    static Conventions conventions(String file, Format format, Configuration conf) {
        String name = Inputs.display(file);
        try (InputStream in = Inputs.open(file, conf)) {
            EventReader r = HistoryReaders.events(in, name, ReadOptions.defaults().withFormat(format));
            return new Conventions(r.format(), r.nilRead());
        } catch (InvalidInputException e) {
            throw new SparkCheckException(65, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new SparkCheckException(65, e.getMessage());
        } catch (IOException e) {
            throw new SparkCheckException(65, "cannot read " + Values.escape(name) + ": " + e.getMessage());
        }
    }

    private void abandon() {
        abandoned = true;
        reader.interrupt();
    }

    private void produce(int index, String file, Format format, Configuration conf) {
        String name = Inputs.display(file);
        Sink sink = new Sink(index);
        Object last = END;
        try (InputStream in = Inputs.open(file, conf)) {
            HistoryReaders.events(in, name, ReadOptions.defaults().withFormat(format)).readTo(sink);
            sink.flush();
        } catch (InvalidInputException e) {
            last = new InputProblem(e.getMessage());
        } catch (IllegalArgumentException e) {
            last = new InputProblem(Values.escape(name) + ": " + e.getMessage());
        } catch (IOException e) {
            last = new InputProblem(e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException
                    ? Values.escape(name) + ": corrupt gzip data (" + e.getMessage() + ")"
                    : "cannot read " + Values.escape(name) + ": " + e.getMessage());
        } catch (Abandoned e) {
            return;
        } catch (RuntimeException e) {
            last = e;
        } catch (Throwable e) {
            // an Error too must reach the task, which would otherwise wait for the queue for ever
            last = new IllegalStateException("reading " + name + " failed: " + e, e);
        }
        put(last);
    }

    private void put(Object o) {
        try {
            while (!queue.offer(o, 100, TimeUnit.MILLISECONDS)) {
                if (abandoned) {
                    throw new Abandoned();
                }
            }
        } catch (InterruptedException e) {
            throw new Abandoned();
        }
    }

    /** The consumer went away (the task ended or failed): the reader stops. */
    private static final class Abandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abandoned() {
            super(null, null, false, false);
        }
    }

    /** Collects the reader's events into batches for the queue. */
    private final class Sink implements EventSink {
        private final long base;
        private long rank;
        private List<Ev> events = new ArrayList<>(BATCH);

        Sink(int index) {
            base = (long) index << Ev.RANK_BITS;
        }

        private void add(Ev e) {
            events.add(e);
            if (events.size() == BATCH) {
                flush();
            }
        }

        void flush() {
            if (!events.isEmpty()) {
                put(events);
                events = new ArrayList<>(BATCH);
            }
        }

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            int line = metadata.get("line") instanceof Number n ? n.intValue() : -1;
            add(new Ev(base + rank++, Ev.CALL, client, time, line, input, metadata));
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            add(new Ev(base + rank++, Ev.RET, client, time, line, output, null));
            return this;
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            add(new Ev(base + rank++, Ev.CRASH, client, time, line, null, null));
            return this;
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            add(new Ev(base + rank++, Ev.DISCARD, client, time, line, null, null));
            return this;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean hasNext() {
        while (next == batch.size()) {
            if (ended) {
                return false;
            }
            Object o;
            try {
                o = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading", e);
            }
            if (o == END) {
                ended = true;
                return false;
            }
            if (o instanceof RuntimeException e) {
                ended = true;
                throw e;
            }
            batch = (List<Ev>) o;
            next = 0;
        }
        return true;
    }

    @Override
    public Ev next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return batch.get(next++);
    }
}
