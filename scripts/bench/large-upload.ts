/**
 * Issue 37, item 4: a large file encrypted in the browser and uploaded in chunks (decision 108),
 * in Debian's Chromium, against the same bytes uploaded unencrypted to a bare server on the same
 * machine in the same run. Starts the real server (PGlite in a temporary folder, or PostgreSQL
 * with DATABASE_URL naming a scratch database; serves web/dist, so run `npm run build`
 * first), signs in, and:
 * 1. the bare baseline: a node:http server that reads and drops a PUT body; a plain page picks the
 *    file and `fetch`es it there as it is (MB/s);
 * 2. the product: /documents/new, the file picked, "Upload Document" pressed, until the toast
 *    (MB/s; every chunk read with file.slice, encrypted with WebCrypto and PUT, then completed);
 *    the browser's memory (the resident memory of every Chromium process, summed, sampled every
 *    100 ms) and the server's (VmRSS, VmHWM) before and at their peak;
 * 3. four such uploads at once from four tabs: the server's memory growth.
 * The file is random bytes after a PDF header, written to a temporary folder (four hard links of
 * it for step 3, under other names so that each is its own upload).
 * Goals: encrypted at least half the bare speed, browser growth under 200 MB, server growth under
 * 100 MB with 4 uploads at once. Exits 1 when a goal is missed.
 * Usage: [BENCH_UPLOAD_MB=1024] [DATABASE_URL=postgres://…/scratch] node --import tsx scripts/bench/large-upload.ts
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  linkSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { DOCUMENT_MSG } from "../../common/assets/documents.js";
import { signedInPage } from "./signed-in-page.js";

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const AT_ONCE = 4;
const GOALS = { speedShare: 0.5, browserMb: 200, serverMb: 100 };

/** A process's resident memory now and its peak since the last reset, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
  } catch {
    return { rssMb: 0, hwmMb: 0 }; // the process ended between the listing and the read
  }
}

/** Every process below `root` (by parent), except the subtree of `skip` (the app's server). */
function descendantsOf(root: number, skip: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift() ?? 0) ?? []) {
      if (child === skip) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** A Chromium process's kind, from its command line: browser, renderer, gpu-process, utility... */
function kindOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const type = args.find((a) => a.startsWith("--type="))?.slice(7) ?? "browser";
    const service = args
      .find((a) => a.startsWith("--utility-sub-type="))
      ?.split(".")
      .at(-2);
    return service ? `${type}:${service}` : type;
  } catch {
    return "gone";
  }
}

/**
 * Samples the browser's memory (all Chromium processes) and the server's every 100 ms, keeping the
 * peaks; LARGE_UPLOAD_DETAIL=1 prints each Chromium process's growth at its peak.
 */
function sampleMemory(serverPid: number) {
  const byProcess = () =>
    new Map(descendantsOf(process.pid, serverPid).map((pid) => [pid, memoryOf(pid).rssMb]));
  const sum = (m: Map<number, number>) => [...m.values()].reduce((n, v) => n + v, 0);
  writeFileSync(`/proc/${serverPid}/clear_refs`, "5"); // VmHWM starts again from the RSS
  const first = byProcess();
  const peaks = new Map(first);
  const before = { browser: sum(first), server: memoryOf(serverPid).rssMb };
  const peak = { ...before };
  const timer = setInterval(() => {
    const now = byProcess();
    for (const [pid, mb] of now) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mb));
    peak.browser = Math.max(peak.browser, sum(now));
    peak.server = Math.max(peak.server, memoryOf(serverPid).rssMb);
  }, 100);
  return () => {
    clearInterval(timer);
    peak.server = Math.max(peak.server, memoryOf(serverPid).hwmMb);
    if (process.env.LARGE_UPLOAD_DETAIL)
      for (const [pid, mb] of peaks)
        if (mb - (first.get(pid) ?? 0) > 5)
          console.log(`  ${kindOf(pid)} ${pid}: +${(mb - (first.get(pid) ?? 0)).toFixed(0)} MB`);
    return { browserMb: peak.browser - before.browser, serverMb: peak.server - before.server };
  };
}

/** The file: a PDF's first bytes (the browser checks the type by content), then random bytes. */
function writeFile(dir: string, name: string): string {
  const file = path.join(dir, name);
  const fd = openSync(file, "w");
  writeSync(fd, Buffer.from("%PDF-1.7\n%bench\n"));
  for (let written = 16; written < SIZE_MB * MB;) {
    const part = randomBytes(Math.min(16 * MB, SIZE_MB * MB - written));
    writeSync(fd, part);
    written += part.length;
  }
  closeSync(fd);
  return file;
}

