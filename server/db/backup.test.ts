import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildAsset, dataKeyOf, uploadEncryptedFile } from "../../test/factories/assets.js";
import { PGLITE_TEMPLATE, clonePrefix, withDatabase } from "../../test/global-setup.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  freePort,
  testDatabaseSettings,
  type TestContext,
} from "../../test/harness.js";
import { pgAdmin, PG_SERVER_URL } from "../../test/pg-admin.js";
import { ServerProcess } from "../../test/server-process.js";
import { decryptBytes, openAsset, unwrapContentKey } from "../../test/vault-crypto.js";
import { backupSocketPath, serveBackups } from "./backup-socket.js";
import { openPglite, openPostgres, type Database } from "./client.js";
import { lockDataDir } from "./lock.js";

/**
 * Backups that restore (docs/decisions/030-backups.md): a populated vault is backed up with the real
 * command while the app runs and writes, restored with the real command into a fresh database, and
 * the app started on the copy finds every item, decryptable, its files byte-identical.
 */
const ROOT = path.join(import.meta.dirname, "..", "..");
const dirs: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-backup-"));
  dirs.push(dir);
  return dir;
}

/** `npm run <script> -- ...args` as an operator runs it, with only `env` as the app's settings. */
function npmRun(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const inherited = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "DATA_DIR",
    "SMTP_URL",
    "APP_URL",
    "NODE_ENV",
    "VAULT_MASTER_KEY",
    "TEST_DATABASE_URL",
    "TEST_TEMPLATE_DB",
  ])
    delete inherited[name];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: "test", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

type Item = { id: string; content: unknown; file?: { ciphertext: Buffer; plaintext: Buffer } };
type Populated = { email: string; items: Item[]; other: { email: string; items: Item[] } };

/** Two users; the first with a password, a note and a document of 1.5 MB (two pieces), the second with a note. */
async function populate(ctx: TestContext): Promise<Populated & { client: TestClient }> {
  const owner = await buildUser(ctx);
  const dk = await dataKeyOf(owner.client);
  const items: Item[] = [];
  const password = {
    username: "ada",
    password: "correct horse battery",
    website: "https://bank.example",
    notes: "",
  };
  items.push({
    id: (await buildAsset(owner.client, { type: "password", content: password, dataKey: dk })).id,
    content: password,
  });
  const note = { text: "The deeds are in the blue box." };
  items.push({
    id: (
      await buildAsset(owner.client, {
        type: "note",
        content: note,
        dataKey: dk,
        beneficiaryEmails: ["heir@example.com"],
      })
    ).id,
    content: note,
  });
  const doc = { fileName: "will.pdf", notes: "signed copy" };
  const document = await buildAsset(owner.client, { type: "document", content: doc, dataKey: dk });
  const plaintext = randomBytes(1.5 * 1024 * 1024);
  const { res, ciphertext } = await uploadEncryptedFile(owner.client, {
    assetId: document.id,
    ck: document.ck,
    kind: "document",
    plaintext,
    type: "application/pdf",
  });
  expect(res.status).toBe(200);
  items.push({ id: document.id, content: doc, file: { ciphertext, plaintext } });

  const other = await buildUser(ctx);
  const otherNote = { text: "Someone else's" };
  const otherItem = {
    id: (await buildAsset(other.client, { type: "note", content: otherNote })).id,
    content: otherNote,
  };
  return {
    email: owner.email,
    client: owner.client,
    items,
    other: { email: other.email, items: [otherItem] },
  };
}

/** Notes stored one after another while `during` runs (the backup): their ids in order. */
async function writeWhile(client: TestClient, during: Promise<unknown>): Promise<Item[]> {
  let isDone = false;
  void during.finally(() => (isDone = true));
  const dk = await dataKeyOf(client);
  const written: Item[] = [];
  for (let i = 0; !isDone || i < 3; i++) {
    const content = { text: `written during the backup #${i}` };
    written.push({
      id: (await buildAsset(client, { type: "note", content, dataKey: dk })).id,
      content,
    });
  }
  return written;
}

