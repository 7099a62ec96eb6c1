/**
 * How many journey files run at once (E2E_WORKERS, default 2: decision 071), each against its own server:
 * read by vitest.config.ts (the e2e project's maxWorkers) and e2e/global-setup.ts (the servers).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
