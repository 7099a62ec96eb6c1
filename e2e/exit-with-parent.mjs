/**
 * Preloaded into the e2e server (`node --import ./e2e/exit-with-parent.mjs`): when the test
 * runner that started it dies without its teardown (killed, crashed), the server is orphaned
 * and re-parented; it then shuts itself down instead of holding the port and data directory.
 */
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();
