package dev.ariadne.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a guide's Java is tied to compiled code: each {@code ```java} block of the page must be a region between
 * {@code // guide:NAME} and {@code // guide:end} of a compiled source, de-indented (LibraryGuideTest, HarnessGuideTest).
 */
final class GuideRegions {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern REGION = Pattern.compile("(?m)^[ \\t]*// guide:(?!end)\\w+\\n(.*?)^[ \\t]*// guide:end\\n",
            Pattern.DOTALL);

    private GuideRegions() {
    }

    /** The Java blocks of a Markdown page, in order. */
    static List<String> javaBlocks(String page) {
        List<String> blocks = new ArrayList<>();
        Matcher m = JAVA_BLOCK.matcher(page);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    /** Every guide region of a source, de-indented, each line ending with a newline. */
    static List<String> regions(String source) {
        List<String> regions = new ArrayList<>();
        Matcher m = REGION.matcher(source);
        while (m.find()) {
            String region = m.group(1);
            int indent = region.lines().filter(l -> !l.isBlank())
                    .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
            StringBuilder out = new StringBuilder();
            region.lines().forEach(l -> out.append(l.length() >= indent ? l.substring(indent) : l.strip())
                    .append('\n'));
            regions.add(out.toString());
        }
        return regions;
    }
}
