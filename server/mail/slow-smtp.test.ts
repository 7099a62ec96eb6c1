import net, { type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema/index.js";
import {
  TestClient,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

/** An SMTP server that accepts connections and then never says a word. */
let silent: net.Server;
const held = new Set<net.Socket>();
let ctx: TestContext;
beforeAll(async () => {
  silent = net.createServer((socket) => {
    held.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await stopSilentServer();
  await ctx.close();
});

function mailerOf(c: TestContext) {
  if (!c.services.mailer) throw new Error("SMTP_URL is set, so there must be a mailer");
  return c.services.mailer;
}

async function stopSilentServer() {
  const closed = silent.listening
    ? new Promise<void>((resolve) => silent.close(() => resolve()))
    : Promise.resolve();
  for (const s of held) s.destroy();
  await closed;
}

describe("a hanging SMTP server", () => {
  it("does not hold up the app: other requests are answered while a send is stuck", async () => {
    const email = uniqueEmail();
    expect(
      (
        await new TestClient(ctx).post("/api/register", {
          name: "Hal Hanging",
          email,
          password: "Granite-Willow-64",
        })
      ).status,
    ).toBe(200);
    const flushing = mailerOf(ctx).flush();
    await expect.poll(() => held.size, { timeout: 5000 }).toBeGreaterThan(0);

    const started = performance.now();
    const health = await new TestClient(ctx).json<{ status: string }>("GET", "/api/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok" } });
    const signIn = await new TestClient(ctx).json("POST", "/api/auth/sign-in/email", {
      email,
      password: "Granite-Willow-64",
    });
    expect(signIn.status).toBe(403); // registered, not confirmed: the database answered
    expect(performance.now() - started).toBeLessThan(5000); // a stuck send used to block the database for the 10 s greeting timeout

    await stopSilentServer();
    await flushing;
    const [row] = await ctx.services.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
  });
});
