import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { E2E_WORKERS } from "./e2e/workers.js";

/** Server test files at a time: as many as the machine has cores, at least 2 (SERVER_WORKERS). */
const SERVER_WORKERS = Math.max(
  1,
  Number(process.env.SERVER_WORKERS ?? Math.max(2, availableParallelism())) || 1,
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/fail-on-console-error.ts", "test/password-cost.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Vitest's default is one worker fewer than the cores: one on the 2-core machine, which
          // left a core idle. Many files wait on child processes, nginx or mail (decision 071).
          maxWorkers: SERVER_WORKERS,
          // A worker runs its files one after another in one module graph: each file still opens its
          // own database and app, but the server's modules are loaded once per worker, not once per
          // file (measured: 9m57s of CPU down to 6m11s for server + web; the server tests mock no module).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Pure browser-side logic (crypto, parsing) in Node, which has the same WebCrypto.
        resolve: {
          alias: {
            "@": path.join(import.meta.dirname, "web/src"),
            "@common": path.join(import.meta.dirname, "common"),
          },
        },
        test: {
          name: "web",
          include: ["web/src/**/*.test.ts"],
          environment: "node",
          maxWorkers: SERVER_WORKERS, // runs beside the server project (the same groupOrder)
          sequence: { groupOrder: 0 },
        },
      },
      {
        // A screen's states and messages: components in a DOM (happy-dom) with Testing Library,
        // *.test.tsx beside the component (docs/decisions/078-component-tests.md).
        resolve: {
          alias: {
            "@": path.join(import.meta.dirname, "web/src"),
            "@common": path.join(import.meta.dirname, "common"),
          },
        },
        test: {
          name: "web-dom",
          include: ["web/src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["test/fail-on-console-error.ts", "web/src/testing/dom-setup.ts"],
          unstubGlobals: true,
          // As the server's: a component test may derive keys at full cost (seconds on a busy machine).
          testTimeout: 60_000,
          maxWorkers: SERVER_WORKERS, // runs beside the server and web projects (the same groupOrder)
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // Browser journeys against the real server (started once by the global setup) serving web/dist.
          // After the server project (groupOrder), E2E_WORKERS files at a time (default 2), each
          // worker against its own server (docs/decisions/057).
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          setupFiles: ["e2e/setup.ts"],
          // A minute at most (decision 071), and no retry: a longer story is told in steps
          // (keepForSteps), and its longest step takes about 20 s on the 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits for a condition: Vitest's 1 s default failed a re-sort that a loaded
          // machine drew after 1 s (the condition held by the failure's screenshot). It costs
          // nothing when the condition holds sooner.
          expect: { poll: { timeout: 10_000 } },
          pool: "forks",
          // As the server's: a worker loads Playwright and the fixtures once, not once per file
          // (about a second a file); e2e/setup.ts closes each file's browser and frees its server.
          isolate: false,
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
    // Never a retry, in any project: a flake that passes on its second try fails CI's one run.
    retry: 0,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
