import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { ASSET_JSON_MAX_BYTES } from "../../common/assets.js";
import { ENCRYPTED_DATA_MAX_BYTES } from "../../common/ciphertext.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const KB = 1024;
const rateLimitRows = async () =>
  rowsOf<{ n: number }>(
    await ctx.services.deps.db.execute("select count(*)::int as n from rate_limits"),
  )[0]?.n;

/** A body of `total` bytes streamed in 64 KB pieces of one buffer, without a Content-Length (chunked on the wire); `onPull` runs before each piece. */
function streamed(
  head: string,
  total: number,
  onPull: () => void = () => undefined,
): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * KB).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      onPull();
      if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
      if (sent >= total) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

async function errorOf(res: Response) {
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

describe("the content type of a JSON route's body", () => {
  it("refuses anything but application/json with 415 before any other work (not even a rate-limit count)", async () => {
    const email = uniqueEmail();
    const before = await rateLimitRows();
    const client = new TestClient(ctx);
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", `email=${encodeURIComponent(email)}&password=x`],
      ["text/plain", JSON.stringify({ email, password: "x" })],
      ["multipart/form-data; boundary=x", "--x--"],
    ] as const) {
      const res = await errorOf(
        await client.send("POST", "/api/auth/sign-in/email", body, { "content-type": type }),
      );
      expect([type, res.status, res.body.error.message]).toEqual([type, 415, REQUEST_MSG.notJson]);
    }
    expect((await client.send("POST", "/api/register", "{}", {})).status).toBe(415);
    expect(await rateLimitRows()).toBe(before);
  });

  it("accepts application/json in any case and with parameters: sign-in, a JSON route and sign-out keep working", async () => {
    const { email, password } = await buildUser(ctx);
    const client = new TestClient(ctx);
    const signIn = await client.send(
      "POST",
      "/api/auth/sign-in/email",
      JSON.stringify({ email, password }),
      {
        "content-type": "Application/JSON; charset=UTF-8",
      },
    );
    expect(signIn.status).toBe(200);
    const patch = await client.send(
      "PATCH",
      "/api/profile",
      JSON.stringify({ name: "Ada Lovelace", phone: null, address: null }),
      {
        "content-type": "APPLICATION/json;charset=utf-8",
      },
    );
    expect(patch.status).toBe(200);
    expect((await client.json<{ user: { name: string } }>("GET", "/api/me")).body.user.name).toBe(
      "Ada Lovelace",
    );
    // an empty POST, whatever it says its type is
    expect(
      (await client.send("POST", "/api/auth/sign-out", undefined, { "content-type": "text/plain" }))
        .status,
    ).toBe(200);
    expect((await client.json("GET", "/api/me")).status).toBe(401);
    const again = new TestClient(ctx);
    await again.request("POST", "/api/auth/sign-in/email", { email, password });
    expect(
      (await again.send("POST", "/api/auth/sign-out", "", { "content-length": "0" })).status,
    ).toBe(200);
  });
});

describe("the size of a JSON body", () => {
  it("is at most 64 KB by default: 413 with a clear message, declared or chunked, whatever the Content-Length claims", async () => {
    const { client } = await buildUser(ctx);
    const big = JSON.stringify({ name: "a".repeat(65 * KB), phone: null, address: null });
    const declared = await errorOf(
      await client.send("PATCH", "/api/profile", big, { "content-type": "application/json" }),
    );
    expect(declared).toMatchObject({
      status: 413,
      body: { error: { code: "PAYLOAD_TOO_LARGE", message: REQUEST_MSG.tooLarge(64 * KB) } },
    });
    const chunked = await client.send(
      "PATCH",
      "/api/profile",
      streamed('{"name":"', 65 * KB),
      { "content-type": "application/json" },
      { duplex: "half" },
    );
    expect(chunked.status).toBe(413);
    const lying = await client.send("PATCH", "/api/profile", big, {
      "content-type": "application/json",
      "content-length": "20",
    });
    expect(lying.status).toBe(413);
    expect(
      (
        await client.json("PATCH", "/api/profile", {
          name: "a".repeat(60 * KB),
          phone: null,
          address: null,
        })
      ).status,
    ).toBe(400);
  });

  it("allows an asset its largest content (256 KB of ciphertext) and refuses more than the asset limit", async () => {
    const { client } = await buildUser(ctx);
    const asset = await buildAsset(client, {
      type: "note",
      content: { text: "x".repeat(ENCRYPTED_DATA_MAX_BYTES - 200) },
      title: "\u00e9".repeat(200),
    });
    expect(asset.asset.id).toBeDefined();
    const tooBig = {
      id: randomUUID(),
      type: "note",
      encryptedTitle: "a",
      wrappedKey: "a",
      encryptedData: "a".repeat(ASSET_JSON_MAX_BYTES),
    };
    const res = await errorOf(await client.request("POST", "/api/assets", tooBig));
    expect(res).toMatchObject({
      status: 413,
      body: { error: { message: REQUEST_MSG.tooLarge(ASSET_JSON_MAX_BYTES) } },
    });
  });

  it("refuses a 60 MB body with 413 without the process growing by more than a few MB", async () => {
    const { client } = await buildUser(ctx);
    // Sampled as the body is pulled (the request runs on microtasks: a timer would not fire) and after the answer.
    const declared = {
      "content-type": "application/json",
      "content-length": String(60 * 1024 * KB + 11),
    };
    for (const headers of [{ "content-type": "application/json" }, declared] as Record<
      string,
      string
    >[]) {
      const base = process.memoryUsage();
      const peak = { rss: base.rss, arrayBuffers: base.arrayBuffers };
      const sample = () => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
      };
      const res = await client.send(
        "PATCH",
        "/api/profile",
        streamed('{"name":"', 60 * 1024 * KB, sample),
        headers,
        { duplex: "half" },
      );
      sample();
      const grew = {
        rssMB: (peak.rss - base.rss) / KB / KB,
        arrayBuffersMB: (peak.arrayBuffers - base.arrayBuffers) / KB / KB,
      };
      console.info(
        `60 MB JSON body (${headers["content-length"] ? "declared" : "chunked"}): ${res.status}, grew (MB)`,
        grew,
      );
      expect(res.status).toBe(413);
      expect(grew.arrayBuffersMB).toBeLessThan(4);
      expect(grew.rssMB).toBeLessThan(16);
    }
  });
});

