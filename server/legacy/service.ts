import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  LEGACY_CODE_MINUTES,
  LEGACY_CODE_TRIES,
  LEGACY_MSG,
  type LegacyItemDetail,
  type LegacyItemKey,
  type LegacyItemsView,
} from "../../common/legacy.js";
import type { AssetFileKind } from "../../common/assets/files.js";
import { KEYS_MSG } from "../../common/keys.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";
import { createSealer } from "../crypto/sealer.js";
import { enqueueMail } from "../mail/outbox.js";
import { readFileBytes } from "../assets/files.js";
import { openWaitingShare } from "../messages/service.js";
import { appendEvidence, appendFirstAccess } from "../release-evidence/service.js";
import { auditRelease } from "../release/audit.js";
import { legacyCodeMail } from "../release/emails.js";
import { hasCare } from "../incapacity/care.js";
import { hasEarlyWishes } from "../wishes/early.js";
import {
  countCodeAttempt,
  deleteCode,
  deleteSession,
  hasReleasedItems,
  insertSession,
  markClaimed,
  selectCode,
  selectFileType,
  selectFileList,
  selectOwnerFirms,
  selectReleasedItem,
  selectReleasedTo,
  selectReleasedWithKeys,
  selectSessionEmail,
  selectUpcoming,
  upsertCode,
  upsertSessionTabKey,
  type ReleasedKeysRow,
} from "./queries.js";
import {
  presentBeneficiaryItemKey,
  presentCatalogueTitle,
  presentContentItemKey,
  presentItem,
  presentItemDetail,
  presentUpcoming,
} from "./present.js";

/**
 * The beneficiary portal (issue 5). A beneficiary has no account: they prove their address with an
 * e-mailed code, and see only the items released to that address. Every query here is a system
 * query whose first condition is the proven address (release_items is the only grant there is).
 */
export const LEGACY_SESSION_HOURS = 8;

const normal = (email: string) => email.trim().toLowerCase();
const codeHash = (deps: Deps, email: string, code: string) =>
  deps.hmac(`legacy-code:${email}:${code}`);

/** Sends a code only when something was released to the address; answers the same either way. */
export async function requestCode(deps: Deps, rawEmail: string): Promise<void> {
  const email = normal(rawEmail);
  const now = deps.clock.now();
  const sent = await asSystem(deps.db, async (tx) => {
    // a caregiver reads while the owner's incapacity scope is active (decision 093), and final
    // wishes open at a confirmed death, during the wait (decision 097)
    const canRead =
      (await hasReleasedItems(tx, email)) ||
      (await hasCare(tx, email, now)) ||
      (await hasEarlyWishes(tx, email));
    if (!canRead) return false;
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = new Date(now.getTime() + LEGACY_CODE_MINUTES * 60_000);
    await upsertCode(tx, { email, codeHash: codeHash(deps, email, code), expiresAt });
    await enqueueMail(tx, legacyCodeMail(email, code, expiresAt));
    return true;
  });
  if (sent) deps.wakeMailer();
}

/**
 * Checks the code (10 minutes, 5 tries, single use) and opens a portal session; returns its token for
 * the cookie. A refused code is audited ("legacy.code_failed": the address, the client's IP and why;
 * never the code) in the transaction that counts the try.
 */
