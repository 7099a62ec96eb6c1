import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../db/client.js";

/** The facts of one owner's plan health, as counts and yes/no (docs/decisions/083). */
export type PlanHealthRow = {
  hasReleasePlan: boolean;
  requiresVerifier: boolean;
  verifierCount: number;
  acceptedVerifierCount: number;
  threshold: number;
  keysNotHandedOver: number;
  /** Caregivers (decision 093) whose beneficiary key is neither handed over nor escrowed. */
  caregiversWithoutKey: number;
  isRecoveryKitMissing: boolean;
  failingEmails: string[];
  itemsLeftToNobody: number;
  /** How many platforms the owner's sealed playbook checklist says are ticked (docs/decisions/088). */
  playbookTicked: number;
  /** Estate inventory entries exist and no person holds the executor role (decision 091). */
  isExecutorMissing: boolean;
};

/**
 * A try refused with a permanent SMTP reply (5xx, e.g. "550 Mailbox unavailable"), as the mailer
 * logs it in last_error while the message waits for its next try (server/mail/outbox.ts). After a
 * colon and a space, or at the start: "127.0.0.1:587" in a connection error is no reply.
 */
const PERMANENT_SMTP_REFUSAL = "(^|: )5[0-9][0-9][ -]";

/**
 * Every fact in one statement, read as the system after the caller's access check (the outbox is a
 * system table; a firm user sees none of the client's rows under RLS). It reads no title, no
 * content, no key: only whether rows exist and how many.
 *
 * The plan's own facts come from app_plan_facts (migration 0048), the one definition that the
 * firm's plan-status rows are also kept from (docs/decisions/087).
 * An access key counts as not handed over when its hand-over key (not escrowed) has no
 * handed_over_at, or when an item is left to an address for which no key was made yet.
 * An address is failing when the newest message to it that the mailer tried failed for good, or
 * was refused with a permanent SMTP reply at its last try; a later delivery clears it.
 */
export async function selectPlanHealth(tx: Tx, ownerId: string): Promise<PlanHealthRow> {
  const result = await tx.execute(sql`
    with addresses as (
      select lower(b.email) as email from beneficiaries b where b.user_id = ${ownerId}
      union
      select ab.email from asset_beneficiaries ab where ab.user_id = ${ownerId}
    )
    select
      f.has_release_plan as "hasReleasePlan",
      exists (
        select 1 from release_plans p
          where p.user_id = ${ownerId} and p.inactivity_months is not null and p.require_verifier
      ) as "requiresVerifier",
      f.verifier_count as "verifierCount",
      f.accepted_verifier_count as "acceptedVerifierCount",
      f.threshold as "threshold",
      f.keys_not_handed_over as "keysNotHandedOver",
      (select count(distinct i.email)::int from incapacity_items i
        join beneficiary_keys k on k.id = i.beneficiary_key_id
        where i.owner_id = ${ownerId} and k.handed_over_at is null and k.escrow_share is null)
        as "caregiversWithoutKey",
      f.is_recovery_kit_missing as "isRecoveryKitMissing",
      coalesce((select array_agg(a.email order by a.email) from addresses a
        where (select m.status = 'failed'
            or (m.status = 'pending' and m.last_error ~ ${PERMANENT_SMTP_REFUSAL})
          from mail_outbox m
          where lower(m."to") = a.email and (m.status in ('sent', 'failed') or m.attempts > 0)
          order by m.id desc limit 1)), '{}') as "failingEmails",
      (select count(*)::int from assets s
        where s.user_id = ${ownerId}
          and not exists (select 1 from asset_beneficiaries ab where ab.asset_id = s.id))
        as "itemsLeftToNobody",
      coalesce((select t.ticked_count from playbook_ticks t where t.owner_id = ${ownerId}), 0)
        as "playbookTicked",
      (exists (select 1 from assets s where s.user_id = ${ownerId} and s.type = 'estate')
        and not exists (select 1 from beneficiaries b where b.user_id = ${ownerId} and b.is_executor))
        as "isExecutorMissing"
    from app_plan_facts(${ownerId}) f`);
  const row = rowsOf<PlanHealthRow>(result)[0];
  if (!row) throw new Error("plan health: no row");
  return row;
}
