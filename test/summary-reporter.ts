import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const RESULTS = path.join(import.meta.dirname, "..", "test-results");

/**
 * Prints the plain closing line CI reads: "N passed, N failed" (and skipped), and writes each
 * test file's seconds to test-results/file-seconds-<pid>.tsv (seconds, project, file), from which
 * .ci/run prints the slowest files of all its runs.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    const lines = testModules.map((mod) => {
      const d = mod.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration;
      const seconds = ((ms + d.setupDuration + d.duration) / 1000).toFixed(1);
      const engine = process.env.TEST_DATABASE_URL ? "+postgres" : "";
      const project = `${mod.project.name || "-"}${engine}`;
      return `${seconds}\t${project}\t${mod.relativeModuleId}`;
    });
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, `file-seconds-${process.pid}.tsv`), `${lines.join("\n")}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
