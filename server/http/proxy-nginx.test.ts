import http from "node:http";
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "../db/client.js";
import { auditLog } from "../db/schema/index.js";
import { RATE_LIMIT_RULES } from "../rate-limit/rules.js";
import { GOOD_PASSWORD, freePort, testDatabaseSettings, uniqueEmail } from "../../test/harness.js";
import { hasNginx, NGINX, selfSignedCertificate, startNginx } from "../../test/nginx.js";
import { ServerProcess } from "../../test/server-process.js";

/**
 * The app behind a real nginx with TLS, as it is deployed (docs/decisions/024): the app trusts
 * only 127.0.0.1 (nginx), and test clients connect from other loopback addresses
 * (127.0.0.2, ...), which nginx forwards as $remote_addr.
 */
if (!hasNginx)
  console.warn(
    `server/http/proxy-nginx.test.ts is skipped: ${NGINX} is missing (apt-get install nginx; .ci/run installs it)`,
  );

const RESET = "/api/vault/reset";
const resetLimit =
  RATE_LIMIT_RULES.find((r) => r.method === "POST" && r.path === RESET)?.perIp.max ?? 0;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Send = { from: string; body?: unknown; headers?: Record<string, string> };

let dir: string;
let settings: Awaited<ReturnType<typeof testDatabaseSettings>>;
let server: ServerProcess | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let ca: string;
let origin: string;
let nginxPort: number;

beforeAll(async () => {
  if (!hasNginx) return;
  dir = mkdtempSync(path.join(tmpdir(), "lv-nginx-"));
  const cert = selfSignedCertificate(dir);
  ca = cert.pem;
  nginxPort = await freePort();
  origin = `https://localhost:${nginxPort}`;
  settings = await testDatabaseSettings(path.join(dir, "data"));
  const appPort = await freePort();
  server = new ServerProcess(appPort, {
    DATA_DIR: path.join(dir, "data"),
    ...settings,
    APP_URL: origin,
    TRUST_PROXY: "127.0.0.1",
    VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  });
  await server.waitUntilListening(50_000);
  nginx = await startNginx({ dir, port: nginxPort, upstreamPort: appPort, ...cert });
});

afterAll(async () => {
  await nginx?.stop();
  if (server) {
    server.kill("SIGKILL");
    await server.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A request from a browser on `from`: through nginx over HTTPS (only our certificate trusted), or straight to the app. */
function send(
  to: "nginx" | "app",
  method: string,
  urlPath: string,
  { from, body, headers = {} }: Send,
): Promise<Reply> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  const common = {
    host: "127.0.0.1",
    localAddress: from,
    method,
    path: urlPath,
    agent: false,
    timeout: 20_000,
    headers: {
      origin,
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
  } as const;
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    };
    const req =
      to === "nginx"
        ? https.request(
            {
              ...common,
              port: nginxPort,
              servername: "localhost",
              ca,
              headers: { ...common.headers, host: `localhost:${nginxPort}` },
            },
            onResponse,
          )
        : http.request({ ...common, port: server?.port }, onResponse);
    req.on("timeout", () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on("error", reject);
    req.end(json);
  });
}

async function spendResetLimit(to: "nginx" | "app", from: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= resetLimit; i++) {
    const headers = { "x-forwarded-for": `198.51.100.${i + 1}` };
    statuses.push(
      (
        await send(to, "POST", RESET, {
          from,
          body: { token: "not-a-token", newPassword: GOOD_PASSWORD },
          headers,
        })
      ).status,
    );
  }
  return statuses;
}

