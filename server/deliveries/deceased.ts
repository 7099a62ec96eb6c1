import { createHash } from "node:crypto";
import {
  DEATH_MSG,
  type ReleasePeopleView,
  type ReportDeathInput,
  type ReportDeathResult,
} from "../../common/deliveries.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { beneficiaryNames } from "../beneficiaries/service.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { appendEvidence } from "../release-evidence/service.js";
import {
  insertReportedDeath,
  selectLatestReleaseOf,
  selectReleasePeople,
  type ReleasePersonRow,
} from "./deceased-queries.js";
import { activateDueFallbacks } from "./fallbacks.js";
import { selectOwnerNames } from "./queries.js";

/**
 * A beneficiary of a release reported dead (docs/decisions/105): an admin of the client's own firm
 * sees who received items (the names the owner gave them, never their addresses) and reports a
 * death; the unopened items of that person that name a next person in turn go to that person at
 * once, as the claim-time sweep would later. Anyone else is NOT_FOUND, as a missing client is.
 */

/**
 * An opaque handle for one person of one release: the firm never sees their address. A digest
 * of the release and the address (no secret: the access check guards the route, this only
 * keeps the address out of the page).
 */
export const personHandle = (releaseId: string, email: string) =>
  createHash("sha256").update(`${releaseId}\n${email}`).digest("base64url").slice(0, 32);

async function loadClient(deps: Deps, actor: ActorProfile, clientId: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const client = await withActor(deps.db, { userId: actor.id }, (tx) =>
    findFirmClient(tx, requireFirm(actor), clientId),
  );
  if (!client) throw new AppError("NOT_FOUND");
  requireAccess(actor, "release:report-death", {
    firmId: client.firmId,
    role: client.role,
    ownerId: client.id,
  });
  return client;
}

async function presentPeople(
  tx: Tx,
  ownerId: string,
  releaseId: string,
  rows: ReleasePersonRow[],
): Promise<ReleasePeopleView> {
  const names = await beneficiaryNames(
    tx,
    ownerId,
    rows.map((r) => r.email),
  );
  return {
    released: true,
    people: rows.map((r) => ({
      person: personHandle(releaseId, r.email),
      name: names.get(r.email) ?? null,
      items: r.items,
      opened: r.opened,
      reportedAt: r.reportedAt?.toISOString() ?? null,
    })),
  };
}

/** GET /api/clients/:id/release/people: who received items, once the release has happened. */
export async function getReleasePeople(
  deps: Deps,
  actor: ActorProfile,
  clientId: string,
): Promise<ReleasePeopleView> {
  const client = await loadClient(deps, actor, clientId);
  return asSystem(deps.db, async (tx) => {
    const release = await selectLatestReleaseOf(tx, client.id);
    if (release?.status !== "released") return { released: false, people: [] };
    return presentPeople(tx, client.id, release.id, await selectReleasePeople(tx, release.id));
  });
}

/**
 * POST /api/clients/:id/release/people/report: records the death once (with the evidence entry
 * and the audit row), then passes the release's items on at once.
 */
export async function reportDeath(
  deps: Deps,
  actor: ActorProfile,
  { clientId, input }: { clientId: string; input: ReportDeathInput },
): Promise<ReportDeathResult> {
  const client = await loadClient(deps, actor, clientId);
  const firmId = requireFirm(client);
  const now = deps.clock.now();
  const releaseId = await asSystem(deps.db, async (tx) => {
    const release = await selectLatestReleaseOf(tx, client.id);
    if (release?.status !== "released") throw new AppError("CONFLICT", DEATH_MSG.notReleased);
    const person = (await selectReleasePeople(tx, release.id)).find(
      (r) => personHandle(release.id, r.email) === input.person,
    );
    if (!person) throw new AppError("NOT_FOUND");
    const note = input.note || null;
    const recorded = await insertReportedDeath(tx, {
      releaseId: release.id,
      email: person.email,
      reportedBy: actor.id,
      reportedAt: now,
      note,
    });
    if (!recorded) throw new AppError("CONFLICT", DEATH_MSG.alreadyReported);
    const [admin] = await selectOwnerNames(tx, [actor.id]);
    await appendEvidence(tx, {
      ownerId: client.id,
      releaseId: release.id,
      kind: "beneficiary_reported_dead",
      at: now,
      actor: { type: "firm_admin", userId: actor.id, firmId, name: admin?.name ?? "" },
      data: { note },
      beneficiaryEmail: person.email,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "release.beneficiary_reported_dead",
      subjectType: "release",
      subjectId: client.id,
      ownerId: client.id,
      firmId,
      at: now,
      details: { beneficiary: person.email },
    });
    return release.id;
  });
  const passedOn = await activateDueFallbacks(deps, { releaseId });
  return { ...(await getReleasePeople(deps, actor, clientId)), passedOn };
}
