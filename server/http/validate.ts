import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors.js";

/** Parses a JSON body with a zod schema; a bad body is a 400 listing each field's message. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("VALIDATION", "The request body must be JSON");
  }
  return parseWith(schema, body);
}

/** PostgreSQL text cannot hold U+0000; such input is refused here with a clear message rather than failing in the database. */
export const NUL_MESSAGE = "Text cannot contain the NUL character";

/** Where in `value` a string (or an object's key) holds a NUL, or null. Recursive: JSON bodies reach it only after the body gate bounded their depth. */
export function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value))
    return value.reduce<string[] | null>(
      (found, v, i) => found ?? nulPath(v, [...path, String(i)]),
      null,
    );
  if (value && typeof value === "object")
    return Object.entries(value).reduce<string[] | null>(
      (found, [k, v]) =>
        found ?? (k.includes("\u0000") ? [...path, "_"] : nulPath(v, [...path, k])),
      null,
    );
  return null;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const nul = nulPath(value);
  if (nul) throw new AppError("VALIDATION", NUL_MESSAGE, { [nul.join(".") || "_"]: NUL_MESSAGE });
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  throw new AppError("VALIDATION", result.error.issues[0]?.message, fields);
}
