import { RELEASE_MSG } from "../../common/release.js";
import { recordAudits, type AuditEvent } from "../audit/record.js";
import { addDays } from "../clock.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { enqueueMails } from "../mail/outbox.js";
import { appendEvidences, type EvidenceInput } from "../release-evidence/service.js";
import { enqueueClientEvents } from "../webhooks/service.js";
import { openWishesAtConfirmedDeath } from "../wishes/early.js";
import { newCancelLinks } from "./cancel-link.js";
import { waitStartedMail } from "./emails.js";
import { closeOpenEscalationsOnStart } from "./escalation-queries.js";
import {
  INACTIVITY_TIMER_KINDS,
  deletePendingTimers,
  insertReleases,
  insertTimers,
  selectOpenReleases,
  type Person,
  type ReleaseRow,
} from "./queries.js";
import { lastDayReminderAt } from "./schedule.js";
import { ownerFirmBrand } from "./steps.js";

export type StartInput = {
  owner: Person;
  trigger: "inactivity" | "attestation" | "verifiers";
  waitDays: number;
  now: Date;
  /** The first sentence of the owner's e-mail: why the wait started. */
  reason: string;
  attestation?: { attestedBy: string; attesterName: string; eventDate: string; firmId: string };
  /** The verifiers' report whose confirmations started the wait (docs/decisions/082). */
  reportId?: string;
};

/** Starts the waiting period. A second start while one waits (or after a release) is refused. */
export async function startRelease(tx: Tx, deps: Deps, input: StartInput): Promise<ReleaseRow> {
  const [release] = await startReleases(tx, deps, [input]);
  if (!release) throw new AppError("INTERNAL");
  return release;
}

/**
 * Starts the waiting periods of several owners (each at most once), in a dozen statements whatever
 * their number: the sweep's batch of ended escalations (decision 085) runs what startRelease runs
 * for one. Refused whole if any of them already waits or was released. Releases in input order.
 */
export async function startReleases(
  tx: Tx,
  deps: Deps,
  inputs: StartInput[],
): Promise<ReleaseRow[]> {
  if (!inputs.length) return [];
  const ownerIds = inputs.map((i) => i.owner.id);
  if (new Set(ownerIds).size !== ownerIds.length) throw new AppError("INTERNAL");
  if ((await selectOpenReleases(tx, ownerIds, { forUpdate: true })).length)
    throw new AppError("CONFLICT", RELEASE_MSG.alreadyStarted);
  const inserted = await insertReleases(
    tx,
    inputs.map((input) => ({
      userId: input.owner.id,
      trigger: input.trigger,
      status: "waiting" as const,
      startedAt: input.now,
      releaseAt: addDays(input.now, input.waitDays),
      attestedBy: input.attestation?.attestedBy ?? null,
      attesterName: input.attestation?.attesterName ?? null,
      eventDate: input.attestation?.eventDate ?? null,
      firmId: input.attestation?.firmId ?? null,
    })),
  );
  const byOwner = new Map(inserted.map((r) => [r.userId, r]));
  const started = inputs.map((input) => {
    const release = byOwner.get(input.owner.id);
    if (!release) throw new AppError("INTERNAL");
    return { input, release };
  });

  await deletePendingTimers(tx, { userId: ownerIds, kinds: INACTIVITY_TIMER_KINDS });
  // whatever started the wait, an open escalation ends with it (decision 085)
  await closeOpenEscalationsOnStart(
    tx,
    started.map(({ input, release }) => ({
      ownerId: input.owner.id,
      releaseId: release.id,
      at: input.now,
    })),
  );
  await insertTimers(
    tx,
    started.flatMap(({ input, release }) => [
      {
        kind: "wait_last_day",
        userId: input.owner.id,
        releaseId: release.id,
        dueAt: lastDayReminderAt(input.now, release.releaseAt),
      },
      {
        kind: "release_due",
        userId: input.owner.id,
        releaseId: release.id,
        dueAt: release.releaseAt,
      },
    ]),
  );
  const cancels = await newCancelLinks(
    tx,
    started.map((s) => s.release),
  );
  const brands = await firmBrands(
    tx,
    deps,
    inputs.map((i) => i.owner),
  );
  await enqueueMails(
    tx,
    cancels.map((cancel, i) => {
      const { input, release } = started[i] as Started;
      return waitStartedMail(
        deps.env.APP_URL,
        {
          to: input.owner.email,
          name: input.owner.name,
          reason: input.reason,
          releaseAt: release.releaseAt,
          cancel,
        },
        brands.get(input.owner),
      );
    }),
  );
  await appendEvidences(tx, started.flatMap(startEvidence));
  await enqueueClientEvents(
    tx,
    started.map(({ input, release }) => ({
      clientId: input.owner.id,
      event: "release.started" as const,
      extra: { releaseId: release.id },
    })),
  );
  await recordAudits(tx, started.map(startAudit));
  // a confirmed death opens the final wishes the owner chose to open at once (decision 097)
  for (const { input, release } of started)
    await openWishesAtConfirmedDeath(tx, deps, {
      releaseId: release.id,
      ownerId: input.owner.id,
      ownerName: input.owner.name,
      trigger: input.trigger,
      now: input.now,
    });
  return started.map((s) => s.release);
}

type Started = { input: StartInput; release: ReleaseRow };

/** Each owner's firm brand for the e-mail, looked up once per firm. */
async function firmBrands(tx: Tx, deps: Deps, owners: Person[]) {
  const perFirm = new Map<string, ReturnType<typeof ownerFirmBrand>>();
  const brands = new Map<Person, Awaited<ReturnType<typeof ownerFirmBrand>>>();
  for (const owner of owners) {
    const key = `${owner.firmId ?? ""}\n${owner.role}`;
    if (!perFirm.has(key)) perFirm.set(key, ownerFirmBrand(tx, owner, deps.env.APP_URL));
    brands.set(owner, await perFirm.get(key));
  }
  return brands;
}

/** The evidence of a start: an attestation's entry first, then release_started. */
function startEvidence({ input, release }: Started): EvidenceInput[] {
  const { owner, now, attestation } = input;
  const byFirm = attestation && {
    type: "firm_admin" as const,
    userId: attestation.attestedBy,
    firmId: attestation.firmId,
    name: attestation.attesterName,
  };
  return [
    ...(byFirm && attestation
      ? [
          {
            ownerId: owner.id,
            releaseId: release.id,
            kind: "attested" as const,
            at: now,
            actor: byFirm,
            data: { attesterName: attestation.attesterName, eventDate: attestation.eventDate },
          },
        ]
      : []),
    {
      ownerId: owner.id,
      releaseId: release.id,
      kind: "release_started",
      at: now,
      actor: byFirm ?? { type: "system", via: input.trigger },
      data: {
        trigger: input.trigger,
        waitDays: input.waitDays,
        releaseAt: release.releaseAt.toISOString(),
        ...(input.reportId ? { reportId: input.reportId } : {}),
      },
    },
  ];
}

/** The audit row of a start (as auditRelease writes it), on the attesting firm's timeline too. */
function startAudit({ input, release }: Started): AuditEvent {
  const { owner, now, attestation } = input;
  return {
    actorId: attestation?.attestedBy ?? null,
    action: "release.started",
    subjectType: "release",
    subjectId: owner.id,
    at: now,
    ownerId: owner.id,
    firmId: attestation?.firmId ?? null,
    details: {
      trigger: input.trigger,
      releaseAt: release.releaseAt.toISOString(),
      ...(attestation
        ? { attesterName: attestation.attesterName, eventDate: attestation.eventDate }
        : {}),
    },
  };
}
