import { z } from "zod";
import { AppError } from "../errors.js";

/**
 * The id kinds a path can carry: records made by our tables (uuid) and people (better-auth's user
 * ids: up to 100 characters of letters, digits, "-" and "_").
 */
const ID_KINDS = {
  record: z.uuid(),
  user: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
} as const;

/**
 * The one parser for an id from the path. Anything that is not an id of that kind cannot exist, so
 * it is a 404 like any missing (or forbidden) record: ids reveal nothing.
 */
export function parseIdParam(
  value: string | undefined,
  kind: keyof typeof ID_KINDS = "record",
): string {
  const result = ID_KINDS[kind].safeParse(value);
  if (!result.success) throw new AppError("NOT_FOUND");
  return result.data;
}
