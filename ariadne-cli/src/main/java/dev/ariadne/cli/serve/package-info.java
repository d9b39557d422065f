/**
 * {@code ariadne serve}: a warm JVM on a Unix domain socket that runs {@code ariadne check} for a tiny native
 * client, so loops and test suites that call {@code ariadne} many times pay no JVM start. The protocol, the
 * socket's place and the failure rules are described in docs/serve.md and in {@link dev.ariadne.cli.serve.Server}.
 */
package dev.ariadne.cli.serve;