export async function verifyCode(
  deps: Deps,
  input: { email: string; code: string; ip: string },
): Promise<string> {
  const email = normal(input.email);
  const now = deps.clock.now();
  const outcome = await asSystem(
    deps.db,
    async (tx): Promise<{ error: string } | { token: string }> => {
      const refuse = async (
        reason: "no_code" | "expired" | "too_many_tries" | "wrong_code",
        error: string,
      ) => {
        await recordAudit(tx, {
          actorId: null,
          action: "legacy.code_failed",
          ip: input.ip,
          details: { beneficiary: email, reason },
        });
        return { error };
      };
      const row = await selectCode(tx, email);
      if (!row) return refuse("no_code", LEGACY_MSG.codeInvalid);
      if (row.expiresAt.getTime() <= now.getTime())
        return refuse("expired", LEGACY_MSG.codeInvalid);
      if (row.attempts >= LEGACY_CODE_TRIES)
        return refuse("too_many_tries", LEGACY_MSG.codeTooManyTries);
      const expected = Buffer.from(row.codeHash, "hex");
      const given = Buffer.from(codeHash(deps, email, input.code), "hex");
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await countCodeAttempt(tx, email, row.attempts + 1);
        return refuse(
          "wrong_code",
          row.attempts + 1 >= LEGACY_CODE_TRIES
            ? LEGACY_MSG.codeTooManyTries
            : LEGACY_MSG.codeInvalid,
        );
      }
      await deleteCode(tx, email);
      const { token, hash } = newLinkToken();
      await insertSession(tx, {
        tokenHash: hash,
        email,
        expiresAt: new Date(now.getTime() + LEGACY_SESSION_HOURS * 3_600_000),
      });
      const released = await selectReleasedTo(tx, email);
      for (const releaseId of new Set(released.map((r) => r.releaseId))) {
        const ownerId = released.find((r) => r.releaseId === releaseId)?.ownerId;
        if (ownerId) await appendFirstAccess(tx, { ownerId, releaseId, email, at: now });
      }
      for (const ownerId of new Set(released.map((r) => r.ownerId))) {
        await auditRelease(tx, {
          ownerId,
          action: "legacy.signed_in",
          at: now,
          actorId: null,
          details: { beneficiary: email },
        });
      }
      return { token };
    },
  );
  if ("error" in outcome) throw new AppError("VALIDATION", outcome.error, { code: outcome.error });
  return outcome.token;
}

export const sessionEmail = (deps: Deps, token: string) =>
  asSystem(deps.db, (tx) => selectSessionEmail(tx, hashLinkToken(token), deps.clock.now()));

/** Bytes of a portal session's tab key (as an owner's session key, decision 038). */
const TAB_KEY_BYTES = 32;

/**
 * GET /api/legacy/tab-key: the portal session's tab key (decision 075), which wraps the access
 * keys the beneficiary brought in their tab's sessionStorage; made on the first request. Null
 * when the session ended or expired: its copies open no more.
 */
export const getSessionTabKey = (deps: Deps, token: string) =>
  asSystem(deps.db, (tx) =>
    upsertSessionTabKey(tx, {
      tokenHash: hashLinkToken(token),
      now: deps.clock.now(),
      newKey: randomBytes(TAB_KEY_BYTES),
    }),
  );

export const endSession = (deps: Deps, token: string) =>
  asSystem(deps.db, (tx) => deleteSession(tx, hashLinkToken(token)));

/**
 * The items released to `email` whose access has not ended, each with its sealed title and what
 * opens it (the item's own page gives the same key, after the same checks; docs/decisions/080),
 * or no key when that page would answer 409; and the owners whose items' access ended.
 */
export async function listItems(deps: Deps, email: string): Promise<LegacyItemsView> {
  const now = deps.clock.now().getTime();
  const { rows, owners, upcoming } = await asSystem(deps.db, async (tx) => {
    const released = await selectReleasedWithKeys(tx, email);
    const openOwners = released.filter((r) => r.accessEndsAt.getTime() > now).map((r) => r.ownerId);
    return {
      rows: released,
      owners: await selectOwnerFirms(tx, [...new Set(openOwners)]),
      upcoming: await selectUpcoming(tx, email),
    };
  });
  const open = rows.filter((r) => r.accessEndsAt.getTime() > now);
  const ended = new Map<string, { ownerName: string; endedAt: string }>();
  for (const r of rows.filter((r) => r.accessEndsAt.getTime() <= now))
    ended.set(r.ownerId, { ownerName: r.ownerName, endedAt: r.accessEndsAt.toISOString() });
  const items = open.map((r) =>
    r.access === "catalogue"
      ? presentItem(r, null, catalogueTitle(deps, r, email))
      : presentItem(r, isOpenable(r, email) ? itemKey(deps, r, email) : null),
  );
  const firms = owners.map((f) => ({ name: f.name, brandColor: f.brandColor }));
  return {
    email,
    items,
    ended: [...ended.values()],
    upcoming: upcoming.map(presentUpcoming),
    firms,
  };
}

