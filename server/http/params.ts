import { z } from "zod";
import { AppError } from "../errors.js";

const uuid = z.uuid();

/** A record id from the path: anything that is not a uuid cannot exist, so it is a 404 like any missing record. */
export function parseIdParam(value: string | undefined): string {
  const result = uuid.safeParse(value);
  if (!result.success) throw new AppError("NOT_FOUND");
  return result.data;
}
