import { z } from "zod";
import {
  PLAN_STATUS_MSG,
  type PlanStatusExportQuery,
  type PlanStatusSort,
} from "../../common/plan-status.js";
import { AppError } from "../errors.js";

/** A row's place in the list's order: its sort key as text and its id (the tie-breaker). */
export type StatusKey = { key: string; id: string };

const payload = z.object({
  v: z.literal(1),
  /** the sort, direction and filter the cursor was made for */
  l: z.string().max(60),
  k: z.string().max(1000),
  i: z.string().min(1).max(100),
});

const listOf = (q: PlanStatusExportQuery) => `${q.sort}:${q.dir}:${q.filter}`;

/** The cursor of the page after `last`: base64url JSON, not secret (RLS still chooses the rows). */
export const encodeStatusCursor = (q: PlanStatusExportQuery, last: StatusKey): string =>
  Buffer.from(
    JSON.stringify({ v: 1, l: listOf(q), k: last.key, i: last.id } satisfies z.infer<
      typeof payload
    >),
  ).toString("base64url");

const CHECK_IN_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const isKeyOf: Record<PlanStatusSort, (key: string) => boolean> = {
  score: (k) => /^(0|[1-9]\d?|100)$/.test(k),
  name: (k) => k.length <= 1000,
  check_in: (k) => CHECK_IN_KEY.test(k) && !Number.isNaN(Date.parse(k)),
};

/**
 * The place a request's cursor names, or null for the first page. A cursor that does not decode,
 * holds a key of the wrong shape, or came from another sort, direction or filter answers 400:
 * reading from the wrong place would show the wrong rows quietly.
 */
export function decodeStatusCursor(
  q: PlanStatusExportQuery,
  cursor: string | undefined,
): StatusKey | null {
  if (cursor === undefined) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const parsed = payload.safeParse(raw);
  if (!parsed.success || parsed.data.l !== listOf(q)) throw badCursor();
  const { k, i } = parsed.data;
  if (k.includes("\u0000") || i.includes("\u0000") || !isKeyOf[q.sort](k)) throw badCursor();
  return { key: k, id: i };
}

const badCursor = () =>
  new AppError("VALIDATION", PLAN_STATUS_MSG.badCursor, { cursor: PLAN_STATUS_MSG.badCursor });