/** An item released to `email` whose access has not ended, or 404 (never released, someone else's, or ended). */
async function loadItem(
  tx: Tx,
  deps: Deps,
  { email, assetId }: { email: string; assetId: string },
) {
  const row = await selectReleasedItem(tx, email, assetId);
  // told only that it exists (decision 098): its content and files are not theirs, as if never released
  if (!row || row.access !== "content") throw new AppError("NOT_FOUND");
  if (row.accessEndsAt.getTime() <= deps.clock.now().getTime())
    throw new AppError("NOT_FOUND", LEGACY_MSG.accessEnded);
  return row;
}

/** The owner's browser wrapped the item with the beneficiary key of this very address. */
const isWrappedFor = (row: ReleasedKeysRow, email: string) =>
  !!row.beneficiaryKeyId && !!row.beneficiaryWrappedKey && row.beneficiaryKeyEmail === email;

/**
 * 409 for an item not wrapped for the address's key when that key is a hand-over key (the service
 * does not hold its access key): the owner chose that the service cannot open this address's items,
 * so the server does not open this one either (a re-issue in progress, a failed batch, a stale
 * browser). Only without a key, or with an escrowed one, does decision 009's way stay open, and
 * only while the server still holds the owner's escrowed data key (decision 038).
 */
function isOpenable(row: ReleasedKeysRow, email: string) {
  if (row.access !== "content") return false; // never the content key of a catalogue item (decision 098)
  if (isWrappedFor(row, email)) return true;
  if (row.addressKeyId && !row.isAddressKeyEscrowed) return false;
  // the owner holds their data key alone (decision 038): the server cannot open the item either
  return !!row.wrappedDataKey;
}
function requireOpenable(row: ReleasedKeysRow, email: string) {
  if (!isOpenable(row, email)) throw new AppError("CONFLICT", KEYS_MSG.itemNotReady);
}

/**
 * What opens the item's content key, for this beneficiary only (docs/decisions/032). An item the
 * owner's browser wrapped with the beneficiary key of this very address: the wrap and the key's
 * shares, unsealed (the server share; the access key only when the owner chose escrow), which the
 * beneficiary's browser combines with the access key it was given. Any other item (still pending
 * when the release came, and its owner has no key for this address or an escrowed one: see
 * requireOpenable): the server unwraps the owner's data key (master key) and with it this one
 * item's content key (the asset id is the additional data), as decision 009 did.
 */
function itemKey(deps: Deps, row: ReleasedKeysRow, email: string): LegacyItemKey {
  if (isWrappedFor(row, email) && row.beneficiaryKeyId && row.beneficiaryWrappedKey) {
    const { serverShare, escrow } = deps.shareSealers;
    const share = serverShare.open(row.beneficiaryKeyId, row.sealedServerShare ?? Buffer.alloc(0));
    const escrowed = row.sealedEscrowShare
      ? escrow.open(row.beneficiaryKeyId, row.sealedEscrowShare)
      : null;
    const key = presentBeneficiaryItemKey({
      beneficiaryKeyId: row.beneficiaryKeyId,
      serverShare: share,
      escrowShare: escrowed,
      wrappedKey: row.beneficiaryWrappedKey,
    });
    share.fill(0);
    escrowed?.fill(0);
    return key;
  }
  if (!row.wrappedDataKey) throw new AppError("CONFLICT", KEYS_MSG.itemNotReady); // requireOpenable said so already
  const dataKey = deps.dataKeys.unwrap(row.ownerId, row.wrappedDataKey);
  const contentKey = createSealer(dataKey).open(row.id, row.wrappedKey);
  dataKey.fill(0);
  const key = presentContentItemKey(contentKey);
  contentKey.fill(0);
  return key;
}

