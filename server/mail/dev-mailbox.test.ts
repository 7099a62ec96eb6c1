import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TestClient,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(); // no SMTP_URL: mail stays in the outbox, readable at /dev/mailbox
});
afterAll(() => ctx.close());

describe("development mailbox (no SMTP_URL)", () => {
  it("shows the messages, with their links, to this machine only", async () => {
    const email = uniqueEmail("mailbox");
    await new TestClient(ctx).post("/api/register", {
      name: "Molly Box",
      email,
      password: "Pebble-Comet-92",
    });

    const local = new TestClient(ctx, "127.0.0.1");
    const page = await local.get("/dev/mailbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toMatch(/<a href="http:\/\/localhost:3999\/auth\/callback\?code=/);
    const json = await local.json<{ messages: { to: string; subject: string }[] }>(
      "GET",
      "/dev/mailbox.json",
    );
    expect(json.body.messages).toContainEqual(
      expect.objectContaining({ to: email, subject: "Confirm your Legacy Vault account" }),
    );

    const ipv6Local = new TestClient(ctx, "::1");
    expect((await ipv6Local.get("/dev/mailbox")).status).toBe(200);
  });

  it("answers 404 to any other address", async () => {
    for (const ip of ["10.1.2.3", "192.168.1.20", "8.8.8.8"]) {
      const remote = new TestClient(ctx, ip);
      expect((await remote.get("/dev/mailbox")).status, ip).toBe(404);
      expect((await remote.get("/dev/mailbox.json")).status, ip).toBe(404);
    }
  });

  it("answers 404 to a request relayed by a reverse proxy on this machine", async () => {
    const local = new TestClient(ctx, "127.0.0.1");
    const relayed: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
    ];
    for (const header of relayed) {
      expect(
        (await local.request("GET", "/dev/mailbox", undefined, header)).status,
        JSON.stringify(header),
      ).toBe(404);
    }
  });

  it("there is no SMTP mailer to run", () => {
    expect(ctx.services.mailer).toBeNull();
  });
});
