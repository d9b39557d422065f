package dev.ariadne.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * gzip data decompressed as {@code gzip -d} does (RFC 1952): every member in turn (files joined with {@code cat} are
 * one valid gzip file), each checked against its CRC-32 and length; anything after a member that is not another
 * member (trailing garbage, plain lines appended to a compressed file) and a truncated stream are errors, reported
 * as {@link Lines.BadLineException}s (invalid input, exit 65) at the byte offset of the compressed input.
 * {@link java.util.zip.GZIPInputStream} is not used: it silently stops at trailing garbage and, on a pipe, may stop
 * after the first member.
 */
final class GzipInput extends InputStream {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream in;
    private final String source;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] buf = new byte[1 << 16];
    private int bufPos;
    private int bufEnd;
    /** The offset in the compressed input of {@code buf[0]}. */
    private long base;
    private boolean inMember;
    private boolean first = true;
    private boolean ended;
    private long memberStart;

    GzipInput(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff; // never 0: read(byte[], …) inflates until a byte comes
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (ended) {
                return -1;
            }
            if (!inMember && !startMember()) {
                ended = true;
                return -1;
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw corrupt(memberStart, "invalid compressed data"
                        + (e.getMessage() == null ? "" : " (" + Text.cut(e.getMessage()) + ")"));
            }
            if (n > 0) {
                crc.update(b, off, n);
                return n;
            }
            if (inflater.finished()) {
                bufPos = bufEnd - inflater.getRemaining();
                trailer();
                inMember = false;
            } else if (inflater.needsDictionary()) {
                throw corrupt(memberStart, "invalid compressed data (it asks for a preset dictionary)");
            } else if (inflater.needsInput()) {
                if (bufPos == bufEnd && !fill()) {
                    throw corrupt(position(), "the compressed data is truncated (the input ends inside the gzip "
                            + "member that starts at byte " + memberStart + ")");
                }
                inflater.setInput(buf, bufPos, bufEnd - bufPos);
                bufPos = bufEnd;
            }
        }
    }

    /**
     * Reads the header of the next member; {@code false} at the end of the input after a member. Anything that is
     * not a member's header there is an error.
     */
    private boolean startMember() throws IOException {
        long at = position();
        int b0 = next();
        if (b0 < 0) {
            if (first) {
                throw corrupt(at, "the compressed data is truncated (no gzip header)");
            }
            return false;
        }
        int b1 = next();
        if (b0 != 0x1f || b1 != 0x8b) {
            throw corrupt(at, first ? "not gzip data" : "bytes after the gzip data are not another gzip member "
                    + "(trailing garbage, or text appended to a compressed file?)");
        }
        first = false;
        memberStart = at;
        int method = needed();
        int flags = needed();
        if (method != 8) {
            throw corrupt(at, "unknown compression method " + method + " (gzip uses 8, deflate)");
        }
        if ((flags & 0xe0) != 0) {
            throw corrupt(at, "reserved flags set in the gzip header");
        }
        skip(6); // modification time, extra flags, operating system
        if ((flags & FEXTRA) != 0) {
            skip(needed() | needed() << 8);
        }
        if ((flags & FNAME) != 0) {
            while (needed() != 0) {
                // the original file name
            }
        }
        if ((flags & FCOMMENT) != 0) {
            while (needed() != 0) {
                // a comment
            }
        }
        if ((flags & FHCRC) != 0) {
            skip(2);
        }
        inflater.reset();
        crc.reset();
        inMember = true;
        return true;
    }

    private void trailer() throws IOException {
        long at = position();
        long expectedCrc = uint32();
        long expectedSize = uint32();
        if (expectedCrc != crc.getValue()) {
            throw corrupt(at, "CRC-32 check failed for the gzip member that starts at byte " + memberStart
                    + " (the data is damaged)");
        }
        if (expectedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
            throw corrupt(at, "length check failed for the gzip member that starts at byte " + memberStart
                    + " (the data is damaged)");
        }
    }

    private long uint32() throws IOException {
        return (long) needed() | (long) needed() << 8 | (long) needed() << 16 | (long) needed() << 24;
    }

    private void skip(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            needed();
        }
    }

    /** The next byte of a header or trailer, which must be there. */
    private int needed() throws IOException {
        int b = next();
        if (b < 0) {
            throw corrupt(position(), "the compressed data is truncated (the input ends inside a gzip header or "
                    + "trailer)");
        }
        return b;
    }

    private int next() throws IOException {
        if (bufPos == bufEnd && !fill()) {
            return -1;
        }
        return buf[bufPos++] & 0xff;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buf);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        base += bufEnd;
        bufPos = 0;
        bufEnd = n;
        return true;
    }

    /** The offset in the compressed input of the next byte not yet taken from the buffer. */
    private long position() {
        return base + bufPos;
    }

    private Lines.BadLineException corrupt(long at, String problem) {
        return new Lines.BadLineException(InvalidInputException.atByte(source, at, "corrupt gzip data: " + problem));
    }

    /** Frees the inflater; the compressed input is its owner's to close. */
    @Override
    public void close() {
        inflater.end();
    }
}