describe("over a real socket (Node's HTTP server, as in production)", () => {
  /** Sends `total` bytes of a JSON string (declared or chunked), respecting backpressure, until the answer comes; samples memory meanwhile. */
  function send(port: number, cookie: string, total: number, isDeclared: boolean) {
    return new Promise<{
      status: number;
      body: string;
      grewMB: { rss: number; arrayBuffers: number };
    }>((resolve, reject) => {
      const base = process.memoryUsage();
      const peak = { rss: base.rss, arrayBuffers: base.arrayBuffers };
      const timer = setInterval(() => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
      }, 5);
      const head = '{"name":"';
      const headers: Record<string, string> = {
        origin: ctx.env.APP_URL,
        cookie,
        "content-type": "application/json",
      };
      if (isDeclared) headers["content-length"] = String(head.length + total + 2);
      const req = http.request({
        host: "127.0.0.1",
        port,
        method: "PATCH",
        path: "/api/profile",
        headers,
      });
      let sent = 0;
      let isAnswered = false;
      const chunk = Buffer.alloc(64 * KB, 0x61);
      const pump = () => {
        while (!isAnswered && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!isAnswered) req.end('"}');
      };
      req.on("response", (res) => {
        isAnswered = true;
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          clearInterval(timer);
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body,
            grewMB: {
              rss: (peak.rss - base.rss) / KB / KB,
              arrayBuffers: (peak.arrayBuffers - base.arrayBuffers) / KB / KB,
            },
          });
        });
      });
      req.on("error", (err) => (isAnswered ? undefined : reject(err)));
      req.write(head);
      pump();
    });
  }

  it("a 60 MB JSON body, declared or chunked, is refused with 413 and the process does not grow; a normal body works", async () => {
    const { client } = await buildUser(ctx);
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const isDeclared of [true, false]) {
        const res = await send(port, client.cookieHeader(), 60 * 1024 * KB, isDeclared);
        console.info(
          `over a socket, 60 MB JSON body (${isDeclared ? "declared" : "chunked"}): ${res.status}, grew (MB)`,
          res.grewMB,
        );
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({
          error: { message: REQUEST_MSG.tooLarge(64 * KB) },
        });
        expect(res.grewMB.arrayBuffers).toBeLessThan(8);
        expect(res.grewMB.rss).toBeLessThan(32);
      }
      const ok = await fetch(`http://127.0.0.1:${port}/api/profile`, {
        method: "PATCH",
        headers: {
          origin: ctx.env.APP_URL,
          cookie: client.cookieHeader(),
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "Over The Wire", phone: null, address: null }),
      });
      expect(ok.status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("the nesting of a JSON body", () => {
  const nested = (depth: number) => `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;

  it("is at most 32 levels: deeper answers 400, never a 500 or a stack overflow, on our routes and better-auth's", async () => {
    const { client } = await buildUser(ctx);
    for (const depth of [33, 1_000, 30_000]) {
      for (const path of ["/api/profile", "/api/auth/sign-in/email", "/api/beneficiaries"]) {
        const res = await errorOf(
          await client.send(path === "/api/profile" ? "PATCH" : "POST", path, nested(depth), {
            "content-type": "application/json",
          }),
        );
        expect([depth, path, res.status, res.body.error.message]).toEqual([
          depth,
          path,
          400,
          REQUEST_MSG.tooDeep,
        ]);
      }
    }
    // brackets inside strings are text, not nesting
    expect(
      (
        await client.json("PATCH", "/api/profile", {
          name: "Ada",
          phone: null,
          address: `\\" ${"[{".repeat(400)}`,
        })
      ).status,
    ).toBe(200);
  });

  it("is bounded in the JSON that opens a files upload too", async () => {
    const { client } = await buildUser(ctx);
    const { asset } = await buildAsset(client, { type: "note" });
    const json = Buffer.from(nested(60_000));
    const res = await errorOf(
      await client.send("PUT", `/api/assets/${asset.id}/files`, json, {
        "content-type": "application/octet-stream",
        "x-json-length": String(json.length),
      }),
    );
    expect(res).toMatchObject({ status: 400, body: { error: { message: REQUEST_MSG.tooDeep } } });
  });
});

