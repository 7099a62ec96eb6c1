import { desc, eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../db/client.js";
import { releases, reportedDeaths } from "../db/schema/index.js";

/** The owner's latest release, with its status (null: none). */
export async function selectLatestReleaseOf(tx: Tx, ownerId: string) {
  const [row] = await tx
    .select({ id: releases.id, status: releases.status })
    .from(releases)
    .where(eq(releases.userId, ownerId))
    .orderBy(desc(releases.startedAt))
    .limit(1);
  return row ?? null;
}

export type ReleasePersonRow = {
  email: string;
  items: number;
  opened: number;
  reportedAt: Date | null;
};

/** Every address the release gave items to: how many, how many opened, and a reported death. */
export async function selectReleasePeople(tx: Tx, releaseId: string) {
  const result = await tx.execute(sql`
    select ri.beneficiary_email as "email", count(*)::int as "items",
      count(ri.claimed_at)::int as "opened", x.reported_at as "reportedAt"
    from release_items ri
    left join reported_deaths x on x.release_id = ri.release_id and x.email = ri.beneficiary_email
    where ri.release_id = ${releaseId}
    group by ri.beneficiary_email, x.reported_at
    order by ri.beneficiary_email`);
  return rowsOf<ReleasePersonRow>(result).map((r) => ({
    ...r,
    reportedAt: r.reportedAt === null ? null : new Date(r.reportedAt),
  }));
}

/** Records the report once: false when this person's death was reported already. */
export async function insertReportedDeath(
  tx: Tx,
  row: {
    releaseId: string;
    email: string;
    reportedBy: string;
    reportedAt: Date;
    note: string | null;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(reportedDeaths)
    .values(row)
    .onConflictDoNothing()
    .returning({ email: reportedDeaths.email });
  return inserted.length > 0;
}
