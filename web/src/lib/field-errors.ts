import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api-client";

/**
 * How a form shows a server refusal: the server's per-field messages for the fields the form has
 * (`fields`, in the form's order: focus goes to the first), otherwise `fallback` (or the server's
 * message) as the form's own error (`form`). For a form without react-hook-form (/register,
 * decision 077); react-hook-form's forms use applyServerErrors.
 */
export function serverErrors<F extends string>(
  err: unknown,
  { fields, fallback }: { fields: readonly F[]; fallback: string },
): { fields: Partial<Record<F, string>>; first?: F; form?: string } {
  const given = err instanceof ApiError ? (err.fields ?? {}) : {};
  const known = fields.filter((f) => given[f]);
  if (!known.length) return { fields: {}, form: errorMessage(err, fallback) };
  const messages: Partial<Record<F, string>> = {};
  for (const f of known) messages[f] = given[f];
  return { fields: messages, first: known[0] };
}

/**
 * The one way a react-hook-form form shows a server refusal (serverErrors): the messages on the
 * fields (focus on the first), otherwise the form's own error (`root.server`). Returns the fields
 * that got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  { fields, fallback }: { fields: readonly Path<T>[]; fallback: string },
): Path<T>[] {
  const shown = serverErrors(err, { fields, fallback });
  const known = fields.filter((f) => shown.fields[f]);
  known.forEach((f, i) => setError(f, { message: shown.fields[f] }, { shouldFocus: i === 0 }));
  if (shown.form !== undefined) setError("root.server" as Path<T>, { message: shown.form });
  return known;
}
