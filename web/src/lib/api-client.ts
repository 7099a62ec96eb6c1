import { APP_MSG } from "@common/app";

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

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const { method = "GET", body, signal } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(
      0,
      "NETWORK",
      "Could not reach the server. Check your connection and try again.",
    );
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    if (res.status === 401) unauthorizedListeners.forEach((listener) => listener(path));
    const err = (data as ErrorBody | undefined)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? "HTTP_" + res.status,
      err?.message ?? "An unexpected error occurred. Please try again.",
      err?.authCode,
      err?.fields,
      err?.requestId,
    );
  }
  return data as T;
}

/** The message to show for any error thrown by `api` (or anything else); a server error's names its request id, for support. */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || !err.message) return fallback;
  return err.status >= 500 && err.requestId
    ? `${err.message} ${APP_MSG.errorReference(err.requestId)}`
    : err.message;
}
