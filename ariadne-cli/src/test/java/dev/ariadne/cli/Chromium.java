package dev.ariadne.cli;

import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Debian's chromium, headless, driven through its chromedriver: the one way the browser tests start a browser.
 * Skips the calling test class, saying why, where either is not installed.
 */
final class Chromium {
    static final String BINARY = "/usr/bin/chromium";
    static final String DRIVER = "/usr/bin/chromedriver";

    private Chromium() {
    }

    /** A new headless browser with a window 1400 px wide and {@code height} tall, keeping the page's console log. */
    static WebDriver start(int height) {
        assumeTrue(new File(BINARY).canExecute() && new File(DRIVER).canExecute(),
                "browser tests skipped: " + BINARY + " or " + DRIVER + " is missing "
                        + "(apt-get install chromium chromium-driver; .ci/run installs them)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400," + height, "--no-first-run", "--disable-extensions");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER)).build(),
                options);
    }
}
