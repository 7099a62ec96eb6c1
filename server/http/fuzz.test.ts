import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  GOOD_PASSWORD,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { CLIENT_IP_HEADER } from "../auth/auth.js";
import { runClientImports } from "../client-imports/worker.js";
import { createLogger } from "../logger.js";
import { runReminders } from "../reminders/worker.js";

/**
 * Every route the app has, found in its router (and better-auth's endpoints behind /api/auth/*),
 * gets generated bad input — bodies, content types, headers, path parameters, query strings —
 * from an anonymous client, a signed-in user and a firm admin. Never a 5xx, never a stack trace or
 * SQL in the answer, nothing logged as an error, and a refused request (4xx) writes nothing but
 * the rows that count and record refusals (rate_limits, audit_log). docs/decisions/019.
 * FUZZ_RUNS (requests per route and identity) and FUZZ_SEED reproduce or widen a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 19);

/**
 * Written on purpose by refused requests: the limiter's counters, the audit of failures, and the
 * tries left on a one-time code (better-auth's e-mailed sign-in codes in `verification`, the
 * beneficiary portal's in `legacy_codes`): a wrong code must use one up.
 */
const WRITTEN_WHEN_REFUSED = new Set(["rate_limits", "audit_log", "verification", "legacy_codes"]);

type Route = { method: string; path: string; from: string };
type Identity = { name: string; cookie: string; email?: string; password?: string };
type Attempt = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  ip: string;
};

const errors: string[] = [];
let ctx: TestContext;
const ids: string[] = [];
const emails: string[] = [];
const identities: Identity[] = [];

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { log: createLogger("error", (_level, line) => errors.push(line)) },
  );
  const user = await buildUser(ctx);
  const { asset } = await buildAsset(user.client, { type: "note" });
  const firm = await buildFirm(ctx);
  const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
  await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
    attesterName: "Ada Admin",
    eventDate: "2026-01-02",
  });
  ids.push(user.id, asset.id, firm.firmId, client.id, staff.id);
  emails.push(user.email, firm.adminEmail, client.email);
  await watchWrites();
  identities.push(
    { name: "an anonymous client", cookie: "" },
    {
      name: "a signed-in user",
      cookie: user.client.cookieHeader(),
      email: user.email,
      password: user.password,
    },
    {
      name: "a firm admin",
      cookie: firm.admin.cookieHeader(),
      email: firm.adminEmail,
      password: GOOD_PASSWORD,
    },
  );
});
afterAll(() => ctx.close());

/** The routes as the router holds them, each wildcard as an unknown path under it, and better-auth's endpoints (they sit behind one catch-all). */
function discoverRoutes(): Route[] {
  const routes = new Map<string, Route>();
  const add = (r: Route) => routes.set(`${r.method} ${r.path}`, r);
  for (const r of ctx.app.routes) {
    if (r.path.endsWith("*"))
      add({ method: "ALL", path: r.path.replace(/\*$/, ":rest"), from: "router (wildcard)" });
    else add({ method: r.method, path: r.path, from: "router" });
  }
  for (const endpoint of Object.values(ctx.services.deps.auth.api) as {
    path?: string;
    options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
  }[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? "ALL"].flat();
    for (const method of methods)
      add({
        method: method === "*" ? "ALL" : method,
        path: `/api/auth${endpoint.path}`,
        from: "better-auth",
      });
  }
  return [...routes.values()];
}

const ANY_METHOD = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];
const FIELDS = [
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "name",
  "phone",
  "address",
  "token",
  "code",
  "id",
  "firmId",
  "claimSecret",
  "role",
  "type",
  "title",
  "encryptedTitle",
  "titles",
  "wrappedKey",
  "encryptedData",
  "beneficiaryEmails",
  "files",
  "inactivityMonths",
  "waitDays",
  "attesterName",
  "eventDate",
  "callbackURL",
  "redirectTo",
  "invitationCode",
  "firmCode",
  "rememberMe",
  "trustDevice",
  "search",
  "relationship",
  "notes",
];

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80"; // a lone surrogate, as bytes
  }
}

