import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReleasePlanView } from "../../common/release.js";
import { ASSET_JSON_MAX_BYTES, FILE_KIND_ASSET_TYPE } from "../../common/assets.js";
import { ASSET_FILE_KINDS, FILE_TYPES } from "../../common/assets/files.js";
import { GCM_OVERHEAD_BYTES } from "../../common/ciphertext.js";
import { withDatabase } from "../../test/global-setup.js";
import { GOOD_PASSWORD, freePort, uniqueEmail } from "../../test/harness.js";
import {
  hasNginx,
  NGINX,
  nginxMainConfig,
  runNginx,
  selfSignedCertificate,
} from "../../test/nginx.js";
import { isPgServerReachable, pgAdmin, PG_SERVER_URL } from "../../test/pg-admin.js";
import { ServerProcess } from "../../test/server-process.js";
import { decodeQuotedPrintable, startSmtpSink, type ReceivedMail } from "../../test/smtp-sink.js";
import {
  encryptBytes,
  importDataKey,
  sealAsset,
  sealTitle,
  unwrapContentKey,
  decryptBytes,
} from "../../test/vault-crypto.js";

/**
 * Scale-out as deployed (issue 14, docs/operations.md, docs/decisions/031): two app processes on
 * one PostgreSQL database behind Debian's nginx running deploy/nginx/legacy-vault.conf itself,
 * with TLS (a self-signed certificate, the only CA the client trusts). Only ports, paths and the
 * certificate are swapped, each swap checked, so the site file cannot drift from what is tested.
 */
const ROOT = path.join(import.meta.dirname, "..", "..");
const SITE = path.join(ROOT, "deploy", "nginx", "legacy-vault.conf");
const UNIT = path.join(ROOT, "deploy", "legacy-vault@.service");

const hasPg = await isPgServerReachable();
const missing = [
  hasNginx ? null : `${NGINX} (apt-get install nginx)`,
  hasPg ? null : `a PostgreSQL server at ${PG_SERVER_URL}`,
].filter(Boolean);
if (missing.length && process.env.CI)
  throw new Error(`scale-out-nginx.test.ts must run in CI but is missing ${missing.join(" and ")}`);
if (missing.length)
  console.warn(
    `server/http/scale-out-nginx.test.ts is skipped: missing ${missing.join(" and ")} (CI has both)`,
  );

const MB = 1024 * 1024;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `text` with each `from` replaced by its `to`; throws when one is not there (the file changed: update the test with it). */
function substitute(text: string, swaps: [string, string][]): string {
  let out = text;
  for (const [from, to] of swaps) {
    if (!out.includes(from)) throw new Error(`${SITE} no longer contains ${JSON.stringify(from)}`);
    out = out.split(from).join(to);
  }
  return out;
}

describe("deploy/ files", () => {
  it("nginx lets through the largest request body the app accepts", () => {
    const site = readFileSync(SITE, "utf8");
    const limit = /client_max_body_size (\d+)m;/.exec(site)?.[1];
    // the biggest PUT /api/assets/:id/files: every kind one asset type holds, at its largest, with the JSON
    const largest = Math.max(
      ...Object.values(FILE_KIND_ASSET_TYPE).map((type) =>
        ASSET_FILE_KINDS.filter((k) => FILE_KIND_ASSET_TYPE[k] === type)
          .map((k) => Math.max(...FILE_TYPES[k].map((r) => r.maxBytes)) + GCM_OVERHEAD_BYTES)
          .reduce((a, b) => a + b, ASSET_JSON_MAX_BYTES),
      ),
    );
    expect(Number(limit) * MB).toBeGreaterThanOrEqual(largest);
    expect(Number(limit) * MB).toBeLessThan(largest * 1.25);
  });

  it.skipIf(!existsSync("/usr/bin/systemd-analyze"))(
    "the systemd unit passes systemd-analyze verify as an instance",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "lv-unit-"));
      try {
        const instance = path.join(dir, "legacy-vault@3001.service");
        copyFileSync(UNIT, instance);
        const unit = readFileSync(UNIT, "utf8");
        for (const line of [
          "NoNewPrivileges=yes",
          "ProtectSystem=strict",
          "ReadWritePaths=/var/lib/legacy-vault",
          "EnvironmentFile=/etc/legacy-vault/env",
          "Restart=on-failure",
        ])
          expect(unit.split("\n")).toContain(line);
        // unknown keys and bad values are only warnings: any output at all fails
        const output = execFileSync("systemd-analyze", ["verify", instance], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
        expect(output).toBe("");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** A browser on the public origin, through nginx over HTTPS, keeping its cookies. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly site: { port: number; ca: string; origin: string }) {}

  send(
    method: string,
    urlPath: string,
    body?: Buffer | string,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: "127.0.0.1",
          port: this.site.port,
          servername: "localhost",
          ca: this.site.ca,
          method,
          path: urlPath,
          agent: false,
          timeout: 60_000,
          headers: {
            host: `localhost:${this.site.port}`,
            origin: this.site.origin,
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => chunks.push(d));
          res.on("end", () => {
            for (const c of res.headers["set-cookie"] ?? []) {
              const [pair = ""] = c.split(";");
              const eq = pair.indexOf("=");
              this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            });
          });
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
      req.on("error", reject);
      req.end(body);
    });
  }

  async json<T>(
    method: string,
    urlPath: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; requestId: string }> {
    const res = await this.send(
      method,
      urlPath,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? {} : { "content-type": "application/json" },
    );
    const text = res.body.toString("utf8");
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // nginx's own error pages are HTML
    }
    return {
      status: res.status,
      body: parsed as T,
      requestId: String(res.headers["x-request-id"] ?? ""),
    };
  }
}

