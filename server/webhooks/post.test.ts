import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_MSG } from "../../common/firm-api.js";
import { pinnedLookup, type Resolve } from "./address.js";
import { postWebhook } from "./post.js";

let receiver: Server;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** A DNS stand-in that answers each lookup in turn (a rebinding name), counting them. */
function rebinding(...answers: string[][]): Resolve & { calls: number } {
  const resolve = Object.assign(
    async () => answers[Math.min(resolve.calls++, answers.length - 1)] ?? [],
    { calls: 0 },
  );
  return resolve;
}

const post = (resolve: Resolve, isProduction: boolean) =>
  postWebhook(new URL(`http://hooks.invalid:${port}/in`), {
    headers: { "content-type": "application/json" },
    body: '{"id":"1"}',
    timeoutMs: 5_000,
    lookup: pinnedLookup({ isProduction, resolve }),
  });

describe("a webhook's connection", () => {
  it("goes to the addresses its one lookup answered, never resolving the name again", async () => {
    // hooks.invalid resolves nowhere through DNS: reaching the receiver proves the connection
    // used the lookup's answer, and one call proves it asked once.
    const resolve = rebinding(["127.0.0.1"], ["203.0.113.9"]);
    expect(await post(resolve, false)).toBe(204);
    expect(resolve.calls).toBe(1);
    expect(received.at(-1)).toBe('{"id":"1"}');
  });

  it("in production, is refused when that answer holds a private address, and sends nothing", async () => {
    const before = received.length;
    const resolve = rebinding(["127.0.0.1"]);
    await expect(post(resolve, true)).rejects.toThrow(WEBHOOK_MSG.urlPrivate);
    const mixed = rebinding(["198.51.100.7", "127.0.0.1"]);
    await expect(post(mixed, true)).rejects.toThrow(WEBHOOK_MSG.urlPrivate);
    expect(received.length).toBe(before);
  });
});
