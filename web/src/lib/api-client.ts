import { APP_MSG, GATEWAY_RETRY } from "@common/app";

/** The one way the web app talks to the API. Errors arrive as ApiError with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly authCode?: string,
    readonly fields?: Record<string, string>,
    /** The answer's X-Request-Id, which the server's log line also has. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

type ErrorBody = {
  error?: {
    code?: string;
    message?: string;
    authCode?: string;
    fields?: Record<string, string>;
    requestId?: string;
  };
};

const unauthorizedListeners = new Set<(path: string) => void>();

/** Told of every 401 answer and the path it came from (app/providers.tsx: a lost session). */
export function onUnauthorized(listener: (path: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

/** Waits `ms`, or rejects at once when `signal` aborts (a query that is no longer wanted). */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Init = { method?: string; body?: unknown; signal?: AbortSignal };

/**
 * One request; reads answered 502, 503 or 504 are sent again after 200, 400, 800 ms … for at most
 * 30 s (GATEWAY_RETRY), and the last answer counts.
 */
async function send(path: string, init: Init): Promise<Response> {
  const { method = "GET", body, signal } = init;
  const started = Date.now();
  for (let delay = GATEWAY_RETRY.firstDelayMs; ; delay *= 2) {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiError(
        0,
        "NETWORK",
        "Could not reach the server. Check your connection and try again.",
      );
    }
    const isRetryable = isRead(method) && GATEWAY_RETRY.statuses.includes(res.status);
    if (!isRetryable || Date.now() + delay - started > GATEWAY_RETRY.withinMs) return res;
    await res.body?.cancel();
    await wait(delay, signal);
  }
}

/** The ApiError of a failed answer (its body read as JSON when it is), after telling who listens for a 401. */
function failure(path: string, res: Response, data: unknown, isJson: boolean): ApiError {
  if (res.status === 401) unauthorizedListeners.forEach((listener) => listener(path));
  const err = (data as ErrorBody | undefined)?.error;
  return new ApiError(
    res.status,
    err?.code ?? "HTTP_" + res.status,
    err?.message ?? (isJson ? APP_MSG.unexpected : APP_MSG.invalidResponse),
    err?.authCode,
    err?.fields,
    err?.requestId,
  );
}

function parseJson(text: string): { data: unknown; isJson: boolean } {
  try {
    return { data: text ? JSON.parse(text) : undefined, isJson: true };
  } catch {
    return { data: undefined, isJson: false };
  }
}

export async function api<T>(path: string, init: Init = {}): Promise<T> {
  const res = await send(path, init);
  const { data, isJson } = parseJson(await res.text());
  if (!res.ok) throw failure(path, res, data, isJson);
  if (!isJson) throw new ApiError(res.status, "INVALID_RESPONSE", APP_MSG.invalidResponse);
  return data as T;
}

/** A binary answer (a sealed file the browser opens), sent and failing as `api`'s do. */
export async function apiBytes(path: string, init: Init = {}): Promise<Uint8Array> {
  const res = await send(path, init);
  if (!res.ok) {
    const { data, isJson } = parseJson(await res.text());
    throw failure(path, res, data, isJson);
  }
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * An error raised in the browser whose message is already written for the person (a locked vault,
 * say): errorMessage shows it as it is rather than the screen's "Failed to …".
 */
export class UserFacingError extends Error {}

/** The message to show for any error thrown by `api` (or anything else); a server error's names its request id, for support. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof UserFacingError && err.message) return err.message;
  if (!(err instanceof ApiError) || !err.message) return fallback;
  return err.status >= 500 && err.requestId
    ? `${err.message} ${APP_MSG.errorReference(err.requestId)}`
    : err.message;
}
