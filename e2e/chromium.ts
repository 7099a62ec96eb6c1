import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium (browsers are not downloaded on this project's machines): its headless shell
 * (package chromium-headless-shell, the same Chromium build without the browser's UI layer, what
 * Playwright itself runs headless by default) when it is installed, else the full browser;
 * E2E_CHROMIUM names another (decision 104).
 */
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";
/** The full browser, for what the shell lacks: its PDF viewer (fixtures.ts useFullBrowser). */
export const FULL_CHROMIUM_PATH = "/usr/bin/chromium";
const missing = (pkg: string) =>
  `Chromium is missing: run \`apt-get update && apt-get install -y ${pkg}\` (Debian) and npm test again`;
export const CHROMIUM_MISSING = missing("chromium-headless-shell");

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // For the audio recorder of the notes screens (document 2): a fake microphone, no permission prompt.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];

export async function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  const executablePath = options.full ? FULL_CHROMIUM_PATH : CHROMIUM_PATH;
  if (!existsSync(executablePath))
    throw new Error(options.full ? missing("chromium") : CHROMIUM_MISSING);
  return chromium.launch({ executablePath, headless: true, args: ARGS });
}
