import type { ContentfulStatusCode } from "hono/utils/http-status";
import { APP_MSG } from "../common/app.js";

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  STORAGE_FULL: 507,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: APP_MSG.invalidInput,
  UNAUTHENTICATED: APP_MSG.mustBeLoggedIn,
  FORBIDDEN: "You may not do this",
  NOT_FOUND: APP_MSG.notFound,
  CONFLICT: "This conflicts with existing data",
  PAYLOAD_TOO_LARGE: "The upload is too large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported file type",
  RATE_LIMITED: APP_MSG.tooManyRequests,
  INTERNAL: APP_MSG.unexpected,
  DATABASE_UNAVAILABLE: APP_MSG.databaseUnavailable,
  STORAGE_FULL: APP_MSG.storageFull,
};

/** The one error type of the server. Its message is safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
  /** The answer's body; `requestId` is the request's X-Request-Id, for support and the log (docs/decisions/023). */
  toBody(requestId?: string) {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(requestId ? { requestId } : {}),
      },
    };
  }
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** True when an error means the database could not be reached (not a bad query). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** insufficient_resources (53000) and disk_full (53100); the data directory's disk is full (docs/decisions/021-database-guards.md). */
const STORAGE_FULL_CODES = new Set(["53000", "53100", "ENOSPC"]);

/** True when an error means the database's disk is full, however the driver wraps it. */
export function isStorageFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && STORAGE_FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Maps anything thrown to an AppError; unknown errors become INTERNAL with no detail. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isStorageFull(err)) return new AppError("STORAGE_FULL");
  if (isDatabaseUnavailable(err)) return new AppError("DATABASE_UNAVAILABLE");
  return new AppError("INTERNAL");
}

/** True for PostgreSQL's unique_violation (23505), however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
