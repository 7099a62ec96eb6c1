import { Agent, createServer, request } from "node:http";
import { connect, type AddressInfo } from "node:net";

/** A loopback address of its own (127.x.y.z): the server tells people apart, and rate-limits them, by address. */
export function randomLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

const HOP_BY_HOP = new Set([
  "proxy-connection",
  "proxy-authorization",
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

export type AddressProxy = {
  server: string;
  /** Connections the proxy has accepted, and how many of them are still open. */
  connections(): { accepted: number; open: number };
  close(): Promise<void>;
};

/**
 * An HTTP proxy for one browser context that forwards to `target` (the e2e server) from
 * `localAddress`. Every context is a different person at a different address, as in real
 * life; without it every page of every journey shares 127.0.0.1 and the journeys together
 * exhaust the server's per-address limits (e.g. 30 sign-ins per 5 minutes). Requests for any
 * other host are refused.
 */
export async function startAddressProxy(
  target: URL,
  localAddress = randomLoopbackAddress(),
): Promise<AddressProxy> {
  const agent = new Agent({ keepAlive: true, localAddress });
  const proxy = createServer((req, res) => {
    const url = new URL(req.url ?? "/", target);
    if (url.host !== target.host) {
      res
        .writeHead(502, { "content-type": "text/plain" })
        .end(`e2e proxy: only ${target.host} is reachable`);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    );
    const upstream = request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        agent,
      },
      (answer) => {
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        // A connection reset half-way (the server or the browser going away) ends this exchange
        // only: an error event without a listener would end the whole test run.
        answer.on("error", () => res.destroy());
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.on("error", () => upstream.destroy());
    res.on("error", () => upstream.destroy());
    req.pipe(upstream);
  });
  // Playwright's page.request tunnels through the proxy with CONNECT, even to http:// URLs.
  const tunnels = new Set<{ destroy(): void }>();
  proxy.on("connect", (req, client, head) => {
    // Node leaves a CONNECT's socket to this handler, its errors too. Chromium's own background
    // requests (to other hosts) are refused below, and Chromium may reset them: without a
    // listener, that reset ended the whole test run (CI, 2026-11-27: every test passed).
    client.on("error", () => client.destroy());
    if (req.url !== target.host) {
      client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      return;
    }
    const upstream = connect({ host: "127.0.0.1", port: Number(target.port), localAddress }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(client).add(upstream);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  const connections = { accepted: 0, open: 0 };
  proxy.on("connection", (socket: { once(event: "close", listener: () => void): void }) => {
    connections.accepted += 1;
    connections.open += 1;
    socket.once("close", () => (connections.open -= 1));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    connections: () => ({ ...connections }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        tunnels.forEach((socket) => socket.destroy());
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
