// `npm test`: the type checks, lint, format check and production build side by side (as many at
// once as the machine has cores; each prints its output when it ends), then every vitest project.
// Stops before vitest when a check fails. `SKIP_CHECKS=1` goes straight to vitest.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Longest first, so that the last to start is a short one. */
const checks = [
  { name: "eslint", command: bin("eslint"), args: ["."] },
  { name: "build", command: "npm", args: ["run", "--silent", "build"] },
  { name: "prettier", command: bin("prettier"), args: ["--check", "."] },
  { name: "typecheck server", command: bin("tsc"), args: ["-p", "tsconfig.json"] },
  { name: "typecheck web", command: bin("tsc"), args: ["-p", "web/tsconfig.json"] },
];

/** Runs `command`, keeping its output; resolves with its exit code and seconds. */
function run({ command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (d) => output.push(d));
    child.stderr.on("data", (d) => output.push(d));
    child.on("error", (err) => output.push(Buffer.from(String(err))));
    child.on("close", (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        output: Buffer.concat(output).toString(),
      }),
    );
  });
}

async function runChecks() {
  const queue = [...checks];
  const failed = [];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const { code, seconds, output } = await run(check);
      const status = code === 0 ? "ok" : `FAILED (exit ${code})`;
      process.stdout.write(`\n==> ${check.name}: ${status} in ${seconds.toFixed(1)} s\n`);
      if (code !== 0 || output.trim())
        process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      if (code !== 0) failed.push(check.name);
    }
  };
  const width = Math.max(1, Math.min(availableParallelism(), checks.length));
  await Promise.all(Array.from({ length: width }, worker));
  return failed;
}

const started = Date.now();
if (process.env.SKIP_CHECKS !== "1") {
  const failed = await runChecks();
  process.stdout.write(
    `\n==> checks and build: ${((Date.now() - started) / 1000).toFixed(1)} s${failed.length ? `, failed: ${failed.join(", ")}` : ""}\n`,
  );
  if (failed.length) process.exit(1);
}
const vitest = await new Promise((resolve) => {
  const child = spawn(bin("vitest"), ["run", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
  });
  child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
process.stdout.write(`\n==> npm test: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
process.exit(vitest);
