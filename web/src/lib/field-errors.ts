import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api-client";

/**
 * The one way a form shows a server refusal: the server's per-field messages on the fields the
 * form has (focus on the first), otherwise `fallback` (or the server's message) as the form's
 * own error (`root.server`). Returns the fields that got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  { fields, fallback }: { fields: readonly Path<T>[]; fallback: string },
): Path<T>[] {
  const given = err instanceof ApiError ? (err.fields ?? {}) : {};
  const known = fields.filter((f) => given[f]);
  known.forEach((f, i) => setError(f, { message: given[f] }, { shouldFocus: i === 0 }));
  if (!known.length) setError("root.server" as Path<T>, { message: errorMessage(err, fallback) });
  return known;
}
