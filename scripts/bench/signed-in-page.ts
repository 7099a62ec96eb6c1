/**
 * The set-up of the benches that time a screen in Chromium (vault-list.ts, estate-list.ts): the
 * real server (PGlite in a temporary folder; serves web/dist, so run `npm run build` first), an
 * account registered and confirmed, and a 1280×800 page signed in to it with the vault unlocked.
 * Not slowed down: the set-up, not what is measured.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../../e2e/chromium.js";
import { WEB_DIST } from "../../server/paths.js";
import { freePort, GOOD_PASSWORD } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";

/**
 * NAME names the temporary folder and the account's email, to tell runs apart; `env` adds to the
 * server's (DATABASE_URL for PostgreSQL). Returns the server too.
 */
export const signedInPage = async (
  name: string,
  { env = {} }: { env?: Record<string, string> } = {},
) => {
  if (!existsSync(path.join(WEB_DIST, "index.html"))) throw new Error("run `npm run build` first");
  const dataDir = mkdtempSync(path.join(tmpdir(), `lv-${name}-`));
  const port = await freePort();
  const server = new ServerProcess(port, {
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
    ...env,
  });
  // A failed run (an error thrown below) must not leave its server running under the next run.
  process.on("exit", () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });
  await server.waitUntilListening(240_000); // a loaded machine starts PGlite slowly
  const email = `${name}-${randomBytes(4).toString("hex")}@example.com`;
  const expectOk = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  };
  await expectOk(
    await fetch(`${server.baseUrl}/api/register`, {
      method: "POST",
      headers: { origin: server.origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench User", email, password: GOOD_PASSWORD }),
    }),
    "register",
  );
  const mailbox = await server.json<{ messages: { to: string; text: string }[] }>(
    "GET",
    "/dev/mailbox.json",
  );
  const link = /https?:\/\/\S*\/auth\/callback\S*/.exec(
    mailbox.body.messages.find((m) => m.to === email)?.text ?? "",
  )?.[0];
  if (!link) throw new Error("no confirmation link");
  await expectOk(
    await fetch(
      `${server.baseUrl}/api/auth/verify-email?token=${new URL(link).searchParams.get("code")}`,
    ),
    "confirm",
  );

  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 1280, height: 800 },
    bypassCSP: !!process.env.TRY_CSS, // TRY_CSS adds inline styles, which the app's CSP refuses
  });
  const signIn = async (page: Page) => {
    page.setDefaultTimeout(120_000);
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: /^sign in$/i }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    // The vault's keys are in the session once unlocked: the screens need them to open anything.
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
        ).sessionStorage.getItem("lv.vault") !== null,
    );
  };
  const page = await context.newPage();
  await signIn(page);

  const close = async () => {
    await browser.close();
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { context, page, close, server };
};