/**
 * A catalogue item's title, sealed in the owner's browser for this address's beneficiary key
 * (decision 098), with the key's shares; null when it was not sealed for the key it names (not
 * yet, or the key was re-issued since). Never the content key: there is no wrap of it to give.
 */
function catalogueTitle(deps: Deps, row: ReleasedKeysRow, email: string) {
  if (!row.beneficiaryKeyId || !row.catalogueTitle || row.beneficiaryKeyEmail !== email)
    return null;
  const { serverShare, escrow } = deps.shareSealers;
  const share = serverShare.open(row.beneficiaryKeyId, row.sealedServerShare ?? Buffer.alloc(0));
  const escrowed = row.sealedEscrowShare
    ? escrow.open(row.beneficiaryKeyId, row.sealedEscrowShare)
    : null;
  const title = presentCatalogueTitle({
    beneficiaryKeyId: row.beneficiaryKeyId,
    serverShare: share,
    escrowShare: escrowed,
    sealedTitle: row.catalogueTitle,
  });
  share.fill(0);
  escrowed?.fill(0);
  return title;
}

/** The item's ciphertext and what opens its content key, for this beneficiary only. */
export async function openItem(
  deps: Deps,
  email: string,
  assetId: string,
): Promise<LegacyItemDetail> {
  const now = deps.clock.now();
  const { row, files } = await asSystem(deps.db, async (tx) => {
    const row = await loadItem(tx, deps, { email, assetId });
    requireOpenable(row, email);
    await markClaimed(tx, { releaseId: row.releaseId, assetId, email, now });
    // an account with a confirmed address opens items without a portal code: its first access is here
    await appendFirstAccess(tx, { ownerId: row.ownerId, releaseId: row.releaseId, email, at: now });
    await appendEvidence(tx, {
      ownerId: row.ownerId,
      releaseId: row.releaseId,
      kind: "item_opened",
      at: now,
      actor: { type: "beneficiary", email },
      data: { assetId },
      beneficiaryEmail: email,
    });
    await auditRelease(tx, {
      ownerId: row.ownerId,
      action: "legacy.item_viewed",
      at: now,
      actorId: null,
      details: {
        beneficiary: email,
        assetId,
      },
    });
    return { row, files: await selectFileList(tx, assetId) };
  });
  // a message is listed only once delivered (selectReleasedTo): its waiting share goes with it
  const waitingShare = row.sealedWaitingShare
    ? openWaitingShare(deps, row.id, row.sealedWaitingShare)
    : null;
  const detail = presentItemDetail({
    row,
    key: itemKey(deps, row, email),
    encryptedData: row.encryptedData,
    files,
    waitingShare,
  });
  waitingShare?.fill(0);
  return detail;
}

/**
 * The release that gave `assetId` to `email` (its evidence is the beneficiary's to download,
 * decision 079), even after access ended; NOT_FOUND for anything never released to this address.
 */
export async function getItemRelease(deps: Deps, email: string, assetId: string) {
  const rows = await asSystem(deps.db, (tx) => selectReleasedTo(tx, email));
  const row = rows.find((r) => r.id === assetId);
  if (!row) throw new AppError("NOT_FOUND");
  return {
    owner: { id: row.ownerId, name: row.ownerName },
    release: { id: row.releaseId, status: "released", trigger: row.releaseTrigger },
  };
}

export async function itemFile(
  deps: Deps,
  { email, assetId, kind }: { email: string; assetId: string; kind: AssetFileKind },
) {
  const now = deps.clock.now();
  return asSystem(deps.db, async (tx) => {
    const row = await loadItem(tx, deps, { email, assetId });
    const contentType = await selectFileType(tx, assetId, kind);
    const stored = contentType ? await readFileBytes(deps, tx, assetId, kind) : null;
    if (!contentType || !stored) throw new AppError("NOT_FOUND");
    const file = { contentType, data: stored.bytes, uploadId: stored.uploadId };
    await auditRelease(tx, {
      ownerId: row.ownerId,
      action: "legacy.file_downloaded",
      at: now,
      actorId: null,
      details: {
        beneficiary: email,
        assetId,
        kind,
      },
    });
    return file;
  });
}
