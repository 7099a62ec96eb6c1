import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_MSG } from "@common/app";
import { ApiError, api, errorMessage } from "./api-client";
import { toApiError } from "./upload";

const REQUEST_ID = "1e868d80-def8-4667-be35-6314b8180f9e";
const body = (code: string, message: string) =>
  JSON.stringify({ error: { code, message, requestId: REQUEST_ID } });

describe("error messages", () => {
  it("a server error's names its request id, for support", () => {
    const err = toApiError(500, body("INTERNAL", APP_MSG.unexpected));
    expect(err.requestId).toBe(REQUEST_ID);
    expect(errorMessage(err, "fallback")).toBe(
      `${APP_MSG.unexpected} ${APP_MSG.errorReference(REQUEST_ID)}`,
    );
  });

  it("a refusal (4xx) shows the server's message alone", () => {
    expect(
      errorMessage(
        toApiError(400, body("VALIDATION", "Please enter a valid email address")),
        "fallback",
      ),
    ).toBe("Please enter a valid email address");
  });
});

describe("api (spec 01 §4, §8)", () => {
  const answers = (...list: (() => Response)[]) => {
    const calls: string[] = [];
    const fetchStub = vi.fn(async (_path: string, init?: RequestInit) => {
      calls.push(init?.method ?? "GET");
      const next = list.shift();
      if (!next) throw new Error("no more answers");
      return next();
    });
    vi.stubGlobal("fetch", fetchStub);
    return calls;
  };
  const json = (status: number, body: unknown) => () =>
    new Response(JSON.stringify(body), { status });
  const html = (status: number) => () =>
    new Response("<html><body>Bad gateway</body></html>", { status });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a read answered 502, 503 or 504 is sent again after 200, then 400 ms, and the next answer counts", async () => {
    const calls = answers(html(502), json(503, {}), json(200, { ok: 1 }));
    const result = api<{ ok: number }>("/api/x");
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(3);
  });

  it("gives up once the next wait would pass 30 s: 8 tries, the last answer shown", async () => {
    const calls = answers(...Array.from({ length: 20 }, () => json(504, {})));
    const result = api("/api/x").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const err = await result;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(504);
    expect(calls).toHaveLength(8); // waits 200 + 400 + … + 12,800 = 25.4 s; the next (25.6 s) would pass 30 s
  });

  it("writes and other errors are not retried", async () => {
    const calls = answers(json(502, {}), json(500, {}));
    await expect(api("/api/x", { method: "POST", body: {} })).rejects.toMatchObject({
      status: 502,
    });
    await expect(api("/api/x")).rejects.toMatchObject({ status: 500 });
    expect(calls).toEqual(["POST", "GET"]);
  });

  it("an answer that is not JSON is 'Invalid response from server', success or not", async () => {
    answers(() => new Response("<html>ok</html>", { status: 200 }), html(400));
    await expect(api("/api/x")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      message: "Invalid response from server",
    });
    await expect(api("/api/x")).rejects.toMatchObject({
      status: 400,
      message: "Invalid response from server",
    });
  });
});
