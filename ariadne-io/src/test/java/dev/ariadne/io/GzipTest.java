package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gzip input is read as {@code gzip -d} reads it: every member, checked, and nothing else after them. */
class GzipTest {
    private static final String FIRST = "{\"client\":0,\"call\":1,\"return\":2,\"f\":\"write\",\"value\":1}\n"
            + "{\"client\":1,\"call\":3,\"return\":4,\"f\":\"read\",\"output\":1}\n";
    private static final String SECOND = "{\"client\":0,\"call\":5,\"return\":6,\"f\":\"write\",\"value\":2}\n";

    static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void oneMemberIsRead() throws Exception {
        assertEquals(2, Read.bytes(gzip(FIRST), Format.AUTO).size());
    }

    @Test
    void everyMemberOfConcatenatedGzipIsRead() throws Exception {
        byte[] joined = concat(gzip(FIRST), gzip(SECOND), gzip(""), gzip(SECOND.replace("5", "7")
                .replace("6", "8")));
        assertEquals(4, Read.bytes(joined, Format.AUTO).size());
        assertEquals(4, Read.bytes(joined, Format.JSON).size());
    }

    @Test
    void plainLinesAppendedToAGzipFileAreRefused() throws Exception {
        byte[] gz = gzip(FIRST);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.bytes(concat(gz, SECOND.getBytes(StandardCharsets.UTF_8)), Format.AUTO));
        assertEquals(gz.length, e.byteOffset());
        assertTrue(e.getMessage().startsWith("test.txt: at byte " + gz.length + ": corrupt gzip data: bytes after "
                + "the gzip data are not another gzip member"), e.getMessage());
    }

    @Test
    void trailingGarbageAndZerosAreRefused() throws Exception {
        byte[] gz = gzip(FIRST);
        for (byte[] tail : new byte[][]{{0}, {0x1f}, {0x1f, (byte) 0x8b}, {'x', 'y', 'z'}, new byte[512]}) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Read.bytes(concat(gz, tail), Format.AUTO), Arrays.toString(tail));
            assertTrue(e.getMessage().contains("corrupt gzip data"), e.getMessage());
            assertTrue(e.byteOffset() >= gz.length, e.getMessage());
        }
    }

    @Test
    void everyTruncationIsRefused() throws Exception {
        byte[] first = gzip(FIRST);
        byte[] gz = concat(first, gzip(SECOND));
        for (int n = 2; n < gz.length; n++) {
            if (n == first.length) {
                assertEquals(2, Read.bytes(Arrays.copyOf(gz, n), Format.JSON).size(), "one whole member");
                continue;
            }
            byte[] cut = Arrays.copyOf(gz, n);
            int length = n;
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Read.bytes(cut, Format.JSON), "cut at " + length);
            assertTrue(e.getMessage().contains("corrupt gzip data"), e.getMessage());
        }
    }

    @Test
    void aDamagedChecksumIsRefused() throws Exception {
        byte[] gz = gzip(FIRST);
        gz[gz.length - 8] ^= 1;
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.bytes(gz, Format.JSON));
        assertTrue(e.getMessage().contains("CRC-32 check failed"), e.getMessage());
        byte[] gz2 = gzip(FIRST);
        gz2[gz2.length - 1] ^= 1;
        e = assertThrows(InvalidInputException.class, () -> Read.bytes(gz2, Format.JSON));
        assertTrue(e.getMessage().contains("length check failed"), e.getMessage());
    }

    @Test
    void headerFieldsAreSkipped() throws Exception {
        byte[] gz = gzip(FIRST);
        // the same member with FEXTRA, FNAME, FCOMMENT and FHCRC set
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[]{0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3});
        out.write(new byte[]{3, 0, 'a', 'b', 'c'});
        out.writeBytes("h.jsonl\0".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes("a comment\0".getBytes(StandardCharsets.US_ASCII));
        out.write(new byte[]{0, 0});
        out.write(gz, 10, gz.length - 10);
        assertEquals(2, Read.bytes(out.toByteArray(), Format.AUTO).size());
    }
}
