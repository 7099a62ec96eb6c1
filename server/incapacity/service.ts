import {
  INCAPACITY_ACCESS_DEFAULT,
  INCAPACITY_MSG,
  INCAPACITY_WAIT_DEFAULT,
  type IncapacityItemInput,
  type IncapacitySettingsInput,
  type IncapacityView,
} from "../../common/incapacity.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentScope } from "./present.js";
import {
  replaceMarks,
  selectLatestScope,
  selectMarks,
  selectOpenScopeForUpdate,
  selectOwnAsset,
  selectOwnKeys,
  selectSettings,
  upsertSettings,
} from "./queries.js";
import { endIncapacity } from "./steps.js";

/**
 * The owner's side of the incapacity scope (docs/decisions/093): settings, marked items, the scope's
 * state, and withdrawing it. Under the owner's RLS, after the access check; only the owner acts.
 */

export async function getIncapacity(deps: Deps, actor: ActorProfile): Promise<IncapacityView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const [settings, marks, scope] = [
      await selectSettings(tx, actor.id),
      await selectMarks(tx, actor.id),
      await selectLatestScope(tx, actor.id),
    ];
    const items = new Map<string, string[]>();
    for (const m of marks) items.set(m.assetId, [...(items.get(m.assetId) ?? []), m.email]);
    return {
      waitDays: settings?.waitDays ?? INCAPACITY_WAIT_DEFAULT,
      accessDays: settings?.accessDays ?? INCAPACITY_ACCESS_DEFAULT,
      items: [...items].map(([assetId, emails]) => ({ assetId, emails })),
      scope: presentScope(scope),
    };
  });
}

export async function saveSettings(
  deps: Deps,
  actor: ActorProfile,
  input: IncapacitySettingsInput,
): Promise<IncapacityView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  await withActor(deps.db, { userId: actor.id }, (tx) =>
    upsertSettings(tx, { ownerId: actor.id, ...input, now }),
  );
  await asSystem(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: "incapacity.settings_saved",
      ownerId: actor.id,
      at: now,
      details: input,
    }),
  );
  return getIncapacity(deps, actor);
}

/**
 * Marks `assetId` for the caregivers given (or unmarks it with none). Each caregiver is one of the
 * owner's people with a beneficiary key of this very address; the wrap is the owner's browser's.
 */
export async function markItem(
  deps: Deps,
  actor: ActorProfile,
  assetId: string,
  input: IncapacityItemInput,
): Promise<IncapacityView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  const rows = input.caregivers.map((c) => ({
    email: c.email.trim().toLowerCase(),
    beneficiaryKeyId: c.beneficiaryKeyId,
    wrappedKey: Buffer.from(c.wrappedKey, "base64"),
  }));
  if (new Set(rows.map((r) => r.email)).size !== rows.length)
    throw new AppError("VALIDATION", "Each caregiver once");
  await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const asset = await selectOwnAsset(tx, actor.id, assetId);
    if (!asset) throw new AppError("NOT_FOUND");
    // a file read on a screen is a file downloaded: documents are not shared while the owner lives
    if (asset.type === "document" && rows.length)
      throw new AppError("VALIDATION", INCAPACITY_MSG.noDocuments);
    // a message opens for nobody before its day (decision 089), a caregiver included
    if (asset.type === "message" && rows.length)
      throw new AppError("VALIDATION", INCAPACITY_MSG.noMessages);
    const keys = await selectOwnKeys(
      tx,
      actor.id,
      rows.map((r) => r.beneficiaryKeyId),
    );
    for (const r of rows)
      if (!keys.some((k) => k.id === r.beneficiaryKeyId && k.email === r.email))
        throw new AppError("VALIDATION", INCAPACITY_MSG.notAPerson);
    await replaceMarks(tx, { ownerId: actor.id, assetId, rows });
  });
  await asSystem(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: "incapacity.item_marked",
      subjectType: "asset",
      subjectId: assetId,
      ownerId: actor.id,
      at: now,
      details: { assetId, caregivers: rows.length },
    }),
  );
  return getIncapacity(deps, actor);
}

/** POST /api/incapacity/withdraw: the owner ends a waiting or active scope at once. */
export async function withdrawIncapacity(deps: Deps, actor: ActorProfile): Promise<IncapacityView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const ended = await asSystem(deps.db, (tx) =>
    endIncapacity(tx, {
      ownerId: actor.id,
      via: "withdrawn",
      actorId: actor.id,
      now: deps.clock.now(),
    }),
  );
  if (!ended) throw new AppError("CONFLICT", INCAPACITY_MSG.noScope);
  deps.wakeMailer();
  return getIncapacity(deps, actor);
}

/**
 * Signing in is a check-in (decision 093): an owner with a waiting or active scope ends it. One plain
 * read settles it for everyone else; a failure is logged and never stops the sign-in.
 */
export async function endIncapacityOnSignIn(deps: Deps, userId: string): Promise<void> {
  try {
    const open = await asSystem(deps.db, (tx) => selectOpenScopeForUpdate(tx, userId));
    if (!open) return;
    await asSystem(deps.db, (tx) =>
      endIncapacity(tx, {
        ownerId: userId,
        via: "sign_in",
        actorId: userId,
        now: deps.clock.now(),
      }),
    );
    deps.wakeMailer();
  } catch (err) {
    deps.log.warn(
      `ending the incapacity scope of ${userId} on sign-in failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
