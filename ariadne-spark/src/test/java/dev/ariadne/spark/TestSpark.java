package dev.ariadne.spark;

import org.apache.spark.sql.SparkSession;

/** The one SparkSession all tests share: local[2], no UI, few shuffle partitions, stopped when the JVM ends. */
final class TestSpark {
    private static SparkSession session;

    private TestSpark() {
    }

    static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder().master("local[2]").appName("ariadne-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.default.parallelism", "2")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .getOrCreate();
            Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
        }
        return session;
    }
}
