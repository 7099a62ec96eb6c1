const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

/** A small structured logger. Never pass secrets, tokens, codes or vault content to it. */
export function createLogger(level: LogLevel = "info") {
  const min = LEVELS.indexOf(level);
  const at = (l: LogLevel) => (message: string) => {
    if (LEVELS.indexOf(l) < min) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase().padEnd(5)} ${message}`;
    (l === "error" || l === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
export type Logger = ReturnType<typeof createLogger>;
