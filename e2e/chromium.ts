import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium: browsers are not downloaded on this project's machines. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_MISSING =
  "Chromium is missing: run `apt-get update && apt-get install -y chromium` (Debian) and npm test again";

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

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}
