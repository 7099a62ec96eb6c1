import { z } from "zod";

/** An optional free-text field: trimmed, at most `max` characters; blank, null or missing becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));
