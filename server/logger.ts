import { AsyncLocalStorage } from "node:async_hooks";

const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

/** Where a formatted log line goes: stdout (debug, info) or stderr (warn, error) unless a test captures it. */
export type LogSink = (level: Exclude<LogLevel, "silent">, line: string) => void;
const toStdio: LogSink = (level, line) =>
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");

/**
 * The request being handled, for every line logged while it is (docs/decisions/023): set once by
 * server/http/request-id.ts, read here, so no function has to pass a request id or a child logger.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` as the handling of request `requestId`: what it logs, however deep, carries the id. */
export const runWithRequestId = <T>(requestId: string, fn: () => T): T =>
  requestScope.run({ requestId }, fn);

/** Runs `fn` outside any request (work that a request only starts, such as the mailer's drain, is not that request's). */
export const runOutsideRequest = <T>(fn: () => T): T => requestScope.exit(fn);

/** `text`: `<time> <LEVEL> requestId=<id> <message>`; `json`: one `{"time","level","msg","requestId"?}` object a line (docs/decisions/026). */
export type LogFormat = "text" | "json";

/** A small structured logger. Never pass secrets, tokens, codes or vault content to it. */
export function createLogger(
  level: LogLevel = "info",
  sink: LogSink = toStdio,
  format: LogFormat = "text",
) {
  const min = LEVELS.indexOf(level);
  const at = (l: Exclude<LogLevel, "silent">) => (message: string) => {
    if (LEVELS.indexOf(l) < min) return;
    const requestId = requestScope.getStore()?.requestId;
    const time = new Date().toISOString();
    if (format === "json")
      sink(
        l,
        JSON.stringify({ time, level: l, msg: message, ...(requestId ? { requestId } : {}) }),
      );
    else
      sink(
        l,
        `${time} ${l.toUpperCase().padEnd(5)} ${requestId ? `requestId=${requestId} ` : ""}${message}`,
      );
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
export type Logger = ReturnType<typeof createLogger>;

/**
 * An error as a log line may hold it: each error's name, SQLSTATE and message down the `cause`
 * chain, then (withStack) the stack frames. Never a failed query's parameters (drizzle's message
 * lists them: a vault's ciphertext, an upload's megabytes) nor a database error's `detail` (it
 * quotes the row); a value that the database quotes back at the end of its message (`invalid input
 * syntax for type uuid: "..."`) is replaced.
 */
export function describeError(err: unknown, { withStack = false } = {}): string {
  const parts: string[] = [];
  let frames: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (!(e instanceof Error)) {
      parts.push(`a thrown ${typeof e}`);
      break;
    }
    const code = (e as { code?: unknown }).code;
    const message = e.message.replace(/\nparams: [^]*$/, "").replace(/: ".*"$/s, ': "[value]"');
    parts.push(`${e.name}${typeof code === "string" ? ` [${code}]` : ""}: ${message}`);
    if (withStack && !frames.length)
      frames = (e.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    e = e.cause;
  }
  return [parts.join(" <- "), ...frames].join("\n");
}