const longString = fc.integer({ min: 255, max: 6000 }).map((n) => "x".repeat(n));
const nastyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 10 }),
        fc.constantFrom("\u0000", "\u0000", "\u0007", "\n", "\uD800"),
      )
      .map(([s, c]) => `${s}${c}${s}@example.com`),
  },
  fc.constantFrom("%00", "' or 1=1 --", "<script>", "..", "null", "-1", "1e309", ""),
  fc.emailAddress(),
  { weight: 2, arbitrary: fc.emailAddress().map((e) => `${"a".repeat(3000)}${e}`) },
  fc.uuid(),
  longString,
);
const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie("value"), {
      maxKeys: 3,
    }),
  ),
})).value;
/** A value that a route might take for `field` (so that validation passes and the request gets further), or anything. */
function fieldValue(field: string): fc.Arbitrary<unknown> {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    email: fc.oneof(fc.constantFrom(...emails), fc.emailAddress()),
    beneficiaryEmails: fc.array(fc.emailAddress(), { maxLength: 3 }),
    password: fc.constantFrom(GOOD_PASSWORD, "short"),
    newPassword: fc.constantFrom(GOOD_PASSWORD, "Another-Good-Passphrase-7"),
    currentPassword: fc.constant(GOOD_PASSWORD),
    id: fc.constantFrom(...ids),
    firmId: fc.constantFrom(...ids),
    role: fc.constantFrom("firm_staff", "firm_admin", "regular_user"),
    type: fc.constantFrom("password", "note", "document"),
    inactivityMonths: fc.constantFrom(3, 6, 12, null),
    waitDays: fc.constantFrom(2, 7, 14),
    eventDate: fc.constant("2026-01-02"),
    rememberMe: fc.boolean(),
    trustDevice: fc.boolean(),
  };
  return fc.oneof(
    { weight: 3, arbitrary: plausible[field] ?? fc.string({ maxLength: 20 }) },
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: jsonish },
  );
}