describe("bad input to better-auth's routes and the rate limiter", () => {
  const signIn = (email: unknown, password: unknown = GOOD_PASSWORD) =>
    new TestClient(ctx).request("POST", "/api/auth/sign-in/email", { email, password });

  it("answers 400 with a clear message for a NUL, a control character or a few thousand characters in an e-mail", async () => {
    for (const email of [
      "ada\u0000@example.com",
      "ada\u0007@example.com",
      `${"a".repeat(5000)}@example.com`,
    ]) {
      for (const [path, body] of [
        ["/api/auth/sign-in/email", { email, password: GOOD_PASSWORD }],
        ["/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }],
        ["/api/auth/send-verification-email", { email }],
        ["/api/register", { name: "Ada", email, password: GOOD_PASSWORD }],
        ["/api/legacy/code", { email }],
        [
          "/api/firms/claim",
          {
            firmId: randomUUID(),
            claimSecret: "x".repeat(30),
            name: "Ada",
            email,
            password: GOOD_PASSWORD,
          },
        ],
      ] as const) {
        const res = await errorOf(await new TestClient(ctx).request("POST", path, body));
        expect([path, email.length, res.status]).toEqual([path, email.length, 400]);
        expect(res.body.error.message).toMatch(/valid email|NUL/);
      }
    }
  });

  it("answers 400 for a password over 1,024 characters, before it is hashed", async () => {
    const { email } = await buildUser(ctx);
    const res = await errorOf(await signIn(email, "p".repeat(1025)));
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: "Password must be at most 1024 characters long" } },
    });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("answers 400 for a callback URL that is not a URL (found by the fuzz test: better-auth answered 500)", async () => {
    for (const callback of ["%F1%BF%8A%B1", "%3A", "http%3A%2F%2F"]) {
      const res = await errorOf(
        await new TestClient(ctx).request(
          "GET",
          `/api/auth/verify-email?token=nope&callbackURL=${callback}`,
        ),
      );
      expect([callback, res.status, res.body.error.message]).toEqual([
        callback,
        400,
        REQUEST_MSG.badCallbackUrl,
      ]);
    }
    expect(
      (
        await new TestClient(ctx).request(
          "GET",
          "/api/auth/verify-email?token=nope&callbackURL=%2Flogin",
        )
      ).status,
    ).toBeLessThan(500);
    const { email } = await buildUser(ctx);
    const reset = await errorOf(
      await new TestClient(ctx).request("POST", "/api/auth/request-password-reset", {
        email,
        redirectTo: "/reset\uD800",
      }),
    );
    expect([reset.status, reset.body.error.message]).toEqual([400, REQUEST_MSG.badCallbackUrl]);
  });

  it("answers 400 for a NUL anywhere in a better-auth body or query string", async () => {
    const { client } = await buildUser(ctx);
    const res = await errorOf(
      await client.request("POST", "/api/auth/two-factor/disable", {
        password: "a\u0000",
      }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: "Text cannot contain the NUL character" } },
    });
    expect((await client.request("GET", "/api/auth/verify-email?token=%00")).status).toBe(400);
    expect((await client.request("GET", "/api/assets?search=a%00b")).status).toBe(400);
  });
});

describe("headers the server reads", () => {
  it("a NUL or control character in X-File-Name answers 400 with a clear message (the document is not stored)", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Dana Deceased");
    await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-01-02",
    });
    const pdf = Buffer.from("%PDF-1.4\n%%EOF");
    const put = (name: string) =>
      firm.admin.send("PUT", `/api/clients/${client.id}/release/document`, pdf, {
        "content-type": "application/octet-stream",
        "x-file-name": name,
      });
    for (const name of ["death%00certificate.pdf", "a%0Ab.pdf", "%7F.pdf"]) {
      const res = await errorOf(await put(name));
      expect([name.slice(0, 20), res.status, res.body.error.message]).toEqual([
        name.slice(0, 20),
        400,
        REQUEST_MSG.badFileName,
      ]);
    }
    expect(
      (await firm.admin.request("GET", `/api/clients/${client.id}/release/document`)).status,
    ).toBe(404);
    expect((await put("death%20certificate.pdf")).status).toBe(200);
  });
});
