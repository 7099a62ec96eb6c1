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

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  throw new AppError("VALIDATION", result.error.issues[0]?.message, fields);
}
