#!/usr/bin/env node
/**
 * `npm run dev`: the API server (tsx watch, port 3000) and the Vite dev server (port 5173,
 * proxying /api and /dev to 3000) together, their output prefixed. Ctrl+C stops both; when
 * one of them exits, the other is stopped too.
 *
 * The browser talks to Vite, so the API must accept http://localhost:5173 as its origin
 * (APP_URL: same-origin check of state-changing requests, links in e-mails).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const env = {
  ...process.env,
  PORT: "3000",
  APP_URL: process.env.APP_URL ?? "http://localhost:5173",
  API_URL: "http://localhost:3000",
};

const children = [
  start("api", bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"]),
  start("web", bin("vite"), ["--config", "web/vite.config.ts", "--strictPort"]),
];
let stopping = false;

function start(name, command, args) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (stream, out) => {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      process.stderr.write(
        `[${name}] exited (${signal ?? `code ${code}`}); stopping the other one\n`,
      );
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(exitCode) {
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill("SIGTERM");
  const force = setTimeout(() => running.forEach((c) => c.kill("SIGKILL")), 10_000);
  Promise.all(
    running.map(
      (c) =>
        new Promise((resolve) =>
          c.exitCode !== null || c.signalCode !== null ? resolve() : c.once("exit", resolve),
        ),
    ),
  ).then(() => {
    clearTimeout(force);
    process.exit(exitCode);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
