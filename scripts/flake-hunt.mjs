// The flake hunt: the browser journeys RUNS times in a row (default 5) while every core is kept
// busy by other work, as on a shared CI machine; stops at the first failing run. Run it before a
// landing, after `npm run build`:
//   node scripts/flake-hunt.mjs [RUNS] [-- more vitest arguments, e.g. e2e/login.e2e.ts]
// FLAKE_LOAD=0 runs without the load; FLAKE_PROJECT=server hunts in the server tests instead.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const separator = process.argv.indexOf("--");
const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const extra = separator === -1 ? [] : process.argv.slice(separator + 1);
const runs = Number(own[0] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("usage: node scripts/flake-hunt.mjs [RUNS] [-- vitest arguments]");
  process.exit(2);
}
const project = process.env.FLAKE_PROJECT ?? "e2e";
if (project === "e2e" && !existsSync(path.join(root, "web", "dist", "index.html"))) {
  console.error("web/dist is missing: run `npm run build` first");
  process.exit(2);
}

/** One busy process per core: plain JavaScript spinning, at the same priority as the tests. */
const loaders =
  process.env.FLAKE_LOAD === "0"
    ? []
    : Array.from({ length: availableParallelism() }, () =>
        spawn(process.execPath, ["-e", "for (;;) Math.sqrt(Math.random());"], { stdio: "ignore" }),
      );
const stopLoad = () => loaders.forEach((child) => child.kill("SIGKILL"));
process.on("exit", stopLoad);
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });

const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  process.stdout.write(
    `\n==> flake hunt: run ${run} of ${runs} (${project}, ${loaders.length} busy processes)\n`,
  );
  const code = await new Promise((resolve) => {
    const child = spawn(
      path.join(root, "node_modules", ".bin", "vitest"),
      ["run", "--project", project, ...extra],
      { cwd: root, stdio: "inherit", env: { ...process.env, CI: "true" } },
    );
    child.on("close", (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push(`run ${run}: ${code === 0 ? "green" : `FAILED (exit ${code})`} in ${seconds} s`);
  if (code !== 0) break;
}
stopLoad();
process.stdout.write(`\n==> flake hunt\n${results.map((r) => `  ${r}`).join("\n")}\n`);
process.exit(results.length === runs && results.every((r) => r.includes("green")) ? 0 : 1);
