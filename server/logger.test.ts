import { describe, expect, it } from "vitest";
import { createLogger, describeError, runWithRequestId, type LogLevel } from "./logger.js";

function capture(format: "text" | "json", level: LogLevel = "debug") {
  const lines: { level: string; line: string }[] = [];
  const log = createLogger(level, (l, line) => lines.push({ level: l, line }), format);
  return { log, lines };
}

describe("the logger", () => {
  it("in text format writes `<time> <LEVEL> requestId=<id> <message>` (unchanged)", () => {
    const { log, lines } = capture("text");
    log.info("outside");
    runWithRequestId("req-1", () => log.warn("inside"));
    expect(lines[0]?.line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}outside$/);
    expect(lines[1]?.line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN {2}requestId=req-1 inside$/);
  });

  it("in JSON format writes one object per line: time, level, msg, and requestId inside a request", () => {
    const { log, lines } = capture("json");
    log.debug("outside");
    runWithRequestId("req-2", () => log.error("inside"));
    expect(lines.map((l) => l.level)).toEqual(["debug", "error"]); // same streams as text: warn and error to stderr
    for (const { line } of lines) expect(line).not.toContain("\n");
    const [outside, inside] = lines.map((l) => JSON.parse(l.line) as Record<string, unknown>);
    expect(outside).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      level: "debug",
      msg: "outside",
    });
    expect(inside).toEqual({
      time: expect.any(String),
      level: "error",
      msg: "inside",
      requestId: "req-2",
    });
    expect(Object.keys(inside ?? {})).toEqual(["time", "level", "msg", "requestId"]);
  });

  it("in JSON format keeps a multi-line error (describeError with its stack) on one line, with nothing describeError drops", () => {
    const { log, lines } = capture("json");
    const failed = new Error(
      'Failed query: insert into "assets" values ($1)\nparams: c2VjcmV0LWNpcGhlcnRleHQ=',
    );
    log.error(`POST /api/assets: ${describeError(failed, { withStack: true })}`);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]?.line ?? "") as { msg: string };
    expect(entry.msg).toContain('Error: Failed query: insert into "assets" values ($1)');
    expect(entry.msg).toMatch(/\n\s+at /);
    expect(lines[0]?.line).not.toContain("c2VjcmV0LWNpcGhlcnRleHQ=");
  });

  it("respects the level in JSON format too", () => {
    const { log, lines } = capture("json", "warn");
    log.info("dropped");
    log.warn("kept");
    expect(lines.map((l) => (JSON.parse(l.line) as { msg: string }).msg)).toEqual(["kept"]);
  });
});
