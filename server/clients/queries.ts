import {
  and,
  asc,
  desc,
  eq,
  inArray,
  like,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { ClientListQuery } from "../../common/clients.js";
import type { Tx } from "../db/client.js";
import { clientFirmDetails, firms, profiles } from "../db/schema/index.js";
import type { PageCursor } from "./cursor.js";
import { planPage, type PageWalk } from "./page-plan.js";

/** Search counts stop here: past it the list says "1,000+" instead of scanning every match. */
export const SEARCH_COUNT_CAP = 1000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
type Sortable = Record<"id" | "name" | "createdAt", AnyColumn | SQLWrapper>;

/** The sort key as a cursor carries it: lower(name), or created_at in UTC to the microsecond. */
const sortKeyOf = (q: ClientListQuery, c: Sortable) =>
  q.sort === "name"
    ? sql<string>`lower(${c.name})`
    : sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const columnsOf = (q: ClientListQuery) => ({
  id: profiles.id,
  name: profiles.name,
  email: profiles.email,
  createdAt: profiles.createdAt,
  sortKey: sortKeyOf(q, profiles).as("sort_key"),
});

const isAscending = (q: ClientListQuery, walk?: PageWalk) =>
  (q.dir === "asc") !== !!walk?.isReversed;

/** Name sort uses profiles_firm_role_name_idx (0004), joined sort profiles_firm_role_created_id_idx: no sort step. */
function orderOf(q: ClientListQuery, c: Sortable, walk?: PageWalk) {
  const direction = isAscending(q, walk) ? asc : desc;
  return q.sort === "name"
    ? [direction(sql`lower(${c.name})`), direction(c.id)]
    : [direction(c.createdAt), direction(c.id)];
}

/** Rows past the walk's starting row, as a row comparison on the sort order's index columns. */
function pastFrom(q: ClientListQuery, c: Sortable, walk: PageWalk): SQL | undefined {
  if (!walk.from) return undefined;
  const op = sql.raw(`${isAscending(q, walk) ? ">" : "<"}${walk.isInclusive ? "=" : ""}`);
  const key =
    q.sort === "name"
      ? sql`(lower(${c.name}), ${c.id}) ${op} (${walk.from.key}, ${walk.from.id})`
      : sql`(${c.createdAt}, ${c.id}) ${op} (${walk.from.key}::timestamptz, ${walk.from.id})`;
  return key;
}

/**
 * One page along the sort order's index, from where the walk starts: keyset from a served page
 * (the cursor), or OFFSET from the nearer end (decision 033). The ids come first, from the index
 * alone (an index-only scan where VACUUM has marked pages all-visible: skipped rows cost no heap
 * read and no projection), then their rows.
 */
function pageOf(tx: Tx, where: SQL | undefined, q: ClientListQuery, walk: PageWalk) {
  const ids = tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(where, pastFrom(q, profiles, walk)))
    .orderBy(...orderOf(q, profiles, walk))
    .limit(walk.limit)
    .offset(walk.offset);
  return rowsOfIds(tx, q, walk, inArray(profiles.id, ids));
}

const rowsOfIds = (tx: Tx, q: ClientListQuery, walk: PageWalk, isOnPage: SQL) =>
  tx
    .select(columnsOf(q))
    .from(profiles)
    .where(isOnPage)
    .orderBy(...orderOf(q, profiles, walk));

/** From here on, an OFFSET from an end of the firm's list takes the ids from app_client_page_ids. */
const FAR_OFFSET = 1000;

/**
 * A page of the firm's clients far from both ends (migration 0023): under RLS the planner takes
 * the policies to keep half the rows and sorts the whole table rather than walk the index, so the
 * ids come from a function that walks it with the owner's rights, limited to the actor's firm;
 * the rows are read back here under RLS.
 */
const farPageOf = (tx: Tx, where: SQL | undefined, q: ClientListQuery, walk: PageWalk) =>
  rowsOfIds(
    tx,
    q,
    walk,
    and(
      where,
      sql`${profiles.id} in (select app_client_page_ids(${q.sort === "name"}, ${isAscending(q, walk)}, ${walk.offset}, ${walk.limit}))`,
    ) ?? sql`false`,
  );

/** A page joined to one row (the counter, the count): an empty page is that row with nulls. */
type Row = {
  id: string | null;
  name: string | null;
  email: string | null;
  createdAt: Date | null;
  sortKey: string | null;
};
export type ClientListRow = { id: string; name: string; email: string; createdAt: Date };
const pageRows = (rows: Row[]) =>
  rows.flatMap((r) =>
    r.id && r.name !== null && r.email !== null && r.createdAt && r.sortKey !== null
      ? [{ id: r.id, name: r.name, email: r.email, createdAt: r.createdAt, sortKey: r.sortKey }]
      : [],
  );

/** The page's rows, and where it stands for the next request's cursor. */
function pageResult(q: ClientListQuery, rows: ReturnType<typeof pageRows>) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const cursor: PageCursor | null =
    first && last
      ? {
          page: q.page,
          first: { key: first.sortKey, id: first.id },
          last: { key: last.sortKey, id: last.id },
        }
      : null;
  return { rows: rows.map(({ sortKey: _, ...r }): ClientListRow => r), cursor };
}

/** Reads the firm's client counter (kept by a trigger, migration 0005). */
const clientCount = (tx: Tx, firmId: string) =>
  tx
    .select({ n: firms.clientCount })
    .from(firms)
    .where(eq(firms.id, firmId))
    .then((r) => r[0]?.n ?? 0);

