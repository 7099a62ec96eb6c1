import { PASSWORD_MAX_LENGTH } from "./auth.js";

/** What a request to /api may be (docs/decisions/019-request-bodies.md); the server enforces it, the web app never comes near it. */

/** A JSON body's size unless its route declares more (jsonBody in server/http/body-gate.ts). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** How deep arrays and objects may nest in a JSON body; no route needs more than 3. */
export const JSON_MAX_DEPTH = 32;
/** The longest e-mail address (RFC 5321's path limit), and the longest password (../shared/SECURITY.md). */
export const EMAIL_MAX_LENGTH = 254;
export { PASSWORD_MAX_LENGTH };

export const REQUEST_MSG = {
  notJson: "Send the request body as JSON (Content-Type: application/json)",
  invalidJson: "The request body must be JSON",
  tooLarge: (maxBytes: number) =>
    `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KB)`,
  tooDeep: `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  badFileName: "The file name cannot contain control characters",
  badCallbackUrl: "The callback URL must be a path on this site or a full URL",
} as const;
