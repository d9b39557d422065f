package dev.ariadne.core.models;

/**
 * An immutable string value of the kv model, built by appends without copying: a chain of pieces with its
 * length and a 64-bit polynomial hash kept incrementally, so an append costs O(1) however long the value grows.
 * Equality is exact: a hash or length mismatch answers "different" at once, the same chain of pieces answers
 * "equal", and only otherwise are the characters compared.
 *
 * <p>Public only as an opaque state type of the public models that use it: outside this package a user can compare,
 * hash and print it, nothing more (the models' {@code describeState} shows it in the history's terms).
 */
public final class KvText {
    static final KvText EMPTY = new KvText(null, "", 0, 0, 1);
    private static final long P = 0x100000001b3L;

    private final KvText prefix;
    private final String piece;
    private final int length;
    private final long hash;
    private final long power;

    private KvText(KvText prefix, String piece, int length, long hash, long power) {
        this.prefix = prefix;
        this.piece = piece;
        this.length = length;
        this.hash = hash;
        this.power = power;
    }

    /** The value holding exactly {@code s}. */
    static KvText of(String s) {
        if (s.isEmpty()) {
            return EMPTY;
        }
        long h = 0;
        long pow = 1;
        for (int i = 0; i < s.length(); i++) {
            h = h * P + s.charAt(i);
            pow *= P;
        }
        return new KvText(null, s, s.length(), h, pow);
    }

    /** This value followed by {@code suffix} (a value made by {@link #of}). */
    KvText append(KvText suffix) {
        if (suffix.length == 0) {
            return this;
        }
        if (length == 0) {
            return suffix;
        }
        return new KvText(this, suffix.piece, length + suffix.length, hash * suffix.power + suffix.hash,
                power * suffix.power);
    }

    /**
     * The hashes of this value's prefixes, by length (the hash of the first i characters at i), as {@link #hashCode}'s
     * 64-bit hash is kept, for {@link #notPrefixOf}.
     */
    long[] prefixHashes() {
        String s = toString();
        long[] h = new long[s.length() + 1];
        for (int i = 0; i < s.length(); i++) {
            h[i + 1] = h[i] * P + s.charAt(i);
        }
        return h;
    }

    /**
     * Whether this value is certainly not a prefix of the value whose {@link #prefixHashes} are given: it is longer,
     * or the hash of the prefix of its length differs. A prefix always has the same hash, so "not a prefix" is exact;
     * a collision only answers "maybe a prefix".
     */
    boolean notPrefixOf(long[] prefixHashes) {
        return length >= prefixHashes.length || prefixHashes[length] != hash;
    }

    boolean isEmpty() {
        return length == 0;
    }

    @Override
    public int hashCode() {
        return (int) (hash ^ (hash >>> 32));
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof KvText t) || t.length != length || t.hash != hash) {
            return false;
        }
        KvText a = this;
        KvText b = t;
        while (a != null && b != null && a.piece == b.piece && a.length == b.length) {
            a = a.prefix;
            b = b.prefix;
            if (a == b) {
                return true;
            }
        }
        return sameCharacters(a, b);
    }

    /**
     * Whether two values of the same length hold the same characters, compared from the end piece by piece, without
     * building either string (values built by different appends can be long).
     */
    private static boolean sameCharacters(KvText a, KvText b) {
        int i = a.piece.length();
        int j = b.piece.length();
        while (a != null && b != null) {
            if (i == 0) {
                a = a.prefix;
                i = a == null ? 0 : a.piece.length();
                continue;
            }
            if (j == 0) {
                b = b.prefix;
                j = b == null ? 0 : b.piece.length();
                continue;
            }
            if (a.piece.charAt(--i) != b.piece.charAt(--j)) {
                return false;
            }
        }
        return true; // equal lengths: both ran out together
    }

    @Override
    public String toString() {
        if (prefix == null) {
            return piece;
        }
        char[] chars = new char[length];
        int end = length;
        for (KvText t = this; t != null; t = t.prefix) {
            end -= t.piece.length();
            t.piece.getChars(0, t.piece.length(), chars, end);
        }
        return new String(chars);
    }
}