/** A raw message's headers unfolded, its Subject, and its text. */
function readMail(mail: ReceivedMail) {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/m.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
  return { to: mail.to, subject, text: decodeQuotedPrintable(rest.join("\n\n")) };
}

describe.skipIf(missing.length > 0)(
  "two app processes on one PostgreSQL behind nginx (deploy/nginx/legacy-vault.conf)",
  () => {
    let dir: string;
    let database: string;
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    let nginx: Awaited<ReturnType<typeof runNginx>>;
    const apps: ServerProcess[] = [];
    let site: { port: number; ca: string; origin: string };
    let redirectPort: number;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "lv-scale-"));
      const cert = selfSignedCertificate(dir);
      const [httpsPort, httpPort, appPort1, appPort2] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      redirectPort = httpPort;
      site = { port: httpsPort, ca: cert.pem, origin: `https://localhost:${httpsPort}` };
      sink = await startSmtpSink();
      database = `lv_scale_${randomBytes(5).toString("hex")}`;
      await pgAdmin((c) => c.query(`create database ${database}`));

      // both at once on an empty database: one migrates, the other waits for its lock (docs/decisions/021)
      const env = {
        DATABASE_URL: withDatabase(PG_SERVER_URL, database),
        APP_URL: site.origin,
        TRUST_PROXY: "127.0.0.1",
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
        TEST_CLOCK: "1",
      };
      for (const port of [appPort1, appPort2])
        apps.push(new ServerProcess(port, { ...env, DATA_DIR: path.join(dir, `data-${port}`) }));
      await Promise.all(apps.map((a) => a.waitUntilListening(50_000)));

      const rendered = substitute(readFileSync(SITE, "utf8"), [
        ["listen [::]:80;\n", ""],
        ["listen [::]:443 ssl http2;\n", ""],
        ["listen 80;", `listen 127.0.0.1:${httpPort};`],
        ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
        ["server_name vault.example.com;", "server_name localhost;"],
        ["127.0.0.1:3001", `127.0.0.1:${appPort1}`],
        ["127.0.0.1:3002", `127.0.0.1:${appPort2}`],
        // the site's 10 s, shortened: nginx tries a dead process again sooner, and the test waits less
        ["fail_timeout=10s", "fail_timeout=1s"],
        ["/etc/letsencrypt/live/vault.example.com/fullchain.pem", cert.certFile],
        ["/etc/letsencrypt/live/vault.example.com/privkey.pem", cert.keyFile],
        ["/var/log/nginx/legacy-vault.access.log", path.join(dir, "access.log")],
        ["/var/log/nginx/legacy-vault.error.log", path.join(dir, "error.log")],
        ["/var/www/html", path.join(dir, "acme")],
      ]);
      nginx = await runNginx(
        dir,
        httpsPort,
        nginxMainConfig(dir, `  include /etc/nginx/mime.types;\n${rendered}`),
      );
    });

    afterAll(async () => {
      await nginx?.stop();
      for (const app of apps) {
        app.kill("SIGKILL");
        await app.exited;
      }
      await sink?.close();
      if (database)
        await pgAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    /** Which app process answered the request with this X-Request-Id: its port, from nginx's access log. */
    async function answeredBy(requestId: string): Promise<number> {
      // nginx writes the line once the response is sent, so it may come a moment after the client has it
      const deadline = Date.now() + 5_000;
      for (;;) {
        const line = readFileSync(path.join(dir, "access.log"), "utf8")
          .split("\n")
          .find((l) => l.includes(`request_id=${requestId}`));
        // the last of the processes nginx tried ("upstream=A, B": A refused, B answered)
        const port = Number(
          /upstream=(?:127\.0\.0\.1:\d+, )*127\.0\.0\.1:(\d+) /.exec(line ?? "")?.[1],
        );
        if (port) return port;
        if (Date.now() > deadline)
          throw new Error(`no access log line names the process for request ${requestId}: ${line}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    /** Moves the release clock of both processes forward at once; each runs the timers that became due (POST /dev/clock, straight to the app from this machine). */
    async function advanceBoth(ms: number): Promise<number[]> {
      return Promise.all(
        apps.map(async (app) => {
          const res = await fetch(`${app.baseUrl}/dev/clock`, {
            method: "POST",
            headers: { origin: site.origin, "content-type": "application/json" },
            body: JSON.stringify({ advanceMs: ms }),
          });
          const body = (await res.json()) as { ran: number };
          if (res.status !== 200)
            throw new Error(
              `POST /dev/clock on ${app.port} -> ${res.status} ${JSON.stringify(body)}`,
            );
          return body.ran;
        }),
      );
    }

    /** Messages in the outbox that no process has sent yet (claimed or not). */
    async function unsentMail(): Promise<number> {
      const client = new pg.Client({ connectionString: withDatabase(PG_SERVER_URL, database) });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from mail_outbox where status = 'pending'",
        );
        return rows[0]?.n ?? -1;
      } finally {
        await client.end();
      }
    }

    async function mailsUntil(
      done: (mails: ReturnType<typeof readMail>[]) => boolean,
      timeoutMs = 30_000,
    ) {
      const deadline = Date.now() + timeoutMs;
      while (!done(sink.received.map(readMail))) {
        if (Date.now() > deadline)
          throw new Error(
            `mails not there in time: ${JSON.stringify(sink.received.map(readMail).map((m) => [m.to, m.subject]))}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
      return sink.received.map(readMail);
    }

    const email = uniqueEmail("scale");
    const heir = uniqueEmail("heir");
    let document: { id: string; plaintext: Buffer };

    it("plain HTTP is redirected to HTTPS", async () => {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            {
              host: "127.0.0.1",
              port: redirectPort,
              path: "/vault?x=1",
              headers: { host: "vault.example.com" },
              agent: false,
            },
            resolve,
          )
          .on("error", reject),
      );
      res.resume();
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe("https://vault.example.com/vault?x=1");
    });

    it(
      "register, confirm by the e-mailed link, sign in, store a document, sign in again on the other process",
      { timeout: 60_000 },
      async () => {
        const browser = new Browser(site);
        const reg = await browser.json("POST", "/api/register", {
          name: "Scale Sam",
          email,
          password: GOOD_PASSWORD,
        });
        expect(reg.status, JSON.stringify(reg.body)).toBe(200);
        const [confirm] = await mailsUntil((mails) => mails.some((m) => m.to.includes(email)));
        const link =
          /https:\/\/localhost:\d+\/auth\/callback\S*/.exec(confirm?.text ?? "")?.[0] ?? "";
        expect(link.startsWith(`${site.origin}/`), confirm?.text).toBe(true);
        const code = new URL(link).searchParams.get("code") ?? "";
        expect((await browser.json("GET", `/api/auth/verify-email?token=${code}`)).status).toBe(
          200,
        );

        const signIn = await browser.json("POST", "/api/auth/sign-in/email", {
          email,
          password: GOOD_PASSWORD,
        });
        expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
        const first = await answeredBy(signIn.requestId);

        // a document, encrypted as the browser does it (docs/decisions/009)
        const key = await browser.json<{ dataKey: string }>("GET", "/api/vault/key");
        expect(key.status).toBe(200);
        const dk = await importDataKey(key.body.dataKey);
        const id = randomUUID();
        const sealed = await sealAsset(dk, id, { fileName: "will.pdf", notes: "" });
        const created = await browser.json("POST", "/api/assets", {
          id,
          type: "document",
          encryptedTitle: await sealTitle(sealed.ck, id, "My will"),
          beneficiaryEmails: [heir],
          wrappedKey: sealed.wrappedKey,
          encryptedData: sealed.encryptedData,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const plaintext = randomBytes(3 * MB);
        const ciphertext = await encryptBytes(sealed.ck, plaintext);
        const put = await browser.send("PUT", `/api/assets/${id}/files/document`, ciphertext, {
          "content-type": "application/octet-stream",
          "x-content-type": "application/pdf",
        });
        expect(put.status, put.body.toString()).toBe(200);
        document = { id, plaintext };

        // a new browser signs in until round robin lands it on the other process (at most a few tries)
        let again: Browser | undefined;
        for (let i = 0; i < 4 && !again; i++) {
          const other = new Browser(site);
          const res = await other.json("POST", "/api/auth/sign-in/email", {
            email,
            password: GOOD_PASSWORD,
          });
          expect(res.status).toBe(200);
          if ((await answeredBy(res.requestId)) !== first) again = other;
        }
        expect(again, "no sign-in was answered by the other process").toBeDefined();
        // that session, and the document stored through the first process, are good on both
        const seenBy = new Set<number>();
        for (let i = 0; i < 4; i++) {
          const me = await again!.json<{ user: { email: string } }>("GET", "/api/me");
          expect(me.status).toBe(200);
          expect(me.body.user.email).toBe(email);
          seenBy.add(await answeredBy(me.requestId));
          const download = await again!.send("GET", `/api/assets/${id}/files/document`);
          expect(download.status).toBe(200);
          seenBy.add(await answeredBy(String(download.headers["x-request-id"])));
          const asset = await again!.json<{ asset: { wrappedKey: string } }>(
            "GET",
            `/api/assets/${id}`,
          );
          expect(asset.status, JSON.stringify(asset.body)).toBe(200);
          const ck = await unwrapContentKey(dk, id, asset.body.asset.wrappedKey);
          expect((await decryptBytes(ck, download.body)).equals(plaintext)).toBe(true);
        }
        expect([...seenBy].sort()).toEqual(apps.map((a) => a.port).sort());
      },
    );

    it(
      "a release timer fires exactly once across both processes: one release, one set of mails",
      { timeout: 60_000 },
      async () => {
        expect(document).toBeDefined();
        const owner = new Browser(site);
        expect(
          (await owner.json("POST", "/api/auth/sign-in/email", { email, password: GOOD_PASSWORD }))
            .status,
        ).toBe(200);
        const saved = await owner.json<ReleasePlanView>("PUT", "/api/release/plan", {
          inactivityMonths: 3,
          waitDays: 1,
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const endsAt = new Date(saved.body.plan.inactivityEndsAt ?? "").getTime();
        const mailsBefore = sink.received.length;

        // past the inactivity period on both clocks: reminders, then the wait starts; then past the wait
        await advanceBoth(endsAt - Date.now() + HOUR_MS);
        await advanceBoth(DAY_MS + HOUR_MS);
        await advanceBoth(DAY_MS);
        const released = "Your Legacy Vault was released";
        const all = await mailsUntil(
          (mails) =>
            mails.some((m) => m.to.includes(heir)) && mails.some((m) => m.subject === released),
        );
        // the mailers of both processes have nothing left to send: anything sent twice is in
        await expect.poll(unsentMail, { timeout: 30_000, interval: 100 }).toBe(0);
        const after = sink.received.slice(mailsBefore).map(readMail);
        expect(all.length).toBeGreaterThan(mailsBefore);

        const toHeir = after.filter((m) => m.to.includes(heir));
        expect(toHeir.map((m) => m.subject)).toEqual([
          "Scale Sam has left you something in Legacy Vault",
        ]);
        const toOwner = after.filter((m) => m.to.includes(email)).map((m) => m.subject);
        expect(toOwner).toEqual(
          expect.arrayContaining(["A release of your Legacy Vault has started", released]),
        );
        expect(new Set(toOwner).size, JSON.stringify(toOwner)).toBe(toOwner.length);

        const view = await owner.json<ReleasePlanView>("GET", "/api/release");
        expect(view.body.state).toBe("released");
        const actions = view.body.timeline.map((t) => t.action);
        expect(actions.filter((a) => a === "release.started")).toHaveLength(1);
        expect(actions.filter((a) => a === "release.released")).toHaveLength(1);
      },
    );

    it(
      "SIGKILL of one process during uploads: the other keeps serving, and every acknowledged upload downloads byte-identical",
      { timeout: 60_000 },
      async () => {
        const browser = new Browser(site);
        expect(
          (
            await browser.json("POST", "/api/auth/sign-in/email", {
              email,
              password: GOOD_PASSWORD,
            })
          ).status,
        ).toBe(200);
        const dk = await importDataKey(
          (await browser.json<{ dataKey: string }>("GET", "/api/vault/key")).body.dataKey,
        );
        const [victim, survivor] = apps as [ServerProcess, ServerProcess];

        type Upload = {
          id: string;
          ciphertext: Buffer;
          startedAfterKill: boolean;
          acknowledged: boolean;
          statuses: number[];
        };
        const uploads: Upload[] = [];
        let killedAt = 0;
        let exitedAt = 0;

        async function uploadOne(n: number): Promise<void> {
          const id = randomUUID();
          const sealed = await sealAsset(dk, id, { fileName: `scan-${n}.pdf`, notes: "" });
          const ciphertext = await encryptBytes(sealed.ck, randomBytes(MB + n));
          const upload: Upload = {
            id,
            ciphertext,
            startedAfterKill: exitedAt > 0,
            acknowledged: false,
            statuses: [],
          };
          uploads.push(upload);
          try {
            const created = await browser.json("POST", "/api/assets", {
              id,
              type: "document",
              encryptedTitle: await sealTitle(sealed.ck, id, `Scan ${n}`),
              beneficiaryEmails: [],
              wrappedKey: sealed.wrappedKey,
              encryptedData: sealed.encryptedData,
            });
            upload.statuses.push(created.status);
            if (created.status !== 201) return;
            const put = await browser.send("PUT", `/api/assets/${id}/files/document`, ciphertext, {
              "content-type": "application/octet-stream",
              "x-content-type": "application/pdf",
            });
            upload.statuses.push(put.status);
            upload.acknowledged = put.status === 200;
          } catch {
            upload.statuses.push(-1); // the connection broke: not acknowledged
          }
        }

        /** `count` more uploads, three at a time; the process is killed when the `killAt`-th begins (others in flight). */
        async function series(count: number, killAt?: number) {
          let started = 0;
          const worker = async () => {
            while (started < count) {
              const n = started++;
              if (n === killAt) {
                killedAt = Date.now();
                victim.kill("SIGKILL");
                void victim.exited.then(() => (exitedAt = Date.now()));
              }
              await uploadOne(uploads.length);
            }
          };
          await Promise.all([worker(), worker(), worker()]);
        }

        await series(24, 6);
        expect(killedAt).toBeGreaterThan(0);
        expect((await victim.exited).signal).toBe("SIGKILL");
        // past nginx's fail_timeout, round robin sends to the dead process again: refused, the
        // request goes to the other one (an upload at a time until nginx's log shows such a
        // POST or PUT: a refused connection never reached the app, whatever the method)
        // (a reset while a body was being sent to the dying process is moved over too, and can
        // show first: wait for the refused connection itself, up to 20 s)
        const refused = new RegExp(
          `connect\\(\\) failed \\(111: Connection refused\\) while connecting to upstream.*127\\.0\\.0\\.1:${victim.port}`,
        );
        const retriedOnSurvivor = () =>
          refused.test(nginx.errorLog()) &&
          readFileSync(path.join(dir, "access.log"), "utf8")
            .split("\n")
            .some(
              (line) =>
                /"(POST|PUT) /.test(line) &&
                line.includes(`upstream=127.0.0.1:${victim.port}, 127.0.0.1:${survivor.port} `),
            );
        for (const deadline = Date.now() + 20_000; !retriedOnSurvivor();) {
          if (Date.now() > deadline) throw new Error("nginx never tried the dead process again");
          await series(1);
        }
        await series(2);

        // in flight at the kill, a request may fail (502: a POST is never resent); nothing else
        expect(
          uploads
            .filter((u) => !u.acknowledged && u.statuses.some((s) => s !== 201 && s !== 502))
            .map((u) => u.statuses),
        ).toEqual([]);
        const afterKill = uploads.filter((u) => u.startedAfterKill);
        expect(afterKill.length).toBeGreaterThanOrEqual(10);
        // nginx skips the dead process: everything begun after it died is served by the other
        expect(afterKill.filter((u) => !u.acknowledged).map((u) => u.statuses)).toEqual([]);
        const acknowledged = uploads.filter((u) => u.acknowledged);
        expect(acknowledged.length).toBeGreaterThanOrEqual(uploads.length - 3);
        expect(nginx.errorLog()).toMatch(refused);

        for (const u of acknowledged) {
          const download = await browser.send("GET", `/api/assets/${u.id}/files/document`);
          expect(download.status, u.id).toBe(200);
          expect(download.body.equals(u.ciphertext), u.id).toBe(true);
          expect(await answeredBy(String(download.headers["x-request-id"]))).toBe(survivor.port);
        }
        // nothing that failed was half-saved either: an asset either has its file or none
        const listed = await browser.json<{ assets: { id: string; files: { size: number }[] }[] }>(
          "GET",
          "/api/assets",
        );
        for (const u of uploads.filter((x) => !x.acknowledged)) {
          const asset = listed.body.assets.find((a) => a.id === u.id);
          if (asset?.files.length) expect(asset.files[0]?.size).toBe(u.ciphertext.length);
        }
      },
    );
  },
);
