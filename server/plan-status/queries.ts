import { sql, type SQL } from "drizzle-orm";
import type {
  PlanStatusExportQuery,
  PlanStatusFilter,
  PlanStatusRowView,
  PlanStatusSort,
} from "../../common/plan-status.js";
import { rowsOf, type Db, type Tx } from "../db/client.js";
import type { StatusKey } from "./cursor.js";

/** One client's status row with its name and e-mail, and its sort key as the cursor carries it. */
export type PlanStatusRow = Omit<PlanStatusRowView, "lastCheckInAt"> & {
  lastCheckInAt: Date | string | null;
  sortKey: string;
};

/** Each sort's key, as the indexes of migration 0048 hold it (a client who never checked in: 1970). */
const KEY: Record<PlanStatusSort, { column: SQL; asText: SQL; fromText: (k: string) => SQL }> = {
  score: { column: sql`s.score`, asText: sql`s.score::text`, fromText: (k) => sql`${k}::smallint` },
  name: { column: sql`s.sort_name`, asText: sql`s.sort_name`, fromText: (k) => sql`${k}::text` },
  check_in: {
    column: sql`coalesce(s.last_check_in_at, 'epoch'::timestamptz)`,
    asText: sql`to_char(coalesce(s.last_check_in_at, 'epoch'::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    fromText: (k) => sql`${k}::timestamptz`,
  },
};

/** Each filter's predicate, as migration 0048's partial indexes write it (so the planner uses them). */
const FILTER: Record<PlanStatusFilter, SQL> = {
  all: sql`true`,
  incomplete: sql`s.score < 100`,
  complete: sql`s.score = 100`,
  no_release_plan: sql`not s.has_release_plan`,
  no_beneficiaries: sql`not s.has_beneficiaries`,
  keys_not_handed_over: sql`not s.are_keys_handed_over`,
  verifiers_not_accepted: sql`not s.are_verifiers_accepted`,
  no_recovery_kit: sql`not s.has_recovery_kit`,
};

/**
 * Up to `limit` status rows of the firm after `after`, in the list's order, walking one index of
 * migration 0048 (no sort step, no count); then the page's names and e-mails from profiles, only
 * for clients still of that firm. Under withActor, row-level security limits both tables to the
 * actor's firm as well (the benchmark alone runs it on the database as the owner, to time the
 * statement by itself).
 */
export async function selectPlanStatusPage(
  tx: Tx | Db,
  {
    firmId,
    query,
    after,
    limit,
  }: { firmId: string; query: PlanStatusExportQuery; after: StatusKey | null; limit: number },
): Promise<PlanStatusRow[]> {
  const key = KEY[query.sort];
  const dir = sql.raw(query.dir === "asc" ? "asc" : "desc");
  const past = after
    ? sql`and (${key.column}, s.client_id) ${sql.raw(query.dir === "asc" ? ">" : "<")} (${key.fromText(after.key)}, ${after.id})`
    : sql``;
  const result = await tx.execute(sql`
    select s.client_id as "clientId", p.name, p.email,
      s.has_release_plan as "hasReleasePlan", s.has_beneficiaries as "hasBeneficiaries",
      s.are_keys_handed_over as "areKeysHandedOver",
      s.are_verifiers_accepted as "areVerifiersAccepted", s.has_recovery_kit as "hasRecoveryKit",
      s.last_check_in_at as "lastCheckInAt", s.score, s.sort_key as "sortKey"
    from (
      select s.*, ${key.asText} as sort_key, ${key.column} as sort_value
      from client_plan_status s
      where s.firm_id = ${firmId} and ${FILTER[query.filter]} ${past}
      order by ${key.column} ${dir}, s.client_id ${dir}
      limit ${limit}
    ) s
    join profiles p on p.id = s.client_id and p.firm_id = s.firm_id and p.role = 'regular_user'
    order by s.sort_value ${dir}, s.client_id ${dir}`);
  return rowsOf<PlanStatusRow>(result);
}