/** Signs in on `ctx` and finds exactly `items` (by id), each decryptable to its content, files byte-identical. */
async function expectVault(ctx: TestContext, email: string, items: Item[]) {
  const client = new TestClient(ctx);
  expect(
    (await client.post("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD })).status,
  ).toBe(200);
  const dk = await dataKeyOf(client);
  const listed = await client.json<{ assets: { id: string }[] }>("GET", "/api/assets");
  expect(listed.status).toBe(200);
  expect(listed.body.assets.map((a) => a.id).sort()).toEqual(items.map((i) => i.id).sort());
  for (const item of items) {
    const got = await client.json<{
      asset: { id: string; wrappedKey: string; encryptedData: string };
    }>("GET", `/api/assets/${item.id}`);
    expect(got.status).toBe(200);
    expect(await openAsset(dk, got.body.asset)).toEqual(item.content);
    if (!item.file) continue;
    const bytes = Buffer.from(
      await (await client.request("GET", `/api/assets/${item.id}/files/document`)).arrayBuffer(),
    );
    expect(bytes.equals(item.file.ciphertext)).toBe(true);
    const ck = await unwrapContentKey(dk, item.id, got.body.asset.wrappedKey);
    expect((await decryptBytes(ck, bytes)).equals(item.file.plaintext)).toBe(true);
  }
}

/** The restored items: all of `before`, and of the notes written during the backup, the first n for some n (one moment's state). */
function expectSnapshot(restoredIds: string[], before: Item[], during: Item[]): Item[] {
  const ids = new Set(restoredIds);
  for (const item of before) expect(ids.has(item.id)).toBe(true);
  const kept = during.filter((item) => ids.has(item.id));
  expect(kept).toEqual(during.slice(0, kept.length));
  return [...before, ...kept];
}

/** Neither the master key's bytes nor its base64 nor its hex (bytea's text form) anywhere in the uncompressed backup. */
function expectNoMasterKey(contents: Buffer, key: string) {
  const raw = Buffer.from(key, "base64");
  expect(contents.length).toBeGreaterThan(1024 * 1024); // the 1.5 MB file is in it: this is the data, uncompressed
  for (const form of [raw, Buffer.from(key), Buffer.from(raw.toString("hex"))])
    expect(contents.includes(form)).toBe(false);
}

/** The real server on the restored database: it starts, the user signs in, and `then` runs while it is up. */
async function withServer(
  env: Record<string, string>,
  email: string,
  then: (server: ServerProcess) => Promise<void>,
) {
  const server = new ServerProcess(await freePort(), env);
  try {
    await server.waitUntilListening();
    const signIn = await server.json<{ user?: { email: string } }>(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: GOOD_PASSWORD },
    );
    expect(signIn.status).toBe(200);
    await then(server);
  } finally {
    server.kill("SIGTERM");
    await server.exited;
  }
}

/** A migrated PGlite data directory: the run's template, made by the global setup on the PGlite run only. */
async function migratedPglite(): Promise<Blob> {
  if (!process.env.TEST_DATABASE_URL) return new Blob([readFileSync(PGLITE_TEMPLATE)]);
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    return await (database.dumpDataDir?.() ?? Promise.reject(new Error("no dump")));
  } finally {
    await database.close();
  }
}

