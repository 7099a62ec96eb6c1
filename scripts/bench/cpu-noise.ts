/**
 * The machine's own noise, to read the other benchmarks' p99 against: a fixed piece of CPU work
 * (no allocation, no I/O, no database) timed many times. On a quiet machine p99/p50 is near 1;
 * on the 2-core VMs this project is measured on it was 1.3-1.5 (2026-11-23), so a request with
 * a p50 of 7 ms has a p99 near 10 ms before its own garbage collection or database work varies.
 * Usage: node --import tsx scripts/bench/cpu-noise.ts [runs=1000]
 */
const RUNS = Number(process.argv[2] ?? 1000);

function work() {
  let x = 0;
  for (let i = 0; i < 6e6; i++) x += Math.sqrt(i);
  return x;
}

let sink = 0;
for (let i = 0; i < 30; i++) sink += work();
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  sink += work();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
console.log(
  `fixed CPU work x ${RUNS}: p50 ${at(0.5).toFixed(2)} ms  p90 ${at(0.9).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  max ${at(1).toFixed(2)} ms  ` +
    `(p99/p50 ${(at(0.99) / at(0.5)).toFixed(2)}; ${sink > 0 ? "" : "-"})`,
);
