import { createHash } from "node:crypto";
import { z } from "zod";
import { CLIENT_MSG, type ClientListQuery } from "../../common/clients.js";
import { AppError } from "../errors.js";

/** A row's place in the sort order: its sort key as text (lower(name), or created_at to the microsecond) and id. */
export type SortKey = { key: string; id: string };

/** A page as served: its number and its first and last rows, for the sort and search it was served for. */
export type PageCursor = { page: number; first: SortKey; last: SortKey };

const sortKey = z.tuple([z.string().max(1000), z.string().min(1).max(100)]);
const payload = z.object({
  v: z.literal(1),
  /** sort, dir and a digest of the search: a cursor only means something for the list it came from */
  l: z.string().length(16),
  p: z.number().int().min(1).max(100_000),
  f: sortKey,
  t: sortKey,
});

/** The list a cursor belongs to, as 16 hex digits (the search itself would make cursors long). */
const listOf = (q: ClientListQuery) =>
  createHash("sha256")
    .update(JSON.stringify([q.sort, q.dir, q.search.toLowerCase()]))
    .digest("hex")
    .slice(0, 16);

/** The cursor for a page just served (decision 033): base64url JSON, not secret, not signed. */
export function encodeCursor(q: ClientListQuery, c: PageCursor): string {
  const body: z.infer<typeof payload> = {
    v: 1,
    l: listOf(q),
    p: c.page,
    f: [c.first.key, c.first.id],
    t: [c.last.key, c.last.id],
  };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

const JOINED_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** An instant that exists (not 30 February): it survives a round trip through Date to the millisecond. */
const isTimestamp = (s: string) => {
  if (!JOINED_KEY.test(s)) return false;
  const t = Date.parse(s);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 23) === s.slice(0, 23);
};

/**
 * The page a request's cursor stands for. Only its shape is checked: any position it names is
 * only a place in the actor's own list, whose rows row-level security still chooses. A cursor
 * that does not decode, or came from another sort, direction or search, is refused (400): the
 * browser never makes one, and reading from the wrong place would show the wrong page quietly.
 */
export function decodeCursor(q: ClientListQuery): PageCursor | null {
  if (!q.cursor) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(q.cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const parsed = payload.safeParse(raw);
  if (!parsed.success || parsed.data.l !== listOf(q)) throw badCursor();
  const { p, f, t } = parsed.data;
  if ([...f, ...t].some((s) => s.includes("\u0000"))) throw badCursor();
  if (q.sort === "joined" && ![f[0], t[0]].every(isTimestamp)) throw badCursor();
  return { page: p, first: { key: f[0], id: f[1] }, last: { key: t[0], id: t[1] } };
}

const badCursor = () =>
  new AppError("VALIDATION", CLIENT_MSG.badCursor, { cursor: CLIENT_MSG.badCursor });
