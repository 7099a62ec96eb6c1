/**
 * The bare baseline of scripts/bench/sign-in.ts: a node:http server with nothing of the app in it.
 * POST /verify checks the body's password against one argon2id hash at the app's cost (the same
 * library and options as server/auth/password.ts, on its thread pool); GET /health answers a small
 * JSON at once. Prints "listening on PORT" when ready.
 * Usage: node --import tsx scripts/bench/bare-sign-in-server.ts PASSWORD
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hash, verify } from "@node-rs/argon2";
import { ARGON2_OPTIONS } from "../../server/auth/password.js";

const stored = await hash(process.argv[2] ?? "", ARGON2_OPTIONS);
const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ status: "ok" }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const { password } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { password: string };
    void verify(stored, password).then((ok) => {
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok }));
    });
  });
});
server.listen(0, "127.0.0.1", () =>
  console.log(`listening on ${(server.address() as AddressInfo).port}`),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