/**
 * One page of a firm's clients (role regular_user), searched and sorted in the database, and the
 * total: the firm's counter without a search, else the matches up to SEARCH_COUNT_CAP. Under withActor.
 */
export async function listClientsPage(
  tx: Tx,
  {
    firmId,
    query: q,
    cursor,
  }: { firmId: string; query: ClientListQuery; cursor: PageCursor | null },
) {
  const isClient = and(eq(profiles.firmId, firmId), eq(profiles.role, "regular_user"));
  const needle = q.search.toLowerCase();
  if (!needle) {
    const near = planPage({ page: q.page, total: null, cursor });
    // Far from the start and from the cursor: the counter says whether the end is nearer.
    const walk =
      near.offset > 0
        ? planPage({ page: q.page, total: await clientCount(tx, firmId), cursor })
        : near;
    // The page and the counter in one statement.
    const page = (
      !walk.from && walk.offset >= FAR_OFFSET
        ? farPageOf(tx, isClient, q, walk)
        : pageOf(tx, isClient, q, walk)
    ).as("page");
    const rows = await tx
      .select({
        total: firms.clientCount,
        id: page.id,
        name: page.name,
        email: page.email,
        createdAt: page.createdAt,
        sortKey: page.sortKey,
      })
      .from(firms)
      .leftJoinLateral(page, sql`true`)
      .where(eq(firms.id, firmId))
      .orderBy(...orderOf(q, page));
    return { ...pageResult(q, pageRows(rows)), total: rows[0]?.total ?? 0, isTotalCapped: false };
  }
  const pattern = `%${escapeLike(needle)}%`;
  // search_text is lower(name) || ' ' || email (migration 0013); e-mails are stored in lower case.
  const isMatch = and(isClient, like(profiles.searchText, pattern));
  // Up to SEARCH_COUNT_CAP + 1 candidates, through the trigram index when that is faster (migrations 0011, 0013).
  const candidates = await tx
    .select({ id: sql<string>`id` })
    .from(sql`app_client_search_ids(${pattern}, ${SEARCH_COUNT_CAP + 1}) as id`);
  if (candidates.length === 0) return { rows: [], cursor: null, total: 0, isTotalCapped: false };
  // Many matches: they are dense, so walking the sort order and filtering finds a page quickly.
  if (candidates.length > SEARCH_COUNT_CAP) {
    const walk = planPage({ page: q.page, total: null, cursor });
    const rows = await pageOf(tx, isMatch, q, walk);
    if (walk.isReversed) rows.reverse();
    return { ...pageResult(q, rows), total: SEARCH_COUNT_CAP, isTotalCapped: true };
  }
  // No more than the cap: they are all the matches, read back under RLS, counted and sorted here.
  const walk = planPage({ page: q.page, total: candidates.length, cursor });
  const ids = sql.param(candidates.map((c) => c.id));
  const matches = tx.$with("matches").as(
    tx
      .select(columnsOf(q))
      .from(profiles)
      .where(and(isMatch, sql`${profiles.id} = any(${ids}::text[])`)),
  );
  const counted = tx
    .$with("counted")
    .as(tx.select({ n: sql<number>`count(*)::int`.as("n") }).from(matches));
  const page = tx
    .select()
    .from(matches)
    .where(pastFrom(q, matches, walk))
    .orderBy(...orderOf(q, matches, walk))
    .limit(walk.limit)
    .offset(walk.offset)
    .as("page");
  const found = await tx
    .with(matches, counted)
    .select({
      n: counted.n,
      id: page.id,
      name: page.name,
      email: page.email,
      createdAt: page.createdAt,
      sortKey: page.sortKey,
    })
    .from(counted)
    .leftJoinLateral(page, sql`true`)
    .orderBy(...orderOf(q, page));
  return { ...pageResult(q, pageRows(found)), total: found[0]?.n ?? 0, isTotalCapped: false };
}

export const getClient = (tx: Tx, firmId: string, id: string) =>
  tx
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.firmId, firmId), eq(profiles.role, "regular_user")))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Under withActor (RLS: the client's current firm only): the firm's reference and notes, or null before the first save. */
export const selectClientFirmDetails = (tx: Tx, firmId: string, clientId: string) =>
  tx
    .select()
    .from(clientFirmDetails)
    .where(and(eq(clientFirmDetails.firmId, firmId), eq(clientFirmDetails.clientId, clientId)))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Under withActor: writes the firm's reference and notes about a client, by `updatedBy`. */
export const upsertClientFirmDetails = (
  tx: Tx,
  row: {
    firmId: string;
    clientId: string;
    reference: string | null;
    notes: string | null;
    updatedBy: string;
  },
) =>
  tx
    .insert(clientFirmDetails)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [clientFirmDetails.firmId, clientFirmDetails.clientId],
      set: {
        reference: row.reference,
        notes: row.notes,
        updatedBy: row.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning()
    .then((r) => r[0] ?? null);

/**
 * System, at joining: the reference and notes a client import gave for this client (decision
 * 094), unless the firm has written its own already (they are kept).
 */
export const insertImportedFirmDetails = (
  tx: Tx,
  row: {
    firmId: string;
    clientId: string;
    reference: string | null;
    notes: string | null;
    updatedBy: string | null;
  },
) =>
  tx
    .insert(clientFirmDetails)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoNothing({ target: [clientFirmDetails.firmId, clientFirmDetails.clientId] })
    .returning({ clientId: clientFirmDetails.clientId })
    .then((r) => r.length > 0);
