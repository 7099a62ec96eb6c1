import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { queueClientInvitations } from "../invitations/client-batch.js";
import { recordAudit } from "../audit/record.js";
import { claimTodoRows, markRowsProcessed } from "./queries.js";

/** Rows invited per transaction. */
export const CLIENT_IMPORT_BATCH = 1000;

/**
 * One batch of any sending import, in one system transaction: the rows are claimed (SKIP LOCKED,
 * so several processes share the work and none takes a row twice), their invitations and e-mails
 * written, the rows marked done and the import's counts moved on. A crash rolls it all back and
 * the next run takes the same rows again. Returns how many rows it handled.
 */
export async function runClientImportBatch(deps: Deps): Promise<number> {
  const handled = await asSystem(deps.db, async (tx) => {
    const rows = await claimTodoRows(tx, CLIENT_IMPORT_BATCH);
    const byImport = new Map<string, typeof rows>();
    for (const r of rows) byImport.set(r.importId, [...(byImport.get(r.importId) ?? []), r]);
    for (const [importId, group] of byImport) {
      const first = group[0];
      if (!first) continue;
      const skipped = await queueClientInvitations(deps, tx, {
        firmId: first.firmId,
        invitedBy: first.startedBy,
        inviterName: first.inviterName ?? "Your law firm",
        emails: group.map((r) => r.email),
        firmDetails: new Map(
          group.map((r) => [r.email, { reference: r.matterRef, notes: r.note }] as const),
        ),
      });
      const done = await markRowsProcessed(tx, {
        importId,
        lines: group.map((r) => r.line),
        skipped: group.filter((r) => skipped.has(r.email)).map((r) => r.line),
      });
      if (done?.status === "done")
        await recordAudit(tx, {
          actorId: done.startedBy,
          action: "client_import.finished",
          subjectType: "client_import",
          subjectId: importId,
          firmId: done.firmId,
          details: { invited: done.invitedRows, skipped: done.processedRows - done.invitedRows },
        });
    }
    return rows.length;
  });
  if (handled > 0) deps.wakeMailer();
  return handled;
}

const running = new WeakMap<Deps, Promise<number>>();

/**
 * Invites every row waiting in this process, batch after batch, and answers how many; one run at a
 * time per process (a second call joins the first). Started by "Send" and by the scheduler's
 * sweep, which also picks up the work left by a process that stopped.
 */
export function runClientImports(deps: Deps): Promise<number> {
  const current = running.get(deps);
  if (current) return current;
  const run = (async () => {
    let total = 0;
    for (;;) {
      const n = await runClientImportBatch(deps);
      total += n;
      if (n < CLIENT_IMPORT_BATCH) return total;
    }
  })().finally(() => running.delete(deps));
  running.set(deps, run);
  return run;
}