/** Bodies: objects of the fields routes read (plausible or not), any JSON, deep nesting, too large, raw bytes (a PDF's and PNG's opening too), text. */
function bodyArb(): fc.Arbitrary<string | Uint8Array | undefined> {
  // every body of fields names an account: the rate limiter and better-auth read `email` before any schema does
  const fields = fc.record(Object.fromEntries(FIELDS.map((f) => [f, fieldValue(f)])), {
    requiredKeys: ["email"],
  });
  return fc.oneof(
    fc.constant(undefined),
    fc.constant(""),
    { weight: 6, arbitrary: fields.map((o) => JSON.stringify(o)) },
    fc.jsonValue().map((v) => JSON.stringify(v)),
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(33, 1_000, 20_000, 30_000)
        .map((d) => `{"email":${"[".repeat(d)}${"]".repeat(d)}}`),
    },
    fc
      .constantFrom(70 * 1024, 600 * 1024)
      .map((n) => JSON.stringify({ name: "a".repeat(n), email: "a@example.com" })),
    fc.uint8Array({ maxLength: 300 }),
    fc
      .constantFrom(
        Buffer.from("%PDF-1.4\n%%EOF"),
        Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
      )
      .map((b) => new Uint8Array(b)),
    fc.string({ maxLength: 200 }),
  );
}
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constant("application/octet-stream") },
  fc.constantFrom(
    "application/json",
    "APPLICATION/JSON; charset=utf-8",
    "application/json;charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "application/octet-stream",
    "application/xml",
    "image/png",
    "",
    "json",
  ),
);
/** A value a Headers object accepts (visible ASCII and obs-text, no leading or trailing space), or a percent-encoded string. */
const headerValue = fc.oneof(
  nastyString.map(encode),
  fc.string({
    unit: fc.integer({ min: 0x21, max: 0xff }).map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom(
    "%00",
    "a%00b.pdf",
    "%0A",
    "%zz",
    "%",
    "-1",
    "99999999999999999999",
    "1e3",
    "20",
    "application/pdf",
    "image/png",
    "audio/webm",
  ),
);
const headers = fc.record(
  {
    "content-type": contentType,
    "x-file-name": headerValue,
    "x-content-type": headerValue,
    "x-json-length": headerValue,
    accept: headerValue,
  },
  { requiredKeys: ["content-type"] },
);
const pathValue = fc.oneof(
  fc.uuid(),
  fc.constantFrom(...["%00", "a%00b", "%zz", "%", "%E0%A4%A", "..", "%2F", " ", "-1"]),
  nastyString.map(encode),
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "search",
          "type",
          "page",
          "code",
          "token",
          "email",
          "callbackURL",
          "errorCallbackURL",
          "redirectTo",
          "q",
        ),
        fc.string({ maxLength: 5 }),
      ),
      nastyString,
    ),
    {
      maxLength: 4,
    },
  )
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}` : "",
  );

/** A path for `route` with each parameter generated: anything, a real id, or what its pattern accepts. */
function pathOf(route: Route): fc.Arbitrary<string> {
  const parts = route.path.split(/(:\w+(?:\{[^}]+\})?)/).filter(Boolean);
  return fc
    .tuple(
      ...parts.map((part) => {
        if (!part.startsWith(":")) return fc.constant(part);
        const pattern = part.match(/\{(.+)\}$/)?.[1];
        const chosen = ids.length ? fc.constantFrom(...ids) : fc.uuid();
        return pattern
          ? fc.oneof(fc.stringMatching(new RegExp(`^(?:${pattern})$`)), chosen, pathValue)
          : fc.oneof(chosen, pathValue);
      }),
    )
    .map((segments) => segments.join(""));
}

function attemptOf(route: Route, identity: Identity): fc.Arbitrary<Attempt> {
  const method =
    route.method === "ALL" ? fc.constantFrom(...ANY_METHOD) : fc.constant(route.method);
  const origin = fc.oneof(
    { weight: 9, arbitrary: fc.constant(ctx.env.APP_URL) },
    { weight: 1, arbitrary: fc.constantFrom("", "https://evil.example") },
  );
  const ip = fc
    .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
    .map(([a, b, c]) => `10.${a}.${b}.${c}`);
  return fc
    .record({ method, path: pathOf(route), query, headers, body: bodyArb(), origin, ip })
    .map((a) => {
      const h: Record<string, string> = { ...a.headers };
      if (a.origin) h.origin = a.origin;
      if (identity.cookie) h.cookie = identity.cookie;
      const hasBody = !["GET", "HEAD"].includes(a.method);
      return {
        method: a.method,
        url: `${a.path}${a.query}`,
        headers: h,
        body: hasBody ? a.body : undefined,
        ip: a.ip,
      };
    });
}

const STACK = /\n\s+at \S|\bat (async )?\S+ \(|node:internal|node_modules\/|\.ts:\d+:\d+/;
const SQL =
  /\b(insert into|delete from|select \S.* from|update \S+ set)\b|syntax error at or near|violates .* constraint|duplicate key value|relation "[^"]+"|invalid byte sequence|invalid input syntax for type|Failed query|pg_catalog|SQLSTATE/i;

/**
 * Row triggers on every public table note each insert, update and delete in fuzz_writes (a test
 * database's own table; security definer, so the app's restricted roles write it too).
 */
async function watchWrites() {
  const { db } = ctx.services.deps;
  await db.execute(sql`create table fuzz_writes (name text not null)`);
  await db.execute(
    sql.raw(
      `create function fuzz_note_write() returns trigger language plpgsql security definer as $$ begin insert into fuzz_writes values (tg_table_name); return null; end $$`,
    ),
  );
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_writes'`,
    ),
  );
  for (const { name } of tables) {
    await db.execute(
      sql`create trigger fuzz_watch after insert or update or delete on ${sql.identifier(name)} for each row execute function fuzz_note_write()`,
    );
  }
}

/** The tables written since the last call (and forgets them). */
async function writtenTables(): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await ctx.services.deps.db.execute(sql`delete from fuzz_writes returning name`),
  );
  return [...new Set(rows.map((r) => r.name))];
}

