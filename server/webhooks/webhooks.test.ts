import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedWebhookView, WebhookListView } from "../../common/firm-api.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { createTestContext, type TestContext } from "../../test/harness.js";
import { asSystem } from "../db/actor.js";
import { clientPlanStatus, webhookDeliveries, webhookEndpoints } from "../db/schema/index.js";
import { sendDueWebhooks } from "./send.js";

type Received = { body: string; signature: string };
let ctx: TestContext;
let receiver: Server;
let hookUrl = "";
let answer = 200;
const received: Received[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["x-legacyvault-signature"]) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.close();
});

type Firm = Awaited<ReturnType<typeof buildFirm>>;
const addHook = async (firm: Firm, events = ["client.joined", "plan.completed"]) => {
  const res = await firm.admin.json<CreatedWebhookView>("POST", "/api/firm/webhooks", {
    url: `${hookUrl}?firm=${firm.firmId}`,
    events,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const deliveriesOf = (endpointId: string) =>
  asSystem(ctx.services.deps.db, (tx) =>
    tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  );
const sendAll = (now = new Date()) => sendDueWebhooks(ctx.services.deps, { now });

describe("webhooks", () => {
  it("send a signed 'client joined' to the client's firm only, and log it for its admin", async () => {
    const firmA = await buildFirm(ctx);
    const firmB = await buildFirm(ctx);
    const a = await addHook(firmA);
    const b = await addHook(firmB);
    expect(a.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const [stored] = await asSystem(ctx.services.deps.db, (tx) =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, a.webhook.id)),
    );
    expect(JSON.stringify(stored)).not.toContain(a.secret.slice(6));

    const client = await buildInvitedMember(ctx, firmA.admin, "regular_user", "Carla Client");
    await buildInvitedMember(ctx, firmA.admin, "firm_staff", "Sam Staff"); // staff: no event
    expect(await deliveriesOf(b.webhook.id)).toEqual([]);
    const [queued, ...more] = await deliveriesOf(a.webhook.id);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ event: "client.joined", status: "pending" });

    received.length = 0;
    answer = 200;
    expect(await sendAll()).toBeGreaterThanOrEqual(1);
    const got = received.find((r) => r.body.includes(queued?.id ?? "-"));
    const body = JSON.parse(got?.body ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({
      id: queued?.id,
      event: "client.joined",
      firmId: firmA.firmId,
      data: { clientId: client.id },
    });
    expect(got?.body).not.toContain("Carla");
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got?.signature ?? "") ?? [];
    const expected = createHmac("sha256", a.secret).update(`${t}.${got?.body}`).digest("hex");
    expect(v1).toBe(expected);

    const log = await firmA.admin.json<WebhookListView>("GET", "/api/firm/webhooks");
    expect(log.body.webhooks.map((w) => w.id)).toEqual([a.webhook.id]);
    expect(JSON.stringify(log.body)).not.toContain(a.secret.slice(6));
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({
        id: queued?.id,
        status: "delivered",
        attempts: 1,
        lastStatus: 200,
      }),
    ]);
    const logB = await firmB.admin.json<WebhookListView>("GET", "/api/firm/webhooks");
    expect(logB.body.deliveries).toEqual([]);
    expect(logB.body.webhooks.map((w) => w.id)).toEqual([b.webhook.id]);
  });

  it("send 'plan completed' when a client's status reaches 100", async () => {
    const firm = await buildFirm(ctx);
    const hook = await addHook(firm, ["plan.completed"]);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    await asSystem(ctx.services.deps.db, (tx) =>
      tx
        .update(clientPlanStatus)
        .set({ score: 100 })
        .where(eq(clientPlanStatus.clientId, client.id)),
    );
    expect((await deliveriesOf(hook.webhook.id)).map((d) => d.event)).toEqual(["plan.completed"]);
  });

  it("send 'release started' when the firm attests a client's death", async () => {
    const firm = await buildFirm(ctx);
    const hook = await addHook(firm, ["release.started"]);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    await client.client.json("PUT", "/api/release/plan", { inactivityMonths: 6, waitDays: 7 });
    const attested = await firm.admin.request("POST", `/api/clients/${client.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(attested.status).toBeLessThan(300);
    const [d, ...more] = await deliveriesOf(hook.webhook.id);
    expect(more).toEqual([]);
    expect(d).toMatchObject({ event: "release.started", payload: { clientId: client.id } });
    expect(Object.keys(d?.payload ?? {}).sort()).toEqual(["clientId", "releaseId"]);
  });

  it("retry with exponential backoff, then give up", async () => {
    const firm = await buildFirm(ctx);
    const hook = await addHook(firm);
    await buildInvitedMember(ctx, firm.admin, "regular_user");
    answer = 500;
    let now = new Date();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await sendAll(now);
      const [d] = await deliveriesOf(hook.webhook.id);
      if (d?.status !== "pending") break;
      waits.push((d.nextAttemptAt.getTime() - now.getTime()) / 1000);
      now = new Date(d.nextAttemptAt.getTime() + 1000);
    }
    answer = 200;
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    const [d] = await deliveriesOf(hook.webhook.id);
    expect(d).toMatchObject({ status: "failed", attempts: 8, lastStatus: 500 });
  });

  it("are sent once when two processes send at the same time", async () => {
    const firm = await buildFirm(ctx);
    const hook = await addHook(firm);
    await buildInvitedMember(ctx, firm.admin, "regular_user");
    received.length = 0;
    answer = 200;
    await Promise.all([sendAll(), sendAll(), sendAll()]);
    const [d] = await deliveriesOf(hook.webhook.id);
    expect(received.filter((r) => r.body.includes(d?.id ?? "-"))).toHaveLength(1);
    expect(d).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("are managed by the firm's admins only; another firm's answer 404", async () => {
    const firmA = await buildFirm(ctx);
    const firmB = await buildFirm(ctx);
    const a = await addHook(firmA);
    const staff = await buildInvitedMember(ctx, firmA.admin, "firm_staff");
    for (const who of [firmB.admin, staff.client])
      expect((await who.request("POST", `/api/firm/webhooks/${a.webhook.id}/delete`)).status).toBe(
        404,
      );
    expect((await staff.client.request("GET", "/api/firm/webhooks")).status).toBe(404);
    const made = await staff.client.request("POST", "/api/firm/webhooks", {
      url: hookUrl,
      events: ["client.joined"],
    });
    expect(made.status).toBe(404);
    const gone = await firmA.admin.request("POST", `/api/firm/webhooks/${a.webhook.id}/delete`);
    expect(gone.status).toBe(200);
    const log = await firmA.admin.json<WebhookListView>("GET", "/api/firm/webhooks");
    expect(log.body.webhooks).toEqual([]);
    await buildInvitedMember(ctx, firmA.admin, "regular_user");
    expect(await deliveriesOf(a.webhook.id)).toEqual([]);
  });

  it("answer 400 for a URL or events they cannot use", async () => {
    const firm = await buildFirm(ctx);
    for (const body of [
      { url: "ftp://example.com/x", events: ["client.joined"] },
      { url: "not a url", events: ["client.joined"] },
      { url: "https://u:p@example.com/", events: ["client.joined"] },
      { url: hookUrl, events: [] },
      { url: hookUrl, events: ["vault.opened"] },
    ]) {
      const res = await firm.admin.request("POST", "/api/firm/webhooks", body);
      expect(res.status).toBe(400);
    }
  });
});
