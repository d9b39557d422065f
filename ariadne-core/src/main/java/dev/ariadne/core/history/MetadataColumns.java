package dev.ariadne.core.history;

import java.util.AbstractMap;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The metadata of a history's operations kept as columns by a reader: one object per history instead of a map per
 * operation (issue 23: a 500,000-operation history kept 500,000 maps, which every young collection copied). Each
 * row holds a source line and up to two non-negative numbers under names given once. An {@link Operation} whose
 * metadata is a table has the table's row of its {@link Operation#id() id} as its metadata: {@link
 * Operation#metadata()} gives that row as an unmodifiable map, {@code line} first, then the numbers present (a
 * negative one is absent), equal to the {@link java.util.LinkedHashMap} it stands for. The table itself, as a map,
 * is empty; rows are added while reading, then only read (not thread-safe while rows are added).
 */
public final class MetadataColumns extends AbstractMap<String, Object> {
    /** A number absent from its row. */
    public static final long ABSENT = CompactMetadata.NONE;

    private final String first;
    private final String second;
    // In chunks, never copied as they fill (see OperationColumns)
    private static final int SHIFT = 12;
    private static final int MASK = (1 << SHIFT) - 1;
    private int[][] lines = new int[4][];
    private long[][] firsts = new long[4][];
    private long[][] seconds = new long[4][];
    private int rows;

    /** A table whose rows name their two numbers {@code first} and {@code second}. */
    public MetadataColumns(String first, String second) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, "second");
        if (first.equals(second) || first.equals("line") || second.equals("line")) {
            throw new IllegalArgumentException("the names must differ from each other and from line");
        }
    }

    /** Adds a row of {@code line} and {@code firstValue} ({@link #ABSENT}, or not negative), and returns its number. */
    public int add(int line, long firstValue) {
        int k = rows >>> SHIFT;
        int j = rows & MASK;
        if (j == 0) {
            if (k == lines.length) {
                lines = Arrays.copyOf(lines, k * 2);
                firsts = Arrays.copyOf(firsts, k * 2);
                seconds = Arrays.copyOf(seconds, k * 2);
            }
            int n = k == 0 ? 16 : MASK + 1; // the first chunk starts small (a small history costs little)
            lines[k] = new int[n];
            firsts[k] = new long[n];
            seconds[k] = new long[n];
        } else if (k == 0 && j == lines[0].length) {
            int n = Math.min(MASK + 1, j * 2);
            lines[0] = Arrays.copyOf(lines[0], n);
            firsts[0] = Arrays.copyOf(firsts[0], n);
            seconds[0] = Arrays.copyOf(seconds[0], n);
        }
        lines[k][j] = line;
        firsts[k][j] = firstValue < 0 ? ABSENT : firstValue;
        seconds[k][j] = ABSENT;
        return rows++;
    }

    /** Sets row {@code row}'s second number ({@link #ABSENT}, or not negative). */
    public void second(int row, long value) {
        check(row);
        seconds[row >>> SHIFT][row & MASK] = value < 0 ? ABSENT : value;
    }

    /** Row {@code row}'s line. */
    public int line(int row) {
        check(row);
        return lines[row >>> SHIFT][row & MASK];
    }

    /** Row {@code row}'s first number, or {@link #ABSENT}. */
    public long first(int row) {
        check(row);
        return firsts[row >>> SHIFT][row & MASK];
    }

    /** The number of rows. */
    public int rows() {
        return rows;
    }

    /** Row {@code row} as an unmodifiable map (a view: it reads the table's columns). */
    public Map<String, Object> row(int row) {
        check(row);
        return new Row(row);
    }

    private void check(int row) {
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " of " + rows);
        }
    }

    /** The table itself is no operation's metadata: as a map it is empty. */
    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Set.of();
    }

    // identity: two tables are never the same metadata (AbstractMap would call two empty tables equal)
    @Override
    public boolean equals(Object o) {
        return o == this;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return "MetadataColumns[" + rows + " rows]";
    }

    /** One row, read from the columns on each access (as the map a reader would have filled in place). */
    private final class Row extends CompactMetadata {
        private final int row;

        Row(int row) {
            this.row = row;
        }

        @Override
        protected int line() {
            return lines[row >>> SHIFT][row & MASK];
        }

        @Override
        protected long first() {
            return firsts[row >>> SHIFT][row & MASK];
        }

        @Override
        protected long second() {
            return seconds[row >>> SHIFT][row & MASK];
        }

        @Override
        protected String firstName() {
            return first;
        }

        @Override
        protected String secondName() {
            return second;
        }
    }
}
