import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELEASE_MSG, type ClientReleaseView, type ReleasePlanView } from "../../common/release.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, advance, mailsTo, releaseLinkToken } from "../../test/factories/release.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { runDueTimers } from "./timers.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const plan = (c: TestClient) => c.json<ReleasePlanView>("GET", "/api/release");
/** What was mailed to `to` about their release (the account's own confirmation left out). */
const subjects = async (to: string) =>
  (await mailsTo(ctx, to))
    .map((m) => m.subject)
    .filter((s) => s !== "Confirm your Legacy Vault account");

async function ownerWithBeneficiaries() {
  const owner = await buildUser(ctx, { name: "Olive Owner" });
  const heir = uniqueEmail("heir");
  const asset = await buildAsset(owner.client, { title: "Bank login", beneficiaryEmails: [heir] });
  await buildAsset(owner.client, { title: "Kept to myself" });
  return { owner, heir, asset };
}

describe("the owner's release plan", () => {
  it("starts with no trigger and a 7-day wait, saves a valid plan and refuses other periods", async () => {
    const { client } = await buildUser(ctx);
    expect((await plan(client)).body).toMatchObject({
      state: "none",
      plan: { inactivityMonths: null, waitDays: 7, inactivityEndsAt: null },
      release: null,
    });

    const saved = await client.json<ReleasePlanView>("PUT", "/api/release/plan", {
      inactivityMonths: 6,
      waitDays: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.state).toBe("counting_down");
    expect(saved.body.plan).toMatchObject({ inactivityMonths: 6, waitDays: 2 });
    expect(new Date(saved.body.plan.inactivityEndsAt ?? 0).getTime()).toBeGreaterThan(
      clock.now().getTime() + 180 * DAY_MS,
    );
    expect(saved.body.timeline.map((t) => t.label)).toEqual(["Release plan changed"]);

    expect(
      (await client.json("PUT", "/api/release/plan", { inactivityMonths: 6, waitDays: 5 })).status,
    ).toBe(400);
    expect(
      (await client.json("PUT", "/api/release/plan", { inactivityMonths: 4, waitDays: 7 })).status,
    ).toBe(400);
    expect((await new TestClient(ctx).json("GET", "/api/release")).status).toBe(401);
  });

  it("reminds at 30, 7 and 1 day, starts the wait when the period ends, then releases to the beneficiary", async () => {
    const { owner, heir, asset } = await ownerWithBeneficiaries();
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 2 });
    const endsAt = new Date((await plan(owner.client)).body.plan.inactivityEndsAt ?? "").getTime();

    await advance(ctx, clock, endsAt - 30 * DAY_MS - clock.now().getTime() + 1000);
    expect(await subjects(owner.email)).toEqual([
      "Are you still there? Your Legacy Vault release plan starts in 30 days",
    ]);
    await advance(ctx, clock, 23 * DAY_MS);
    await advance(ctx, clock, 6 * DAY_MS);
    expect((await subjects(owner.email)).slice(1)).toEqual([
      "Are you still there? Your Legacy Vault release plan starts in 7 days",
      "Are you still there? Your Legacy Vault release plan starts in 1 day",
    ]);

    await advance(ctx, clock, DAY_MS);
    const waiting = (await plan(owner.client)).body;
    expect(waiting.state).toBe("waiting");
    expect(waiting.release).toMatchObject({ trigger: "inactivity", status: "waiting" });
    expect(
      new Date(waiting.release?.releaseAt ?? "").getTime() -
        new Date(waiting.release?.startedAt ?? "").getTime(),
    ).toBe(2 * DAY_MS);
    expect((await subjects(owner.email)).at(-1)).toBe("A release of your Legacy Vault has started");
    expect(await mailsTo(ctx, heir)).toEqual([]);

    await advance(ctx, clock, DAY_MS + 1000);
    expect((await subjects(owner.email)).at(-1)).toBe(
      "Last day: your Legacy Vault will be released soon",
    );
    await advance(ctx, clock, DAY_MS);
    const released = (await plan(owner.client)).body;
    expect(released.state).toBe("released");
    expect(await subjects(heir)).toEqual(["Olive Owner has left you something in Legacy Vault"]);
    expect((await mailsTo(ctx, heir))[0]?.text).toContain(
      `${ctx.env.APP_URL}/legacy?email=${encodeURIComponent(heir)}`,
    );
    const assets = await owner.client.json<{
      assets: { id: string; releaseTriggered: boolean; releasedAt: string | null }[];
    }>("GET", "/api/assets");
    expect(
      assets.body.assets.map((a) => [a.id === asset.id, a.releaseTriggered, !!a.releasedAt]).sort(),
    ).toEqual([
      [false, false, false],
      [true, true, true],
    ]);
    expect(released.timeline.map((t) => t.action)).toEqual([
      "release.plan_changed",
      "release.reminder_sent",
      "release.reminder_sent",
      "release.reminder_sent",
      "release.started",
      "release.wait_reminder_sent",
      "release.released",
    ]);

    // a release happens once: more time and more runs send nothing more
    await advance(ctx, clock, 3 * DAY_MS);
    expect(await subjects(heir)).toHaveLength(1);
  });

  it("the 'I'm still here' link and signing in each start the period again", async () => {
    const { owner } = await ownerWithBeneficiaries();
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 7 });
    const firstEnd = new Date(
      (await plan(owner.client)).body.plan.inactivityEndsAt ?? "",
    ).getTime();
    await advance(ctx, clock, firstEnd - 30 * DAY_MS - clock.now().getTime() + 1000);
    const token = await releaseLinkToken(ctx, owner.email, "check-in");

    expect(
      (await new TestClient(ctx).json("POST", "/api/release/check-in", { token: "x".repeat(43) }))
        .body,
    ).toMatchObject({
      error: { message: RELEASE_MSG.linkInvalid },
    });
    expect(
      (await new TestClient(ctx).json("POST", "/api/release/check-in", { token })).status,
    ).toBe(200);
    const afterLink = (await plan(owner.client)).body;
    expect(new Date(afterLink.plan.inactivityEndsAt ?? "").getTime()).toBeGreaterThan(
      firstEnd + 25 * DAY_MS,
    );
    expect(afterLink.timeline.at(-1)).toMatchObject({ action: "release.check_in" });

    // past the first end: nothing starts, the old timers are gone
    await advance(ctx, clock, 31 * DAY_MS);
    expect((await plan(owner.client)).body.state).toBe("counting_down");

    const beforeSignIn = (await plan(owner.client)).body.plan.inactivityEndsAt;
    clock.advance(DAY_MS);
    const again = new TestClient(ctx);
    expect(
      (
        await again.json("POST", "/api/auth/sign-in/email", {
          email: owner.email,
          password: GOOD_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const afterSignIn = (await plan(again)).body;
    expect(
      new Date(afterSignIn.plan.inactivityEndsAt ?? "").getTime() -
        new Date(beforeSignIn ?? "").getTime(),
    ).toBeGreaterThan(30 * DAY_MS);
    expect(afterSignIn.timeline.at(-1)).toMatchObject({
      action: "release.check_in",
      actorName: "Olive Owner",
    });
  });

  it("cancelling during the wait, by the e-mailed link or by pressing Cancel, releases nothing", async () => {
    for (const how of ["link", "button"] as const) {
      const { owner, heir } = await ownerWithBeneficiaries();
      await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 1 });
      const endsAt = new Date(
        (await plan(owner.client)).body.plan.inactivityEndsAt ?? "",
      ).getTime();
      await advance(ctx, clock, endsAt - clock.now().getTime() + 1000);
      expect((await plan(owner.client)).body.state).toBe("waiting");

      if (how === "link") {
        const token = await releaseLinkToken(ctx, owner.email, "cancel");
        expect(
          (await new TestClient(ctx).json("POST", "/api/release/cancel-link", { token })).status,
        ).toBe(200);
        expect(
          (await new TestClient(ctx).json("POST", "/api/release/cancel-link", { token })).status,
        ).toBe(404);
      } else {
        expect(
          (await owner.client.json<ReleasePlanView>("POST", "/api/release/cancel")).body.state,
        ).toBe("counting_down");
      }
      expect((await owner.client.json("POST", "/api/release/cancel")).body).toMatchObject({
        error: { message: RELEASE_MSG.nothingToCancel },
      });
      expect((await subjects(owner.email)).at(-1)).toBe(
        "The release of your Legacy Vault was cancelled",
      );

      await advance(ctx, clock, 3 * DAY_MS);
      const view = (await plan(owner.client)).body;
      expect(view.release).toMatchObject({ status: "cancelled" });
      expect(view.state).toBe("counting_down");
      expect(await mailsTo(ctx, heir)).toEqual([]);
      const assets = await owner.client.json<{ assets: { releaseTriggered: boolean }[] }>(
        "GET",
        "/api/assets",
      );
      expect(assets.body.assets.every((a) => !a.releaseTriggered)).toBe(true);
    }
  });
});

