/**
 * A device's browser and system from its User-Agent header, for the sessions list and the
 * new-device notice (docs/decisions/035). Small on purpose: the browsers and systems people use,
 * by name and major version; anything else is "Unknown". Order matters: Edge, Opera and Samsung
 * Internet also say "Chrome", Chrome also says "Safari", Android also says "Linux".
 */
export type UserAgentInfo = {
  /** "Chrome", "Firefox", ... or null when not recognised. */
  browser: string | null;
  /** The browser's major version, e.g. "131". */
  browserVersion: string | null;
  /** "Windows", "macOS", "iOS", "Android", "ChromeOS", "Linux", or null. */
  os: string | null;
};

const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["Edge", /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ["Opera", /\b(?:OPR|OPiOS)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//],
];

const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["Windows", /\bWindows\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function parseUserAgent(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? "").slice(0, 512);
  let browser: string | null = null;
  let browserVersion: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = name;
      browserVersion = match[1] ?? null;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  return { browser, browserVersion, os };
}

/** "Firefox 133 on Windows", "Safari on iOS", "Unknown browser on Linux", "Unknown device". */
export function describeUserAgent(info: UserAgentInfo): string {
  const browser = info.browser
    ? `${info.browser}${info.browserVersion ? ` ${info.browserVersion}` : ""}`
    : null;
  if (!browser && !info.os) return "Unknown device";
  return `${browser ?? "Unknown browser"} on ${info.os ?? "an unknown system"}`;
}
