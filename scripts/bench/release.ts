/**
 * The release path on PGlite, without people in it: an owner with N encrypted assets (each left
 * to one of 10 beneficiaries) is released by the timers; then one beneficiary asks for a code,
 * verifies it, lists what was left and opens (decrypts) the first item. Reports each step in ms.
 * Usage: node --import tsx scripts/bench/release.ts [assets=200] [runs=5]
 */
import { randomBytes } from "node:crypto";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import { createApp } from "../../server/app.js";
import { openPglite } from "../../server/db/client.js";
import { parseEnv } from "../../server/env.js";
import { createLogger } from "../../server/logger.js";
import { createOffsetClock } from "../../server/clock.js";
import { runDueTimers } from "../../server/release/timers.js";
import { createServices } from "../../server/services.js";
import { DAY_MS, mailedCode } from "../../test/factories/release.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { TestClient, buildUser, type TestContext } from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";

const ASSETS = Number(process.argv[2] ?? 200);
const RUNS = Number(process.argv[3] ?? 5);
const { subtle } = globalThis.crypto;

const rows: Record<string, number[]> = {};
const time = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  const out = await fn();
  (rows[name] ??= []).push(performance.now() - t);
  return out;
};

for (let run = 0; run < RUNS; run++) {
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3999",
    DATA_DIR: ".tmp/bench",
    VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
    LOG_LEVEL: "warn",
  });
  const clock = createOffsetClock();
  const services = await createServices(env, createLogger("warn"), {
    database: await openPglite(undefined),
    clock,
  });
  const ctx = {
    app: createApp(services.deps, { webDist: "/nonexistent" }),
    services,
    env,
    close: () => services.close(),
  } as TestContext;
  const owner = await buildUser(ctx, { name: "Bench Owner" });
  const dataKey = await dataKeyOf(owner.client);
  const heirs = Array.from({ length: 10 }, (_, i) => `heir${i}-${run}@example.com`);
  for (let i = 0; i < ASSETS; i++)
    await buildAsset(owner.client, {
      beneficiaryEmails: heirs.filter((_, h) => h === i % heirs.length),
      dataKey,
      title: `Item ${i}`,
    });
  await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 1 });
  clock.advance(100 * DAY_MS);
  await runDueTimers(services.deps); // reminders and the start of the wait
  clock.advance(2 * DAY_MS);

  await time(`release step (${ASSETS} assets, 10 beneficiaries)`, () =>
    runDueTimers(services.deps),
  );
  const heir = heirs[0] ?? "";
  const portal = new TestClient(ctx);
  await time("POST /api/legacy/code", () => portal.post("/api/legacy/code", { email: heir }));
  const code = await mailedCode(ctx, heir);
  await time("POST /api/legacy/verify", () =>
    portal.post("/api/legacy/verify", { email: heir, code }),
  );
  const list = await time("GET /api/legacy/items", () =>
    portal.json<LegacyItemsView>("GET", "/api/legacy/items"),
  );
  await time("GET /api/legacy/items/:id + decrypt", async () => {
    const { body } = await portal.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${list.body.items[0]?.id}`,
    );
    // The owner here has no beneficiary keys (made without them): the server sends the content
    // key itself (common/legacy.ts, LegacyItemKey "content-key").
    const { key: itemKey } = body.item;
    if (itemKey.kind !== "content-key")
      throw new Error(`expected a content key, got ${itemKey.kind}`);
    const key = await subtle.importKey(
      "raw",
      Buffer.from(itemKey.contentKey, "base64"),
      "AES-GCM",
      false,
      ["decrypt"],
    );
    return decryptBytes(key, Buffer.from(body.item.encryptedData, "base64"));
  });
  await ctx.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`${RUNS} runs, median and max in ms:`);
for (const [name, xs] of Object.entries(rows))
  console.log(
    `  ${name.padEnd(46)} ${median(xs).toFixed(1).padStart(8)} ${Math.max(...xs)
      .toFixed(1)
      .padStart(8)}`,
  );
const total = Object.values(rows).reduce((sum, xs) => sum + median(xs), 0);
console.log(
  `  ${"release to first decrypted item (server side)".padEnd(46)} ${total.toFixed(1).padStart(8)}`,
);
