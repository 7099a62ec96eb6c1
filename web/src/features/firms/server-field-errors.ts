import { ApiError } from "@/lib/api-client";

/** The server's per-field validation messages for the fields a form has, in the form's order. */
export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[]): [F, string][] {
  const given = err instanceof ApiError ? (err.fields ?? {}) : {};
  return fields.flatMap((f) => (given[f] ? [[f, given[f]] as [F, string]] : []));
}
