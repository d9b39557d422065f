package dev.ariadne.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The lines of an input, decoded strictly as UTF-8 one line at a time, so that an undecodable byte is reported
 * with its own line number. Lines end at {@code \n} (a {@code \r} before it is dropped); a byte order mark at
 * the start is skipped. Lines can be looked ahead without being consumed, which format detection needs.
 */
final class Lines {
    /** Longest line accepted, in bytes; longer lines are reported rather than buffered without bound. */
    static final int MAX_LINE_BYTES = 64 << 20;

    /** The problem of a last line without a newline, where it could be a line cut short. */
    static final String NO_NEWLINE = "the last line has no newline: it may be incomplete (was the file still being "
            + "written?); if it is complete, end it with a newline";

    private final InputStream in;
    private final String source;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] chunk = new byte[1 << 16];
    private int chunkPos;
    private int chunkEnd;
    private boolean eof;
    private byte[] line = new byte[256];
    private final ArrayDeque<String> ahead = new ArrayDeque<>();
    private long decoded;
    private long number;
    /** The line decoded last when it was all ASCII (its bytes are still in {@link #chunk}, from asciiStart). */
    private String asciiLine;
    private int asciiStart;
    /** The number of the last line when the input ends without a newline after it, else 0. */
    private long unterminated;

    Lines(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    /** The name of the input, for error messages. */
    String source() {
        return source;
    }

    /** The 1-based number of the line last returned by {@link #next()}; 0 before the first. */
    long number() {
        return number;
    }

    /**
     * Whether the line last returned by {@link #next()} is the input's last and no newline ends it: it may be
     * incomplete (a file copied or read while it was being written), so a reader whose lines do not show their own
     * end must not take it as data.
     */
    boolean unterminated() {
        return number > 0 && number == unterminated;
    }

    /** The next line without its terminator, or {@code null} at the end of the input. */
    String next() throws IOException {
        String s = ahead.isEmpty() ? decodeNext() : ahead.poll();
        if (s != null) {
            number++;
        }
        return s;
    }

    /**
     * Where the bytes of {@code line}, a line this object returned, start in {@link #bytes()}, when it is the line
     * decoded last and was all ASCII (one byte a character); else -1. They stay there until the next line is read.
     */
    int asciiOffset(String line) {
        return line == asciiLine ? asciiStart : -1;
    }

    /** The end (its {@code \n}) in {@link #chunk} of the line {@link #peekAscii()} found, or -1. */
    private int peekedEnd = -1;

    /**
     * Where the next line starts in {@link #bytes()} when it is all ASCII, ends with a newline and lies whole in
     * the buffer, with nothing looked ahead; else -1 (read it with {@link #next()}). Nothing is consumed: a caller
     * that takes the line from the bytes itself (its length is {@link #peekedLength()}) then calls
     * {@link #skipPeeked()}, which spares the line's string.
     */
    int peekAscii() throws IOException {
        if (!ahead.isEmpty()) {
            return -1;
        }
        if (chunkPos == chunkEnd && !fill()) {
            return -1;
        }
        int start = chunkPos;
        int nl = start;
        int high = 0;
        byte[] b = chunk;
        int end = chunkEnd;
        while (nl < end && b[nl] != '\n') {
            high |= b[nl];
            nl++;
        }
        if (nl == end || high < 0) {
            return -1;
        }
        peekedEnd = nl;
        return start;
    }

    /**
     * Where the next line starts in {@link #bytes()}, with nothing looked ahead, without looking for its end; else
     * -1 (read it with {@link #next()}). Its bytes go on to {@link #bufferEnd()}, and the line may end past it. A
     * caller that finds the line's newline at {@code nl} before that end, and takes the line from the bytes itself,
     * as all ASCII, then calls {@link #skipThrough}. One pass over the bytes instead of {@link #peekAscii()}'s two.
     */
    int peekStart() throws IOException {
        if (!ahead.isEmpty()) {
            return -1;
        }
        if (chunkPos == chunkEnd && !fill()) {
            return -1;
        }
        return chunkPos;
    }

    /**
     * Moves the bytes not yet consumed to the start of {@link #bytes()} and reads more after them, so that a line
     * cut by the buffer's end (about one a buffer) can be seen whole from {@link #peekStart()}; false when nothing
     * was added (the line already starts the buffer, or the input is at its end). Nothing is consumed.
     */
    boolean compact() throws IOException {
        if (!ahead.isEmpty() || eof || chunkPos == 0) {
            return false;
        }
        int rest = chunkEnd - chunkPos;
        System.arraycopy(chunk, chunkPos, chunk, 0, rest);
        asciiLine = null; // its bytes have moved
        peekedEnd = -1;
        lastNewline = UNKNOWN;
        chunkPos = 0;
        chunkEnd = rest;
        int n = in.read(chunk, rest, chunk.length - rest);
        if (n < 0) {
            eof = true;
            return false;
        }
        chunkEnd += n;
        return n > 0;
    }

    /** The last newline in the buffer, -1 when none, or {@link #UNKNOWN} until looked for since it was filled. */
    private int lastNewline = UNKNOWN;
    private static final int UNKNOWN = -2;

    /**
     * Whether no newline follows {@code from} in {@link #bytes()} before {@link #bufferEnd()}: the line starting
     * there goes on past the buffer (or is the input's last). The buffer is searched once each time it is filled.
     */
    boolean cutAt(int from) {
        if (lastNewline == UNKNOWN) {
            int k = chunkEnd - 1;
            while (k >= 0 && chunk[k] != '\n') {
                k--;
            }
            lastNewline = k;
        }
        return lastNewline < from;
    }

    /** The end of the bytes in {@link #bytes()} that {@link #peekStart()} starts. */
    int bufferEnd() {
        return chunkEnd;
    }

    /**
     * Consumes the line {@link #peekStart()} found, whose newline is at {@code nl} in {@link #bytes()}, as
     * {@link #next()} would have without its string; the caller checked that it is all ASCII.
     */
    void skipThrough(int nl) {
        chunkPos = nl + 1;
        peekedEnd = -1;
        decoded++;
        number++;
        asciiLine = null;
    }

    /** The length of the line {@link #peekAscii()} found, without its {@code \r\n} or {@code \n}. */
    int peekedLength() {
        int nl = peekedEnd;
        return (nl > chunkPos && chunk[nl - 1] == '\r' ? nl - 1 : nl) - chunkPos;
    }

    /** Consumes the line {@link #peekAscii()} just found, as {@link #next()} would have without its string. */
    void skipPeeked() {
        chunkPos = peekedEnd + 1;
        peekedEnd = -1;
        decoded++;
        number++;
        asciiLine = null;
    }

    /** The buffer that {@link #asciiOffset} points into. */
    byte[] bytes() {
        return chunk;
    }

    /**
     * The first significant line (neither blank nor a {@code ;} comment) from here on, or {@code null} if there
     * is none; nothing is consumed.
     */
    String peekSignificant() throws IOException {
        for (String s : ahead) {
            if (isSignificant(s)) {
                return s;
            }
        }
        String s;
        while ((s = decodeNext()) != null) {
            ahead.add(s);
            if (isSignificant(s)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The line {@code index} lines after the next one ({@code 0}: the line {@link #next()} would return), or
     * {@code null} past the end of the input; nothing is consumed.
     */
    String peek(int index) throws IOException {
        while (ahead.size() <= index) {
            String s = decodeNext();
            if (s == null) {
                return null;
            }
            ahead.add(s);
        }
        int i = 0;
        for (String s : ahead) {
            if (i++ == index) {
                return s;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /**
     * The input from the next line on, as bytes (looked-ahead lines are given back with {@code \n} ends, so line
     * numbers stay the same), for a reader that parses bytes itself; this object must not be used afterwards.
     */
    InputStream rest() {
        if (ahead.isEmpty() && chunkPos == chunkEnd) {
            return in;
        }
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        for (String s : ahead) {
            head.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            head.write('\n');
        }
        head.write(chunk, chunkPos, chunkEnd - chunkPos);
        ahead.clear();
        chunkPos = chunkEnd;
        return new SequenceInputStream(new ByteArrayInputStream(head.toByteArray()), in);
    }

    /** The 1-based number of the line that {@link #peekSignificant()} found. */
    long peekedNumber() {
        long n = number;
        for (String s : ahead) {
            n++;
            if (isSignificant(s)) {
                return n;
            }
        }
        return -1;
    }

    static boolean isSignificant(String line) {
        String t = line.strip();
        return !t.isEmpty() && t.charAt(0) != ';';
    }

    private String decodeNext() throws IOException {
        int length = 0;
        boolean any = false;
        while (true) {
            if (chunkPos == chunkEnd && !fill()) {
                if (!any) {
                    return null;
                }
                unterminated = decoded + 1;
                break;
            }
            any = true;
            int start = chunkPos;
            int nl = start;
            int high = 0;
            while (nl < chunkEnd && chunk[nl] != '\n') {
                high |= chunk[nl];
                nl++;
            }
            if (length == 0 && nl < chunkEnd && high >= 0 && nl - start <= MAX_LINE_BYTES) {
                // the common case: a whole line of ASCII in the chunk, read without copying or a decoder
                chunkPos = nl + 1;
                int end = nl > start && chunk[nl - 1] == '\r' ? nl - 1 : nl;
                decoded++;
                asciiLine = new String(chunk, start, end - start, StandardCharsets.ISO_8859_1);
                asciiStart = start;
                return asciiLine;
            }
            length = append(length, start, nl - start);
            chunkPos = nl;
            if (nl < chunkEnd) {
                chunkPos++;
                break;
            }
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return decode(length);
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        asciiLine = null; // its bytes are about to be overwritten
        lastNewline = UNKNOWN;
        int n = in.read(chunk);
        if (n < 0) {
            eof = true;
            return false;
        }
        chunkPos = 0;
        chunkEnd = n;
        return true;
    }

    private int append(int length, int from, int count) throws BadLineException {
        if ((long) length + count > MAX_LINE_BYTES) {
            throw new BadLineException(new InvalidInputException(source, decoded + 1,
                    "line longer than " + (MAX_LINE_BYTES >> 20) + " MiB; is this a history file?"));
        }
        if (length + count > line.length) {
            line = Arrays.copyOf(line, Math.max(length + count, Math.min(MAX_LINE_BYTES, line.length * 2)));
        }
        System.arraycopy(chunk, from, line, length, count);
        return length + count;
    }

    private String decode(int length) throws BadLineException {
        decoded++;
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
        CharBuffer chars = CharBuffer.allocate(length);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (result.isError()) {
            int at = bytes.position();
            throw new BadLineException(new InvalidInputException(source, decoded, String.format(
                    "invalid UTF-8: byte 0x%02x at byte %d of the line cannot be decoded (is the file in "
                            + "another encoding?)", line[at] & 0xff, at + 1)));
        }
        decoder.flush(chars);
        chars.flip();
        if (decoded == 1 && chars.length() > 0 && chars.charAt(0) == '\uFEFF') {
            chars.position(1);
        }
        return chars.toString();
    }

    /** An undecodable or overlong line, carried through APIs that may only throw {@link IOException}. */
    static final class BadLineException extends IOException {
        private final InvalidInputException problem;

        BadLineException(InvalidInputException problem) {
            super(problem.getMessage());
            this.problem = problem;
        }

        InvalidInputException problem() {
            return problem;
        }
    }
}
