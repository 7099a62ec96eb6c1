import { isAPIError } from "better-auth/api";
import {
  PASSKEY_ID_PATTERN,
  PASSKEY_MSG,
  PASSKEYS_PER_ACCOUNT_MAX,
  type PasskeyView,
} from "../../common/passkeys.js";
import type { PasskeyCreateInput } from "../../common/passkeys-schemas.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import type { Caller } from "../auth/caller.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { requireCurrentPassword } from "../auth/current-password.js";
import { passkeyChangeMail, type PasskeyChange } from "./emails.js";
import { presentPasskey } from "./present.js";
import {
  countOwnPasskeys,
  deleteAllPasskeys,
  deleteOwnPasskey,
  renameOwnPasskey,
  selectOwnPasskeys,
} from "./queries.js";

/**
 * The account's passkeys (docs/decisions/056): registered through better-auth's passkey plugin
 * (`auth.api`, with the caller's cookie: its HTTP routes for these are off), listed, renamed and
 * deleted under row-level security; adding and removing one is audited and told to the account's
 * address. A passkey opens a session, never the vault.
 */

const ownAccount = (actor: ActorProfile) =>
  requireAccess(actor, "vault:own", { ownerId: actor.id });

/** A malformed id is answered like another account's or a missing passkey: 404. */
function parsePasskeyId(id: string): string {
  if (!PASSKEY_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND");
  return id;
}

/** GET /api/passkeys */
export async function listPasskeys(deps: Deps, actor: ActorProfile): Promise<PasskeyView[]> {
  ownAccount(actor);
  const rows = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectOwnPasskeys(tx, actor.id),
  );
  return rows.map(presentPasskey);
}

/**
 * POST /api/passkeys/options: the password first, then better-auth's registration options (a
 * challenge, kept server-side for 5 minutes under the signed cookie it sets). Returns the
 * options for the browser and better-auth's headers (the challenge cookie).
 */
export async function createPasskeyOptions(deps: Deps, caller: Caller, password: string) {
  ownAccount(caller.actor);
  await requireCurrentPassword(deps, caller.actor.id, password);
  const count = await withActor(deps.db, { userId: caller.actor.id }, (tx) =>
    countOwnPasskeys(tx, caller.actor.id),
  );
  if (count >= PASSKEYS_PER_ACCOUNT_MAX) throw new AppError("CONFLICT", PASSKEY_MSG.tooMany);
  const { headers, response } = await fromAuth(() =>
    deps.auth.api.generatePasskeyRegistrationOptions({
      headers: caller.headers,
      returnHeaders: true,
    }),
  );
  return { headers, options: response };
}

/** POST /api/passkeys: better-auth checks the browser's answer against its challenge and stores the passkey. */
export async function createPasskey(
  deps: Deps,
  caller: Caller,
  { name, response }: PasskeyCreateInput,
): Promise<PasskeyView> {
  ownAccount(caller.actor);
  const created = await fromAuth(() =>
    deps.auth.api.verifyPasskeyRegistration({ headers: caller.headers, body: { response, name } }),
  );
  const view = presentPasskey({
    id: created.id,
    name: created.name ?? name,
    createdAt: created.createdAt,
  });
  await told(deps, caller, { change: "passkey_added", id: view.id, name: view.name });
  return view;
}

/** PATCH /api/passkeys/:id */
export async function renamePasskey(
  deps: Deps,
  caller: Caller,
  { id, name }: { id: string; name: string },
): Promise<PasskeyView> {
  ownAccount(caller.actor);
  const userId = caller.actor.id;
  const row = await withActor(deps.db, { userId }, (tx) =>
    renameOwnPasskey(tx, { userId, id: parsePasskeyId(id), name }),
  );
  if (!row) throw new AppError("NOT_FOUND");
  await recordAudit(deps.db, {
    actorId: userId,
    action: "auth.passkey_renamed",
    subjectType: "passkey",
    subjectId: row.id,
    ownerId: userId,
    ip: caller.ip,
  });
  return presentPasskey(row);
}

/** DELETE /api/passkeys/:id: it no longer signs in (the copy on the device stays: the owner removes it there). */
export async function deletePasskey(deps: Deps, caller: Caller, id: string): Promise<void> {
  ownAccount(caller.actor);
  const userId = caller.actor.id;
  const row = await withActor(deps.db, { userId }, (tx) =>
    deleteOwnPasskey(tx, { userId, id: parsePasskeyId(id) }),
  );
  if (!row) throw new AppError("NOT_FOUND");
  await told(deps, caller, {
    change: "passkey_removed",
    id: row.id,
    name: presentPasskey(row).name,
  });
}

const AUDIT_ACTION: Record<PasskeyChange, string> = {
  passkey_added: "auth.passkey_added",
  passkey_removed: "auth.passkey_removed",
};

/** The change on the activity timeline (no key, no credential id), and the notice to the account's address. */
async function told(
  deps: Deps,
  caller: Caller,
  { change, id, name }: { change: PasskeyChange; id: string; name: string },
) {
  await recordAudit(deps.db, {
    actorId: caller.actor.id,
    action: AUDIT_ACTION[change],
    subjectType: "passkey",
    subjectId: id,
    ownerId: caller.actor.id,
    ip: caller.ip,
  });
  await deps.sendMail(passkeyChangeMail(deps.env.APP_URL, { to: caller.email, change, name }));
}

/** better-auth's refusals in the app's words. */
async function fromAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (code === "SESSION_NOT_FRESH")
      throw new AppError("VALIDATION", PASSKEY_MSG.signInAgainFirst);
    if (error.statusCode === 401) throw new AppError("UNAUTHENTICATED");
    throw new AppError("VALIDATION", PASSKEY_MSG.addFailed);
  }
}

/**
 * Inside the caller's system transaction: every passkey of the account goes, unaudited here (the
 * recovery paths audit their own act): a password reset by e-mail link, an undone e-mail change.
 */
export const removeAllPasskeys = (tx: Tx, userId: string): Promise<number> =>
  deleteAllPasskeys(tx, userId);
