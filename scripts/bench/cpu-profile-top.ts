/**
 * Reads a V8 CPU profile (`node --cpu-prof`, .cpuprofile) and prints the functions with the most
 * self time, and the files (node_modules packages grouped) with the most self time.
 * LAST_SECONDS=n counts only the profile's last n seconds (the flood of sign-in.ts, not start-up).
 * Usage: [LAST_SECONDS=15] node --import tsx scripts/bench/cpu-profile-top.ts FILE.cpuprofile [top=25]
 */
import { readFileSync } from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) throw new Error("usage: cpu-profile-top.ts FILE.cpuprofile [top]");
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
const lastMs = Number(process.env.LAST_SECONDS ?? Infinity) * 1000;
let elapsedMs = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  if (elapsedMs <= lastMs) selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  elapsedMs -= ms;
});
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return `[${pkg}]`;
  return url.replace(/^file:\/\/.*?\/(server|common|test)\//, "$1/") || "(native)";
};
const add = (map: Map<string, number>, key: string, ms: number) =>
  map.set(key, (map.get(key) ?? 0) + ms);
const functions = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? {
    functionName: "?",
    url: "",
    lineNumber: 0,
  };
  add(functions, `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}`, ms);
  add(files, where(url), ms);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
};
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled`);
print("self time by function", functions);
print("self time by file or package", files);