describe("a firm's attestation", () => {
  it("only an admin of the client's own firm can start it, once; it starts the same wait with the same e-mails", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Clara Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const other = await buildFirm(ctx);
    const outsider = await buildUser(ctx);
    const attest = { attesterName: "Ada Admin", eventDate: clock.now().toISOString().slice(0, 10) };

    expect(
      (await staff.client.json<ClientReleaseView>("GET", `/api/clients/${client.id}/release`)).body,
    ).toEqual({
      state: "none",
      release: null,
      canAttest: false,
      canDownloadEvidence: false,
    });
    expect(
      (await firm.admin.json<ClientReleaseView>("GET", `/api/clients/${client.id}/release`)).body
        .canAttest,
    ).toBe(true);
    expect(
      (await staff.client.json("POST", `/api/clients/${client.id}/release`, attest)).status,
    ).toBe(404);
    expect(
      (await other.admin.json("POST", `/api/clients/${client.id}/release`, attest)).status,
    ).toBe(404);
    expect((await other.admin.json("GET", `/api/clients/${client.id}/release`)).status).toBe(404);
    expect(
      (await outsider.client.json("POST", `/api/clients/${client.id}/release`, attest)).status,
    ).toBe(404);
    expect(
      (await firm.admin.json("POST", `/api/clients/${outsider.id}/release`, attest)).status,
    ).toBe(404);
    expect((await firm.admin.json("POST", `/api/clients/${staff.id}/release`, attest)).status).toBe(
      404,
    );
    expect(
      (
        await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
          ...attest,
          eventDate: "2999-01-01",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
          ...attest,
          attesterName: "",
        })
      ).status,
    ).toBe(400);
    expect(await mailsTo(ctx, client.email).then((m) => m.map((x) => x.subject))).not.toContain(
      "A release of your Legacy Vault has started",
    );

    const started = await firm.admin.json<ClientReleaseView>(
      "POST",
      `/api/clients/${client.id}/release`,
      attest,
    );
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      state: "waiting",
      canAttest: false,
      release: { trigger: "attestation", attesterName: "Ada Admin", eventDate: attest.eventDate },
    });
    const started2 = await firm.admin.json("POST", `/api/clients/${client.id}/release`, attest);
    expect(started2).toMatchObject({
      status: 409,
      body: { error: { message: RELEASE_MSG.alreadyStarted } },
    });

    const mail = (await mailsTo(ctx, client.email)).at(-1);
    expect(mail?.subject).toBe("A release of your Legacy Vault has started");
    expect(mail?.text).toContain(`Ada Admin of ${firm.firmName} has attested`);
    expect(mail?.text).toContain("/release/cancel?token=");
    const own = (await client.client.json<ReleasePlanView>("GET", "/api/release")).body;
    expect(own.state).toBe("waiting");
    expect(own.timeline.at(-1)).toMatchObject({
      action: "release.started",
      actorName: "Ada Admin",
    });
    expect(
      (await staff.client.json<ClientReleaseView>("GET", `/api/clients/${client.id}/release`)).body
        .state,
    ).toBe("waiting");
  });

  it("takes an optional PDF or image as evidence, sealed at rest, refusing other types, other firms and staff", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Dana Deceased");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const other = await buildFirm(ctx);
    await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-01-02",
    });
    const marker = `certificate-${Date.now()}`;
    const pdf = Buffer.from(`%PDF-1.4\n${marker}\n%%EOF`);
    const put = (who: TestClient, body: Buffer) =>
      who.send("PUT", `/api/clients/${client.id}/release/document`, body, {
        "content-type": "application/octet-stream",
        "x-file-name": "death%20certificate.pdf",
      });
    expect((await put(staff.client, pdf)).status).toBe(404);
    expect((await put(other.admin, pdf)).status).toBe(404);
    expect((await put(firm.admin, Buffer.from("MZ not a pdf"))).status).toBe(415);
    expect((await put(firm.admin, Buffer.alloc(10 * 1024 * 1024 + 1, 0x25))).status).toBe(413);
    expect((await put(firm.admin, pdf)).status).toBe(200);

    const back = await firm.admin.request("GET", `/api/clients/${client.id}/release/document`);
    expect(back.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await back.arrayBuffer()).equals(pdf)).toBe(true);
    expect(
      (await staff.client.request("GET", `/api/clients/${client.id}/release/document`)).status,
    ).toBe(200);
    expect(
      (await other.admin.request("GET", `/api/clients/${client.id}/release/document`)).status,
    ).toBe(404);
    const stored = await ctx.services.deps.db.execute(
      `select encode(data, 'escape') as d from release_documents`,
    );
    expect(JSON.stringify(stored)).not.toContain(marker);
    expect(
      (await firm.admin.json<ClientReleaseView>("GET", `/api/clients/${client.id}/release`)).body
        .release?.hasDocument,
    ).toBe(true);
  });
});