/** A session ended by a generated request (sign-out, revoke-sessions) is opened again, server-side so no limit counts it. */
async function keepSignedIn(identity: Identity) {
  if (!identity.email || !identity.password) return;
  const me = await ctx.app.request("/api/me", { headers: { cookie: identity.cookie } });
  if (me.status === 200) return;
  const res = await ctx.services.deps.auth.api.signInEmail({
    body: { email: identity.email, password: identity.password },
    headers: new Headers({ [CLIENT_IP_HEADER]: "10.0.0.1" }),
    asResponse: true,
  });
  identity.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The answer's text; an event stream (GET /api/live) is read to its first event, then closed: it never ends by itself. */
async function answerText(res: Response): Promise<string> {
  if (!res.headers.get("content-type")?.startsWith("text/event-stream") || !res.body)
    return res.text();
  const reader = res.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

const describeAttempt = (a: Attempt) =>
  `${a.method} ${a.url.slice(0, 200)} ${JSON.stringify(a.headers).slice(0, 300)} body=${typeof a.body === "string" ? JSON.stringify(a.body.slice(0, 200)) : a.body ? `${a.body.length} bytes` : "none"}`;

describe("every route, with generated bad input", () => {
  it("is discovered from the router and better-auth's endpoints", () => {
    const routes = discoverRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "PATCH /api/profile",
        "PUT /api/assets/:id/files",
        "POST /api/auth/sign-in/email",
        "POST /api/auth/two-factor/verify-otp",
        "ALL /api/:rest",
      ]),
    );
    expect(routes.length).toBeGreaterThan(90);
  });

  it("sees a write when one happens (the check of 'nothing written' can fail)", async () => {
    await writtenTables();
    const res = await ctx.app.request("/api/profile", {
      method: "PATCH",
      headers: {
        origin: ctx.env.APP_URL,
        cookie: identities[1]?.cookie ?? "",
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "Fuzzy Tester", phone: null, address: null }),
    });
    expect(res.status).toBe(200);
    expect(await writtenTables()).toContain("profiles");
  });

  // The routes in SHARDS parts per identity, each a test of its own: every route still gets RUNS
  // attempts, and a test stays well inside its minute as routes are added.
  const SHARDS = 3;
  const whoAndShard = [0, 1, 2].flatMap((who) =>
    Array.from({ length: SHARDS }, (_, shard) => ({ who, shard })),
  );
  for (const { who, shard } of whoAndShard) {
    it(
      `never answers 5xx, a stack trace or SQL, and writes nothing when it refuses: as ${["an anonymous client", "a signed-in user", "a firm admin"][who]}, routes part ${shard + 1} of ${SHARDS}`,
      { timeout: 60_000 },
      async () => {
        const identity = identities[who];
        if (!identity) throw new Error("no identity");
        const failures: string[] = [];
        await writtenTables();
        for (const route of discoverRoutes().filter((_, i) => i % SHARDS === shard)) {
          const result = await fc.check(
            fc.asyncProperty(attemptOf(route, identity), async (attempt) => {
              const logged = errors.length;
              const res = await ctx.app.request(
                attempt.url,
                { method: attempt.method, headers: attempt.headers, body: attempt.body },
                { incoming: { socket: { remoteAddress: attempt.ip } } },
              );
              const text = await answerText(res);
              const written = await writtenTables();
              const changed =
                res.status >= 400 ? written.filter((name) => !WRITTEN_WHEN_REFUSED.has(name)) : [];
              if (res.status < 400) {
                // work an accepted request started after its answer (a reminder send, a client
                // import) ends before the next attempt's "nothing written" is measured
                await Promise.all([
                  runReminders(ctx.services.deps),
                  runClientImports(ctx.services.deps),
                ]);
                await keepSignedIn(identity);
                await writtenTables();
              }
              const problems = [
                res.status >= 500 ? `answered ${res.status}` : "",
                STACK.test(text) ? "a stack trace in the answer" : "",
                SQL.test(text) ? "SQL in the answer" : "",
                errors.length > logged
                  ? `logged ${errors.slice(logged).join(" | ").slice(0, 400)}`
                  : "",
                changed.length ? `refused (${res.status}) but wrote ${changed.join(", ")}` : "",
              ].filter(Boolean);
              if (problems.length) throw new Error(`${problems.join("; ")}: ${text.slice(0, 300)}`);
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          );
          if (result.failed) {
            const example = result.counterexample?.[0];
            failures.push(
              `${route.method} ${route.path}: ${(result.errorInstance as Error | undefined)?.message ?? "failed"}\n    ${example ? describeAttempt(example) : ""}`,
            );
          }
        }
        expect(failures).toEqual([]);
      },
    );
  }
});
