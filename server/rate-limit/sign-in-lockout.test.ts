import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import { BODY_ENCODINGS } from "../../test/body-encodings.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { browser, makeAccountKeys } from "../../test/factories/owner-keys.js";
import { listOutbox } from "../mail/outbox.js";
import { delayAfter } from "./sign-in-lockout.js";

type ErrorBody = { error: { code: string; message: string } };

const WRONG = "Wrong-Password-123";
const NOTICE_SUBJECT = "Someone is trying to sign in to your Legacy Vault account";
const MINUTE = 60_000;

let ctx: TestContext;
/** Time stands still unless the test moves it: answers (Retry-After) do not depend on how fast the machine is. */
let nowMs = Date.now();
const clock = { now: () => new Date(nowMs), advance: (ms: number) => (nowMs += ms) };
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const signIn = (client: TestClient, email: string, password = WRONG) =>
  client.request("POST", "/api/auth/sign-in/email", { email, password });
const stranger = () => new TestClient(ctx);
const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));

/** Wrong passwords from fresh addresses, each as soon as the server allows, until `count` of them were tried. */
async function failFromManyAddresses(email: string, count: number) {
  let failures = 0;
  for (let i = 0; i < count * 3 && failures < count; i++) {
    const res = await signIn(stranger(), email);
    if (res.status === 401) failures++;
    else if (res.status === 429 && res.headers.has("retry-after"))
      clock.advance(retryAfter(res) * 1000);
    else throw new Error(`unexpected ${res.status}: ${await res.text()}`);
  }
  return failures;
}

async function noticesTo(email: string) {
  return (await listOutbox(ctx.services.deps.db, 1000)).filter(
    (m) => m.to === email && m.subject === NOTICE_SUBJECT,
  );
}

