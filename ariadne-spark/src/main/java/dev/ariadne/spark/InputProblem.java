package dev.ariadne.spark;

/**
 * Invalid input found in an executor, carried to the driver (inside Spark's task failure) to end the check with
 * exit status 65 and this message.
 */
final class InputProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Marks the message in the text of Spark's task failure, which is all the driver may get. */
    static final String MARK = "ariadne-input-problem: ";

    InputProblem(String message) {
        super(MARK + message);
    }

    /** The problem's message, found in {@code e}'s causes or in the text Spark made of the task's failure; or null. */
    static String find(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(MARK);
            if (at >= 0) {
                int end = m.indexOf('\n', at);
                return m.substring(at + MARK.length(), end < 0 ? m.length() : end);
            }
        }
        return null;
    }
}
