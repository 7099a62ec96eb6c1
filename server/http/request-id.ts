import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { runWithRequestId } from "../logger.js";
import type { AppEnv } from "./context.js";
import { setResponseHeaders } from "./response-headers.js";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * Gives every request a fresh random id (never one a client sends: it would let anyone write
 * chosen text into the log), answers it as X-Request-Id, and runs the rest of the request in its
 * scope so that every line logged meanwhile carries it (docs/decisions/023). Mounted first, so
 * even the errors of the other middleware have it.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = randomUUID();
  c.set("requestId", id);
  await runWithRequestId(id, next);
  setResponseHeaders(c, [[REQUEST_ID_HEADER, id]]);
});