describe.skipIf(!hasNginx)("behind a real nginx with TLS (TRUST_PROXY=127.0.0.1)", () => {
  it("the API answers over HTTPS with HSTS, and a sign-in sets a Secure session cookie that works through the proxy", async () => {
    const health = await send("nginx", "GET", "/api/health", { from: "127.0.0.2" });
    expect(health.status).toBe(200);
    expect(health.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    const email = uniqueEmail("proxied");
    const reg = await send("nginx", "POST", "/api/register", {
      from: "127.0.0.2",
      body: { name: "Proxied Pat", email, password: GOOD_PASSWORD },
    });
    expect(reg.status, reg.body).toBe(200);
    // the dev mailbox answers only requests from this machine that no proxy relayed
    const mailbox = await send("app", "GET", "/dev/mailbox.json", { from: "127.0.0.1" });
    const { messages } = JSON.parse(mailbox.body) as { messages: { to: string; text: string }[] };
    const link = /https:\/\/localhost:\d+\/auth\/callback\S*/.exec(
      messages.find((m) => m.to === email)?.text ?? "",
    )?.[0];
    expect(link, mailbox.body).toBeDefined();
    expect(link?.startsWith(`${origin}/`)).toBe(true);
    const code = new URL(link ?? origin).searchParams.get("code") ?? "";
    expect(
      (await send("nginx", "GET", `/api/auth/verify-email?token=${code}`, { from: "127.0.0.2" }))
        .status,
    ).toBe(200);

    const wrong = await send("nginx", "POST", "/api/auth/sign-in/email", {
      from: "127.0.0.2",
      body: { email, password: "Wrong-Password-1" },
    });
    expect(wrong.status).toBe(401);
    const signIn = await send("nginx", "POST", "/api/auth/sign-in/email", {
      from: "127.0.0.2",
      body: { email, password: GOOD_PASSWORD },
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = (signIn.headers["set-cookie"] ?? []).find((c) =>
      c.includes("lv.session_token="),
    );
    const attrs = (cookie ?? "").split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    const session = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    const me = await send("nginx", "GET", "/api/me", {
      from: "127.0.0.2",
      headers: { cookie: session },
    });
    expect(me.status).toBe(200);
    expect((JSON.parse(me.body) as { user: { email: string } }).user.email).toBe(email);
    // a state-changing request from another origin is still refused behind the proxy
    const foreign = await send("nginx", "POST", "/api/auth/sign-out", {
      from: "127.0.0.2",
      body: {},
      headers: { cookie: session, origin: "https://evil.example" },
    });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
  });

  it("per-address limits count each real client, not the proxy, whatever X-Forwarded-For the client sends", async () => {
    expect(resetLimit).toBeGreaterThan(0);
    const statuses = await spendResetLimit("nginx", "127.0.0.3");
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const neighbour = await send("nginx", "POST", RESET, {
      from: "127.0.0.4",
      body: { token: "not-a-token", newPassword: GOOD_PASSWORD },
    });
    expect(neighbour.status).toBe(400);
  });

  it("a spoofed X-Forwarded-For sent straight to the app from an untrusted peer changes nothing", async () => {
    const statuses = await spendResetLimit("app", "127.0.0.5");
    expect(statuses.at(-1)).toBe(429);
    const headers = { "x-forwarded-for": "198.51.100.77" };
    const wrong = await send("app", "POST", "/api/auth/sign-in/email", {
      from: "127.0.0.5",
      body: { email: uniqueEmail(), password: "Wrong-Password-1" },
      headers,
    });
    expect(wrong.status).toBe(401);
  });

  // Reads what the requests above wrote: the server is stopped first (PGlite has one owner).
  it(
    "the audit log shows each client's address, never the proxy's or a spoofed one",
    { timeout: 60_000 },
    async () => {
      server?.kill("SIGTERM");
      expect((await server?.exited)?.code).toBe(0);
      const database =
        "DATABASE_URL" in settings
          ? openPostgres(settings.DATABASE_URL)
          : await openPglite(path.join(settings.DATA_DIR, "pglite"));
      try {
        const rows = await database.db
          .select({ action: auditLog.action, ip: auditLog.ip })
          .from(auditLog);
        const ipsOf = (action: string) => rows.filter((r) => r.action === action).map((r) => r.ip);
        expect(ipsOf("auth.sign_in_failed")).toEqual(
          expect.arrayContaining(["127.0.0.2", "127.0.0.5"]),
        );
        expect(ipsOf("auth.session_created")).toContain("127.0.0.2");
        const ips = rows.map((r) => r.ip ?? "");
        expect(ips.filter((ip) => ip === "127.0.0.1" || ip.startsWith("198.51.100."))).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});
