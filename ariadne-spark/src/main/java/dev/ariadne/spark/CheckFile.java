package dev.ariadne.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code OUTPUT/check.json}: the check's input and options as {@link CheckSpec} holds them, written beside the
 * results so that {@code SparkCheck report} can find a key's operations again and check it as the job did.
 */
final class CheckFile {
    private CheckFile() {
    }

    static String toJson(CheckSpec s) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("inputs");
            for (String i : s.inputs()) {
                g.writeString(i);
            }
            g.writeEndArray();
            g.writeStringField("format", s.format());
            g.writeStringField("model", s.model());
            g.writeStringField("initial", s.initial());
            g.writeBooleanField("independent", s.independent());
            g.writeStringField("nilRead", s.nilRead());
            g.writeBooleanField("perFile", s.perFile());
            g.writeBooleanField("partition", s.partition());
            g.writeStringField("engine", s.engine());
            g.writeStringField("keyTimeout", s.keyTimeout() == null ? null : s.keyTimeout().toString());
            g.writeNumberField("keyMaxMemory", s.keyMaxMemory());
            g.writeStringField("coreTimeout", s.coreTimeout() == null ? null : s.coreTimeout().toString());
            g.writeNumberField("maxKeyOperations", s.maxKeyOperations());
            g.writeNumberField("partitions", s.partitions());
            g.writeNumberField("hotKeyOperations", s.hotKeyOperations());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    /** The spec {@code json} holds; {@link IllegalArgumentException} naming the problem if it is not one. */
    static CheckSpec fromJson(String json) {
        CheckSpec s = CheckSpec.of("-");
        List<String> inputs = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.getCurrentName();
                JsonToken t = p.nextToken();
                String text = t == JsonToken.VALUE_NULL ? null : t.isScalarValue() ? p.getText() : null;
                switch (field) {
                    case "inputs" -> {
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            inputs.add(p.getText());
                        }
                    }
                    case "format" -> s = s.withFormat(text);
                    case "model" -> s = s.withModel(text);
                    case "initial" -> s = s.withInitial(text);
                    case "independent" -> s = s.withIndependent(p.getBooleanValue());
                    case "nilRead" -> s = s.withNilRead(text);
                    case "perFile" -> s = s.withPerFile(p.getBooleanValue());
                    case "partition" -> s = s.withPartition(p.getBooleanValue());
                    case "engine" -> s = s.withEngine(text);
                    case "keyTimeout" -> s = s.withKeyTimeout(text == null ? null : Duration.parse(text));
                    case "keyMaxMemory" -> s = s.withKeyMaxMemory(p.getLongValue());
                    case "coreTimeout" -> s = s.withCoreTimeout(text == null ? null : Duration.parse(text));
                    case "maxKeyOperations" -> s = s.withMaxKeyOperations(p.getIntValue());
                    case "partitions" -> s = s.withPartitions(p.getIntValue());
                    case "hotKeyOperations" -> s = s.withHotKeyOperations(p.getLongValue());
                    default -> p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return new CheckSpec(inputs, s.format(), s.model(), s.initial(), s.independent(), s.nilRead(), s.perFile(),
                s.partition(), s.engine(), s.keyTimeout(), s.keyMaxMemory(), s.coreTimeout(), s.maxKeyOperations(),
                s.partitions(), s.hotKeyOperations());
    }
}
