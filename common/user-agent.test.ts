import { describe, expect, it } from "vitest";
import { describeUserAgent, parseUserAgent } from "./user-agent.js";

const UA = {
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
  chromeOs:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
};

describe("parseUserAgent", () => {
  it.each([
    [UA.chromeMac, "Chrome", "131", "macOS"],
    [UA.edgeWindows, "Edge", "131", "Windows"],
    [UA.firefoxLinux, "Firefox", "133", "Linux"],
    [UA.safariIphone, "Safari", "18", "iOS"],
    [UA.chromeIphone, "Chrome", "130", "iOS"],
    [UA.samsungAndroid, "Samsung Internet", "26", "Android"],
    [UA.chromeAndroid, "Chrome", "131", "Android"],
    [UA.operaWindows, "Opera", "115", "Windows"],
    [UA.safariMac, "Safari", "17", "macOS"],
    [UA.chromeOs, "Chrome", "131", "ChromeOS"],
    [UA.headless, "Chrome", "131", "Linux"],
  ])("%s", (ua, browser, browserVersion, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, browserVersion, os });
  });

  it("knows nothing of an empty, missing or unfamiliar header", () => {
    const none = { browser: null, browserVersion: null, os: null };
    expect(parseUserAgent(null)).toEqual(none);
    expect(parseUserAgent("")).toEqual(none);
    expect(parseUserAgent("curl/8.5.0")).toEqual(none);
    expect(parseUserAgent("node")).toEqual(none);
  });
});

describe("describeUserAgent", () => {
  it("names browser, version and system, and says when it does not know", () => {
    expect(describeUserAgent(parseUserAgent(UA.firefoxLinux))).toBe("Firefox 133 on Linux");
    expect(describeUserAgent({ browser: "Safari", browserVersion: null, os: "iOS" })).toBe(
      "Safari on iOS",
    );
    expect(describeUserAgent({ browser: null, browserVersion: null, os: "Linux" })).toBe(
      "Unknown browser on Linux",
    );
    expect(describeUserAgent({ browser: "Chrome", browserVersion: "1", os: null })).toBe(
      "Chrome 1 on an unknown system",
    );
    expect(describeUserAgent(parseUserAgent("curl/8.5.0"))).toBe("Unknown device");
  });
});
