import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startAddressProxy } from "./address-proxy.js";

const CONNECT_ELSEWHERE =
  "CONNECT update.example.com:443 HTTP/1.1\r\nHost: update.example.com:443\r\n\r\n";

/** Opens a connection to the proxy and asks it for a tunnel to another host. */
function askForTunnel(port: number) {
  const socket = connect({ host: "127.0.0.1", port });
  socket.on("error", () => {}); // this side's own reset is expected
  socket.write(CONNECT_ELSEWHERE);
  return socket;
}

describe("the journeys' address proxy", () => {
  it("refuses a tunnel to another host, and a browser resetting it ends that tunnel only", async () => {
    const proxy = await startAddressProxy(new URL("http://localhost:1"), "127.0.0.1");
    const port = Number(new URL(proxy.server).port);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      const refused = askForTunnel(port);
      const reply = await new Promise<string>((resolve) =>
        refused.once("data", (d: Buffer) => resolve(d.toString("latin1"))),
      );
      expect(reply).toMatch(/^HTTP\/1\.1 502 /);
      refused.destroy();
      // As Chromium's background requests may: asked, then reset before the answer.
      for (let i = 0; i < 5; i++) askForTunnel(port).resetAndDestroy();
      // the proxy has taken all six connections and seen each one end
      await expect
        .poll(() => proxy.connections(), { timeout: 10_000 })
        .toEqual({ accepted: 6, open: 0 });
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await proxy.close();
    }
  });
});