describe("the timers", () => {
  it("a step that fails before commit leaves nothing behind and happens exactly once on the next run", async () => {
    const { owner, heir } = await ownerWithBeneficiaries();
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 1 });
    const endsAt = new Date((await plan(owner.client)).body.plan.inactivityEndsAt ?? "").getTime();
    await advance(ctx, clock, endsAt - clock.now().getTime() + 1000);
    clock.advance(2 * DAY_MS);

    // crash in the middle of the release step: its transaction rolls back whole
    const crashed = await runDueTimers(ctx.services.deps, {
      beforeCommit: (t) => {
        if (t.kind === "release_due") throw new Error("simulated crash");
      },
    });
    expect(crashed).toBeGreaterThan(0);
    expect((await plan(owner.client)).body.state).toBe("waiting");
    expect(await mailsTo(ctx, heir)).toEqual([]);

    // the failed timer is retried after its backoff, then runs once; concurrent runs do not repeat it
    clock.advance(5 * 60_000);
    await Promise.all([
      runDueTimers(ctx.services.deps),
      runDueTimers(ctx.services.deps),
      runDueTimers(ctx.services.deps),
    ]);
    expect((await plan(owner.client)).body.state).toBe("released");
    expect(await subjects(heir)).toEqual(["Olive Owner has left you something in Legacy Vault"]);
    expect(
      (await subjects(owner.email)).filter((s) => s === "Your Legacy Vault was released"),
    ).toHaveLength(1);
  });
});
