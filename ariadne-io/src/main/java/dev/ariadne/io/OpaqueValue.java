package dev.ariadne.io;

import java.util.Objects;

/**
 * A value that a history holds but that is not plain data: what Clojure prints inside Jepsen histories and EDN
 * has no plain counterpart for, such as {@code #object[java.net.SocketTimeoutException 0x1f2e3d "…"]},
 * {@code #error {…}}, a ratio {@code 22/7}, a regex {@code #"a+"}, {@code #inst "…"}, {@code #uuid "…"}, a
 * {@code 1.50M} decimal or any other tagged value. Readers keep it as its canonical text (the EDN it was read from,
 * with maps and sets in a fixed order and decimals without trailing zeros), and two opaque values are equal exactly
 * when their texts are, so models can compare them (a read of {@code #uuid "…"} sees the {@code #uuid "…"}
 * written) without interpreting them. The native format writes it as {@code {"#edn": "text"}}.
 *
 * @param text the value's canonical EDN text
 */
public record OpaqueValue(String text) {

    public OpaqueValue {
        Objects.requireNonNull(text, "text");
    }

    /** The text, as reports show it (escaped there, like every history value). */
    @Override
    public String toString() {
        return text;
    }
}
