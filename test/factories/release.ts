import { listOutbox } from "../../server/mail/outbox.js";
import type { OffsetClock } from "../../server/clock.js";
import { runDueTimers } from "../../server/release/timers.js";
import { DAY_MS } from "../../server/clock.js";
import { TestClient, lastMailTo, linkFromMail, type TestContext } from "../harness.js";

export { DAY_MS };

/** Moves the release clock forward and runs the timers that became due, as the minute scheduler would. */
export async function advance(ctx: TestContext, clock: OffsetClock, ms: number) {
  clock.advance(ms);
  return runDueTimers(ctx.services.deps);
}

/**
 * The firm reports the owner's death (attestation), the wait passes, and the owner's vault is
 * released; fails unless the release plan says "released".
 */
export async function releaseByAttestation(
  ctx: TestContext,
  clock: OffsetClock,
  { firmAdmin, owner }: { firmAdmin: TestClient; owner: { id: string; client: TestClient } },
) {
  await firmAdmin.json("POST", `/api/clients/${owner.id}/release`, {
    attesterName: "Ada Admin",
    eventDate: "2026-11-01",
  });
  await advance(ctx, clock, 8 * DAY_MS);
  const view = await owner.client.json<{ state: string }>("GET", "/api/release");
  if (view.body.state !== "released") throw new Error(`release state ${view.body.state}`);
}

/** The token of the newest /release/<kind> link mailed to `to`. */
export async function releaseLinkToken(ctx: TestContext, to: string, kind: "check-in" | "cancel") {
  const link = await linkFromMail(ctx, to, `/release/${kind}`);
  return link.searchParams.get("token") ?? "";
}

/** A beneficiary's browser on the portal, signed in with the e-mailed code. */
export async function portalClient(ctx: TestContext, email: string) {
  const client = new TestClient(ctx);
  const sent = await client.post("/api/legacy/code", { email });
  if (sent.status !== 200) throw new Error(`code request -> ${sent.status}`);
  const code = await mailedCode(ctx, email);
  const verified = await client.post("/api/legacy/verify", { email, code });
  if (verified.status !== 200)
    throw new Error(`verify -> ${verified.status} ${await verified.text()}`);
  return client;
}

export async function mailedCode(ctx: TestContext, email: string) {
  const mail = await lastMailTo(ctx, email);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!mail.subject.includes("code") || !code)
    throw new Error(`no code mailed to ${email}: ${mail.subject}`);
  return code;
}

/** Everything mailed to `to`, oldest first. */
export async function mailsTo(ctx: TestContext, to: string) {
  return (await listOutbox(ctx.services.deps.db, 1000)).filter((m) => m.to === to).reverse();
}
