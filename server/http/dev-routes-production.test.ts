import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, createTestContext, type TestContext } from "../../test/harness.js";
import { createApp } from "../app.js";
import { createOffsetClock } from "../clock.js";

/** A built web app, so that an unmounted /dev route would fall through to index.html (200) if nothing stopped it. */
const webDist = mkdtempSync(path.join(tmpdir(), "lv-dist-"));
writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Legacy Vault</title>");

let ctx: TestContext;
beforeAll(async () => {
  // The mailer only connects when it sends: nothing listens on this port, and nothing is sent here.
  ctx = await createTestContext({
    NODE_ENV: "production",
    SMTP_URL: "smtp://127.0.0.1:9",
    APP_URL: "https://vault.example.com",
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("/dev in production", () => {
  it("is never mounted: 404 from this machine, even if the mailbox and the test clock were somehow on", async () => {
    // Whatever other settings say: a dev mailbox and a test clock handed to the app (parseEnv refuses both in production).
    ctx.app = createApp(
      { ...ctx.services.deps, isDevMailbox: true },
      { webDist, testClock: createOffsetClock() },
    );
    const local = new TestClient(ctx, "127.0.0.1");
    for (const p of [
      "/dev",
      "/dev/",
      "/dev/mailbox",
      "/dev/mailbox.json",
      "/dev/clock",
      "/dev/anything",
    ]) {
      const res = await local.get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type"), p).toContain("application/json"); // the API's 404, not index.html
    }
    expect((await local.post("/dev/clock", { advanceMs: 60_000 })).status).toBe(404);
    expect((await local.get("/")).status).toBe(200); // the web app itself is still served
  });
});
