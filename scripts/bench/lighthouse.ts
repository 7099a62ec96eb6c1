/**
 * Issue 13: Lighthouse's mobile performance score of the first pages a person sees (/welcome,
 * /login, /register), with LCP, CLS, TBT and the bytes transferred, from the compiled server
 * (run `npm run build` first) with Debian's Chromium. Beside them, in the same run, a bare
 * baseline: a node:http server answering one small static HTML page (no JavaScript), which
 * shows what this machine's Chromium and Lighthouse's simulated mobile throttling give a page
 * that does nothing; compare the app's figures with it, not with another day's.
 * Lighthouse is not a dependency of the project (it would slow every `npm ci`): the script runs
 * the pinned version through `npx --yes lighthouse@12.8.2` (Node 20 compatible), fetched once
 * into npm's cache. Goals (issue 13): score ≥ 95 on each page, LCP ≤ 1.5 s, CLS ≤ 0.05,
 * TBT ≤ 100 ms.
 * Usage: node --import tsx scripts/bench/lighthouse.ts [runs=3]   (the median of `runs` per page)
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../test/harness.js";
import { COMPILED_SERVER, ServerProcess } from "../../test/server-process.js";

const run = promisify(execFile);
const runs = Number(process.argv[2] ?? 3);
const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROMIUM = "/usr/bin/chromium";

/** `benchmarkIndex`: Lighthouse's own measure of this machine's CPU speed during the run (higher is faster; the mobile preset's 4× slowdown assumes a desktop near 1,000-2,000): a loaded machine lowers it, and every CPU-bound figure (TBT, LCP) grows with it. */
type Figures = {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
  benchmarkIndex: number;
};

type LighthouseReport = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
};

/**
 * One Lighthouse run, or why it gave no figures. A run that Chromium could not load (a
 * `runtimeError` such as NO_NAVSTART or CHROME_INTERSTITIAL_ERROR, or Lighthouse exiting non-zero)
 * is reported with its code and the page's own HTTP status at that moment, never thrown: one bad
 * run must not hide the other pages' figures, and the code says whether the app or the browser is
 * at fault (an interstitial is Chromium's error page: the document request itself failed).
 */
async function lighthouse(url: string, outDir: string): Promise<Figures | string> {
  const out = path.join(outDir, `report-${Date.now()}.json`);
  let failure = "";
  try {
    await run(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (err) {
    failure = (err as { stderr?: string }).stderr?.trim().split("\n").slice(-3).join(" / ") ?? "";
  }
  const report = existsSync(out)
    ? (JSON.parse(readFileSync(out, "utf8")) as LighthouseReport)
    : undefined;
  const score = report?.categories.performance.score;
  if (!report || report.runtimeError || score === null || score === undefined) {
    const status = await fetch(url).then(
      (r) => String(r.status),
      (err: unknown) => String(err),
    );
    const error = report?.runtimeError;
    return `${error ? `${error.code}: ${error.message}` : failure || "no report"} (the page answers ${status} now)`;
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(score * 100),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    bytes: audit("total-byte-weight"),
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(label: string, url: string, outDir: string): Promise<void> {
  const results: Figures[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, outDir);
    if (typeof result === "string")
      console.log(`${label.padEnd(22)} run ${i + 1} failed: ${result}`);
    else results.push(result);
  }
  if (!results.length) return;
  const m = (k: keyof Figures) => median(results.map((r) => r[k]));
  console.log(
    `${label.padEnd(22)} score ${String(m("score")).padStart(3)} (runs ${results.map((r) => r.score).join(", ")})   ` +
      `LCP ${(m("lcpMs") / 1000).toFixed(2)} s   CLS ${m("cls").toFixed(3)}   TBT ${Math.round(m("tbtMs"))} ms   ` +
      `${Math.round(m("bytes") / 1024)} KB transferred   CPU benchmark index ${Math.round(m("benchmarkIndex"))}`,
  );
}

if (!existsSync(COMPILED_SERVER)) {
  console.error(
    `${path.relative(process.cwd(), COMPILED_SERVER)} is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  process.exit(1);
}
console.log(
  `node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ${LIGHTHOUSE}, mobile preset (simulated throttling), median of ${runs}`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), "lv-lighthouse-"));
const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head>' +
      "<body><main><h1>Your legacy, safely kept</h1><p>A bare page: no script, no style sheet, no font.</p></main></body></html>",
  );
});
const barePort = await freePort();
await new Promise<void>((resolve) => bare.listen(barePort, "127.0.0.1", resolve));
const port = await freePort();
const server = new ServerProcess(port, { DATA_DIR: dataDir }, { compiled: true });
try {
  await server.waitForOutput(/ready in \d+ ms/, 180_000); // the first start migrates a new database
  await measure("bare baseline", `http://127.0.0.1:${barePort}/`, dataDir);
  for (const page of ["/welcome", "/login", "/register"])
    await measure(page, `${server.baseUrl}${page}`, dataDir);
} finally {
  server.kill("SIGTERM");
  await server.exited;
  bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