describe("backup and restore on PGlite (DATA_DIR)", () => {
  describe("backs up while the app runs and writes, restores into a fresh DATA_DIR, and every item is there and decryptable", () => {
    const key = randomBytes(32).toString("base64");
    const dataDir = tempDir();
    const file = path.join(tempDir(), "vault.backup");
    const restoredDir = tempDir();
    let populated: Awaited<ReturnType<typeof populate>>;
    let during: Awaited<ReturnType<typeof writeWhile>>;

    it("backs up while the app runs and writes", async () => {
      // The running app: it holds DATA_DIR/pglite and answers backups on its socket, as server/main.ts does.
      const unlock = lockDataDir(path.join(dataDir, "pglite"));
      cleanups.push(async () => unlock());
      const live = await openPglite(path.join(dataDir, "pglite"), await migratedPglite());
      const ctx = await createTestContext(
        { VAULT_MASTER_KEY: key, DATA_DIR: dataDir },
        { database: live },
      );
      cleanups.push(() => ctx.close());
      const stopBackups = await serveBackups(
        backupSocketPath(dataDir),
        () => live.dumpDataDir?.() ?? Promise.reject(new Error("no dump")),
        () => {},
      );
      cleanups.push(stopBackups);
      populated = await populate(ctx);

      const backup = npmRun("backup", [file], { DATA_DIR: dataDir });
      during = await writeWhile(populated.client, backup);
      const backedUp = await backup;
      expect(backedUp.stderr).toBe("");
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toContain("taken by the running app");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expectNoMasterKey(gunzipSync(readFileSync(file)), key);
    }, 60_000);

    it("restores into a fresh DATA_DIR, never one in use, and the real app starts on the copy", async () => {
      // A restore refuses a data directory in use.
      const refused = await npmRun("restore", [file], { DATA_DIR: dataDir, VAULT_MASTER_KEY: key });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /is using the data directory .*\nA restore needs every app process on it stopped/,
      );

      const restored = await npmRun("restore", [file], {
        DATA_DIR: restoredDir,
        VAULT_MASTER_KEY: key,
      });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(existsSync(path.join(restoredDir, "pglite", "legacy-vault.lock"))).toBe(false);

      // The real app starts on the copy, the user signs in, and a backup of the copy comes from that app too.
      await withServer(
        { DATA_DIR: restoredDir, VAULT_MASTER_KEY: key },
        populated.email,
        async () => {
          const again = await npmRun("backup", [path.join(restoredDir, "again.backup")], {
            DATA_DIR: restoredDir,
          });
          expect(again.stdout).toContain("taken by the running app");
          expect(again.code).toBe(0);
        },
      );
    }, 60_000);

    it("the copy holds everything before the snapshot and nothing after; a second restore asks for --force and checks the key", async () => {
      // Nothing written after the snapshot, everything before it: checked through the app on the copy.
      const copy = await openPglite(path.join(restoredDir, "pglite"));
      const copyCtx = await createTestContext(
        { VAULT_MASTER_KEY: key, DATA_DIR: restoredDir },
        { database: copy },
      );
      try {
        const owner = new TestClient(copyCtx);
        await owner.post("/api/auth/sign-in/email", {
          email: populated.email,
          password: GOOD_PASSWORD,
        });
        const ids = (
          await owner.json<{ assets: { id: string }[] }>("GET", "/api/assets")
        ).body.assets.map((a) => a.id);
        await expectVault(copyCtx, populated.email, expectSnapshot(ids, populated.items, during));
        await expectVault(copyCtx, populated.other.email, populated.other.items);
      } finally {
        await copyCtx.close();
      }

      // Not over a database already there (unless --force), and a warning with exit 3 under another master key.
      const overwrite = await npmRun("restore", [file], {
        DATA_DIR: restoredDir,
        VAULT_MASTER_KEY: key,
      });
      expect(overwrite.code).toBe(1);
      expect(overwrite.stderr).toContain(
        "is not empty (it holds a database). Restore into a fresh DATA_DIR, or pass --force",
      );
      const wrongKey = await npmRun("restore", [file, "--force"], {
        DATA_DIR: restoredDir,
        VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
      });
      expect(wrongKey.stdout).toMatch(/is now in .*pglite\.before-restore-/);
      expect(wrongKey.stderr).toContain("this backup was taken under another master key");
      expect(wrongKey.code).toBe(3);
    }, 60_000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "backup and restore on PostgreSQL (DATABASE_URL)",
  () => {
    it("backs up with pg_dump while the app writes, restores into a fresh database, and every item is there and decryptable", async () => {
      const key = randomBytes(32).toString("base64");
      const settings = await testDatabaseSettings(tempDir());
      if (!("DATABASE_URL" in settings)) throw new Error("expected a PostgreSQL clone");
      const live: Database = openPostgres(settings.DATABASE_URL);
      const ctx = await createTestContext({ VAULT_MASTER_KEY: key }, { database: live });
      cleanups.push(() => ctx.close());
      const populated = await populate(ctx);

      const file = path.join(tempDir(), "vault.dump");
      const backup = npmRun("backup", [file], { DATABASE_URL: settings.DATABASE_URL });
      const during = await writeWhile(populated.client, backup);
      const backedUp = await backup;
      expect(backedUp.stderr).toBe("");
      expect(backedUp.code).toBe(0);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expectNoMasterKey(
        execFileSync("pg_restore", ["--file=-", file], { maxBuffer: 64 * 1024 * 1024 }),
        key,
      );

      // A fresh database, named like the run's clones so that the run's teardown drops it whatever happens.
      const name = `${clonePrefix(process.env.TEST_TEMPLATE_DB ?? "lv_template_x")}restore_${randomBytes(4).toString("hex")}`;
      await pgAdmin((c) => c.query(`create database ${name}`));
      cleanups.push(() => pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`)));
      const target = withDatabase(PG_SERVER_URL, name);

      const restored = await npmRun("restore", [file], {
        DATABASE_URL: target,
        VAULT_MASTER_KEY: key,
      });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);

      await withServer(
        { DATABASE_URL: target, VAULT_MASTER_KEY: key },
        populated.email,
        async () => {
          const inUse = await npmRun("restore", [file], {
            DATABASE_URL: target,
            VAULT_MASTER_KEY: key,
          });
          expect(inUse.code).toBe(1);
          expect(inUse.stderr).toMatch(
            /other session\(s\) are connected to the database .*: stop every app process using it before restoring/,
          );
        },
      );

      const copy = openPostgres(target);
      const copyCtx = await createTestContext({ VAULT_MASTER_KEY: key }, { database: copy });
      try {
        const owner = new TestClient(copyCtx);
        await owner.post("/api/auth/sign-in/email", {
          email: populated.email,
          password: GOOD_PASSWORD,
        });
        const ids = (
          await owner.json<{ assets: { id: string }[] }>("GET", "/api/assets")
        ).body.assets.map((a) => a.id);
        await expectVault(copyCtx, populated.email, expectSnapshot(ids, populated.items, during));
        await expectVault(copyCtx, populated.other.email, populated.other.items);
      } finally {
        await copyCtx.close();
      }

      const overwrite = await npmRun("restore", [file], {
        DATABASE_URL: target,
        VAULT_MASTER_KEY: key,
      });
      expect(overwrite.code).toBe(1);
      expect(overwrite.stderr).toContain(`The database ${name} is not empty`);
      // --force with a dump that breaks off: the restore fails and the database keeps what it held.
      const users = async () => {
        const c = new pg.Client({ connectionString: target });
        await c.connect();
        try {
          return (await c.query<{ n: number }>('select count(*)::int as n from "user"')).rows[0]?.n;
        } finally {
          await c.end();
        }
      };
      const before = await users();
      expect(before).toBeGreaterThan(0);
      const broken = path.join(tempDir(), "broken.dump");
      const whole = readFileSync(file);
      writeFileSync(broken, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const failed = await npmRun("restore", [broken, "--force"], {
        DATABASE_URL: target,
        VAULT_MASTER_KEY: key,
      });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("Nothing was changed");
      expect(await users()).toBe(before);

      const forced = await npmRun("restore", [file, "--force"], {
        DATABASE_URL: target,
        VAULT_MASTER_KEY: key,
      });
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
    }, 60_000);
  },
);