/** The bare baseline: PUT /upload reads the body and drops it; GET / is a page with a file input. */
async function bareServer() {
  const server = createServer((req, res) => {
    if (req.method === "PUT") {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ bytes }));
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end('<!doctype html><title>bare</title><input type="file" id="file">');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** The document form with this file picked, ready to press "Upload Document". */
async function documentForm(page: Page, file: string) {
  await page.goto("/documents/new");
  await page.getByLabel("Document file").setInputFiles(file);
  await page.getByText(path.basename(file), { exact: true }).waitFor();
}

const uploadDocument = async (page: Page) => {
  await page.getByRole("button", { name: "Upload Document" }).click();
  await page.getByText(DOCUMENT_MSG.uploaded).first().waitFor({ timeout: 3_600_000 });
};

const speed = (seconds: number) => SIZE_MB / seconds;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const dir = mkdtempSync(path.join(tmpdir(), "lv-large-upload-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const databaseUrl = process.env.DATABASE_URL;
console.log(
  `load average ${load()}; ${SIZE_MB} MB, ${databaseUrl ? "PostgreSQL" : "PGlite"}; writing the file...`,
);
const file = writeFile(dir, "large.pdf");
const copies = Array.from({ length: AT_ONCE }, (_, i) => {
  const copy = path.join(dir, `large-${i + 1}.pdf`);
  linkSync(file, copy);
  return copy;
});

const app = await signedInPage("large-upload", {
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
});
const bare = await bareServer();
try {
  // 1. bare: the same bytes, unencrypted, in one fetch
  const barePage = await app.context.newPage();
  await barePage.goto(bare.url);
  await barePage.locator("#file").setInputFiles(file);
  const stopBare = sampleMemory(app.server.pid);
  const bareSeconds = await barePage.evaluate(async () => {
    const g = globalThis as unknown as {
      document: { getElementById(id: string): { files: Blob[] } };
    };
    const picked = g.document.getElementById("file").files[0];
    const started = performance.now();
    const res = await fetch("/upload", { method: "PUT", body: picked });
    await res.json();
    return (performance.now() - started) / 1000;
  });
  const bareMemory = stopBare();
  await barePage.close();
  console.log(
    `bare: ${SIZE_MB} MB in ${bareSeconds.toFixed(1)} s, ${speed(bareSeconds).toFixed(0)} MB/s; ` +
      `browser +${bareMemory.browserMb.toFixed(0)} MB`,
  );

  // 2. the product: encrypted in chunks, uploaded, completed
  const { page } = app;
  await documentForm(page, file);
  const stop = sampleMemory(app.server.pid);
  const started = performance.now();
  await uploadDocument(page);
  const seconds = (performance.now() - started) / 1000;
  const one = stop();
  const share = speed(seconds) / speed(bareSeconds);
  console.log(
    `encrypted: ${SIZE_MB} MB in ${seconds.toFixed(1)} s, ${speed(seconds).toFixed(0)} MB/s ` +
      `(${(share * 100).toFixed(0)}% of bare; goal ≥ ${GOALS.speedShare * 100}%); ` +
      `browser +${one.browserMb.toFixed(0)} MB (goal < ${GOALS.browserMb}), server +${one.serverMb.toFixed(0)} MB`,
  );

  // 3. four at once, from four tabs (a tab opened by the page shares its unlocked vault)
  const tabs: Page[] = [];
  for (let i = 0; i < AT_ONCE; i++) {
    const [tab] = await Promise.all([
      app.context.waitForEvent("page"),
      page.evaluate(() => {
        (globalThis as unknown as { open(url: string): unknown }).open("/dashboard");
      }),
    ]);
    tab.setDefaultTimeout(120_000);
    await documentForm(tab, copies[i] ?? file);
    tabs.push(tab);
  }
  const stopAll = sampleMemory(app.server.pid);
  const allStarted = performance.now();
  await Promise.all(tabs.map(uploadDocument));
  const allSeconds = (performance.now() - allStarted) / 1000;
  const all = stopAll();
  console.log(
    `${AT_ONCE} at once: ${AT_ONCE} × ${SIZE_MB} MB in ${allSeconds.toFixed(1)} s, ` +
      `${((AT_ONCE * SIZE_MB) / allSeconds).toFixed(0)} MB/s in all; server +${all.serverMb.toFixed(0)} MB ` +
      `(goal < ${GOALS.serverMb}), browser +${all.browserMb.toFixed(0)} MB; load average ${load()}`,
  );
  const missed = [
    share < GOALS.speedShare && "speed",
    one.browserMb >= GOALS.browserMb && "browser memory",
    all.serverMb >= GOALS.serverMb && "server memory",
  ].filter(Boolean);
  if (missed.length) {
    console.log(`missed: ${missed.join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  bare.server.close();
  await app.close();
}
