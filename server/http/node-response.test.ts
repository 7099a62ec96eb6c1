import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { httpServerOptions } from "./node-response.js";

/** Long enough to be encoded before it is written, with characters of one to four bytes. */
const LONG = "Zoë's will — 遗嘱 📜 ".repeat(2000);
const SHORT = "Zoë 📜";

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the app's HTTP responses", () => {
  it("send a long or short text answer whole, with its length in bytes", async () => {
    const app = new Hono()
      .get("/long", (c) => c.text(LONG))
      .get("/short", (c) => c.json({ text: SHORT }));
    const server = createAdaptorServer({ fetch: app.fetch, serverOptions: httpServerOptions });
    const base = await listening(server as Server);
    const long = await fetch(`${base}/long`);
    expect(await long.text()).toBe(LONG);
    expect(long.headers.get("content-length")).toBe(String(Buffer.byteLength(LONG)));
    const short = await fetch(`${base}/short`);
    expect(await short.json()).toEqual({ text: SHORT });
  });

  it("end(text, encoding, callback) and end(text, callback) send the text and call back", async () => {
    const calledBack: string[] = [];
    const server = createServer(httpServerOptions, (req, res) => {
      if (req.url === "/latin1")
        res.end("é".repeat(20_000), "latin1", () => calledBack.push("latin1"));
      else res.end(LONG, () => calledBack.push("utf8"));
    });
    const base = await listening(server);
    const latin1 = new Uint8Array(await (await fetch(`${base}/latin1`)).arrayBuffer());
    expect(latin1.length).toBe(20_000);
    expect(latin1.every((b) => b === 0xe9)).toBe(true);
    expect(await (await fetch(`${base}/utf8`)).text()).toBe(LONG);
    await expect.poll(() => calledBack.sort()).toEqual(["latin1", "utf8"]);
  });
});