describe("sign-in lockout (docs/decisions/017)", () => {
  it("waits after consecutive failures: none for the first 5, then 5 s doubling up to 15 minutes", () => {
    expect([0, 4, 5, 6, 7, 12, 13, 99].map(delayAfter)).toEqual([0, 0, 5, 10, 20, 640, 900, 900]);
  });

  it("counts failures however the body is encoded; the failing address is refused after 5 for 15 minutes", async () => {
    const { email, password } = await buildUser(ctx);
    const attacker = stranger();
    // Bodies that are not JSON are refused (415) before any password check, and are not counted:
    // after more of them than the address may fail, its 5 failures are all still to come.
    for (const encoding of BODY_ENCODINGS.filter((e) => !/json/i.test(e.name))) {
      const res = await encoding.send(attacker, "/api/auth/sign-in/email", {
        email: email.toUpperCase(),
        password: WRONG,
      });
      expect(res.status, encoding.name).toBe(415);
    }
    for (const encoding of BODY_ENCODINGS.filter((e) => !/json/i.test(e.name))) {
      expect(
        (await encoding.send(attacker, "/api/auth/sign-in/email", { email, password })).status,
        encoding.name,
      ).toBe(415);
    }
    // JSON of any casing and parameters is read by better-auth: every attempt counts.
    const json = BODY_ENCODINGS.filter((e) => /json/i.test(e.name));
    expect(json.length).toBeGreaterThanOrEqual(3);
    let failures = 0;
    for (const encoding of [...json, ...json]) {
      if (failures === 5) break;
      const res = await encoding.send(attacker, "/api/auth/sign-in/email", {
        email: email.toUpperCase(),
        password: WRONG,
      });
      expect(res.status, encoding.name).toBe(401);
      failures++;
    }
    expect(failures).toBe(5);
    const blocked = await signIn(attacker, email, password);
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
    expect(retryAfter(blocked)).toBeLessThanOrEqual(15 * 60);
    expect(((await blocked.json()) as ErrorBody).error.code).toBe("RATE_LIMITED");

    // The account itself is only delayed: its owner, elsewhere, waits seconds, not 15 minutes.
    const owner = stranger();
    const delayed = await signIn(owner, email, password);
    expect(delayed.status).toBe(429);
    expect(retryAfter(delayed)).toBeLessThanOrEqual(5);
    clock.advance(retryAfter(delayed) * 1000);
    expect((await signIn(owner, email, password)).status).toBe(200);
    expect(owner.hasSession()).toBe(true);
    // The address that failed stays refused for its 15 minutes.
    expect((await signIn(attacker, email, password)).status).toBe(429);
    clock.advance(15 * MINUTE);
    expect((await signIn(attacker, email, password)).status).toBe(200);
  });

  it("a stranger's failures from many addresses delay the owner by at most 15 minutes, never lock them out", async () => {
    const { email, password } = await buildUser(ctx);
    expect(await failFromManyAddresses(email, 20)).toBe(20);
    const owner = stranger();
    const delayed = await signIn(owner, email, password);
    expect(delayed.status).toBe(429);
    expect(retryAfter(delayed)).toBeGreaterThan(0);
    expect(retryAfter(delayed)).toBeLessThanOrEqual(15 * 60);
    clock.advance(retryAfter(delayed) * 1000);
    expect((await signIn(owner, email, password)).status).toBe(200);
    // The success cleared the count: the next failures are free again.
    for (let i = 1; i <= 5; i++)
      expect((await signIn(stranger(), email)).status, `failure ${i}`).toBe(401);
  });

  it("successes do not count, and a success starts the count again", async () => {
    const { email, password } = await buildUser(ctx);
    const owner = stranger();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 4; i++)
        expect((await signIn(owner, email)).status, `round ${round} failure ${i}`).toBe(401);
      expect((await signIn(owner, email, password)).status).toBe(200);
    }
    for (let i = 1; i <= 12; i++)
      expect(
        (await signIn(i % 2 ? owner : stranger(), email, password)).status,
        `success ${i}`,
      ).toBe(200);
  });

  it("attempts refused before the password check (bad input) do not count", async () => {
    const { email, password } = await buildUser(ctx);
    const client = stranger();
    for (let i = 1; i <= 12; i++)
      expect((await signIn(client, email, "x".repeat(2000))).status, `attempt ${i}`).toBe(400);
    expect((await signIn(client, email, password)).status).toBe(200);
  });

  it("an attempt refused as bad input after it was counted leaves the counters exactly as they were", async () => {
    const { email, password } = await buildUser(ctx);
    expect(await failFromManyAddresses(email, 6)).toBe(6);
    const owner = stranger();
    const delayed = await signIn(owner, email, password);
    expect(delayed.status).toBe(429);
    clock.advance(retryAfter(delayed) * 1000);
    // Each time the wait runs out, a password that is not text: counted, then refused by better-auth (400) and undone...
    const attacker = stranger();
    for (let i = 1; i <= 6; i++) {
      const res = await attacker.request("POST", "/api/auth/sign-in/email", {
        email,
        password: 123,
      });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    // ...without starting the owner's wait again, nor using up the attacker's address window.
    expect((await signIn(owner, email, password)).status).toBe(200);
    for (let i = 1; i <= 5; i++)
      expect((await signIn(attacker, email)).status, `failure ${i}`).toBe(401);
  });

  it("failures counted against an address before it had an account are forgotten when the account is created", async () => {
    const email = uniqueEmail("future");
    expect(await failFromManyAddresses(email, 20)).toBe(20);
    expect((await signIn(stranger(), email)).status).toBe(429);
    const { password } = await buildUser(ctx, { email });
    expect((await signIn(stranger(), email, password)).status).toBe(200);
  });

  it("e-mails the owner once per burst; an unknown address gets the same answers and no mail", async () => {
    const { email } = await buildUser(ctx);
    const unknown = uniqueEmail();
    for (let i = 0; i < 16; i++) {
      const known = await signIn(stranger(), email);
      const other = await signIn(stranger(), unknown);
      expect([other.status, other.headers.get("retry-after")], `attempt ${i}`).toEqual([
        known.status,
        known.headers.get("retry-after"),
      ]);
      // the same answer but for the request's own id
      expect(await other.json()).toEqual({
        error: {
          ...((await known.json()) as ErrorBody).error,
          requestId: other.headers.get("x-request-id"),
        },
      });
      if (known.status === 429) clock.advance(retryAfter(known) * 1000);
    }
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.text).toMatch(/trying to sign in/);
    // It grants nothing: no token, no code, only the app's own pages.
    expect(notice?.text).not.toMatch(/token=|code=|\d{6}/);
    expect(
      await listOutbox(ctx.services.deps.db, 1000).then((rows) =>
        rows.filter((m) => m.to === unknown),
      ),
    ).toHaveLength(0);

    // After an hour of quiet, failures are a new burst: one more notice.
    clock.advance(2 * 60 * MINUTE);
    expect((await signIn(stranger(), email)).status).toBe(401);
    expect((await signIn(stranger(), email)).status).toBe(429);
    expect(await noticesTo(email)).toHaveLength(2);
  });

  it("never lets more than 100 consecutive failures through; a password reset by e-mail lets the owner in again", async () => {
    const { email, password } = await buildUser(ctx);
    let failures = 0;
    let locked: Response | undefined;
    for (let i = 0; i < 300 && !locked; i++) {
      const res = await signIn(stranger(), email);
      if (res.status === 401) failures++;
      else if (res.status === 429 && res.headers.has("retry-after"))
        clock.advance(retryAfter(res) * 1000);
      else if (res.status === 429) locked = res;
      else throw new Error(`unexpected ${res.status}`);
    }
    expect(failures).toBe(100);
    expect(((await locked?.json()) as ErrorBody).error).toEqual({
      code: "RATE_LIMITED",
      message: AUTH_MSG.signInLocked,
      requestId: expect.any(String),
    });
    // Not even the right password, not even a month later.
    clock.advance(30 * 24 * 60 * MINUTE);
    expect((await signIn(stranger(), email, password)).status).toBe(429);

    // A stranger's reset requests that send nothing do not use up the owner's (docs/decisions/017).
    for (let i = 1; i <= 4; i++) {
      expect(
        (
          await stranger().request("POST", "/api/auth/request-password-reset", {
            email,
            redirectTo: 5,
          })
        ).status,
        `bad request ${i}`,
      ).toBe(400);
    }
    expect(
      (
        await stranger().request("POST", "/api/auth/request-password-reset", {
          email,
          redirectTo: "/update-password",
        })
      ).status,
    ).toBe(200);
    const token = (await linkFromMail(ctx, email, "/update-password")).searchParams.get("token");
    // the reset page (decision 038): a new data key and the sign-in secret of the new password
    const made = await makeAccountKeys("Lighthouse-Meadow-77", {
      dataKey: await browser.newDataKey(),
    });
    const reset = await stranger().request("POST", "/api/vault/reset", {
      token,
      newPassword: made.signInSecret,
      keys: made.keys,
      keepsDataKey: false,
    });
    expect(reset.status).toBe(200);
    expect((await signIn(stranger(), email, made.signInSecret)).status).toBe(200);
  }, 60_000);

  it("counts concurrent failures exactly, from many addresses and from one", async () => {
    const { email } = await buildUser(ctx);
    const many = await Promise.all(Array.from({ length: 12 }, () => signIn(stranger(), email)));
    expect(many.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(401),
      ...Array(7).fill(429),
    ]);

    const other = await buildUser(ctx);
    const one = stranger();
    const same = await Promise.all(Array.from({ length: 10 }, () => signIn(one, other.email)));
    expect(same.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(401),
      ...Array(5).fill(429),
    ]);
  });

  it("successes and failures at once from one address each get an answer, and the next sign-in works", async () => {
    // A success clears both counters in one statement while other attempts reserve them: no
    // deadlock (a 500) when the locks are taken in the same order (docs/decisions/037).
    const { email, password } = await buildUser(ctx);
    const one = stranger();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signIn(one, email, i % 2 ? WRONG : password)),
      );
      for (const res of answers) expect([200, 401, 429]).toContain(res.status);
      expect(answers.some((res) => res.status === 200)).toBe(true);
      clock.advance(16 * MINUTE); // past any wait the 4 failures of a round may leave
      expect((await signIn(one, email, password)).status).toBe(200);
    }
  });
});
