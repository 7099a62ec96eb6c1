import {
  VERIFIER_CODE_MINUTES,
  VERIFIER_CODE_TRIES,
  VERIFIER_MSG,
  type VerifierAnswerInput,
  type VerifierInvitationView,
} from "../../common/verifiers.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { hashLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { hit } from "../rate-limit/limiter.js";
import { PER_VERIFIER_LIMITS } from "../rate-limit/rules.js";
import { isCodeMatch, newVerifierCode } from "./code.js";
import { verifierCodeMail } from "./emails.js";
import { presentInvitation } from "./present.js";
import { selectByCheckHash, selectByInviteHash, selectPerson, updateVerifier } from "./queries.js";
import { acceptedFields, auditVerifier, fitThreshold } from "./shared.js";

/**
 * What a verifier does without an account (docs/decisions/081), as the beneficiary portal proves
 * an address: the invitation link (its hash), then a code e-mailed to the invited address only.
 * A link that is unknown, expired, used or of a removed verifier answers the same 404.
 */

const linkInvalid = () => new AppError("NOT_FOUND", VERIFIER_MSG.linkInvalid);
const codeHash = (deps: Deps, verifierId: string, code: string) =>
  deps.hmac(`verifier-code:${verifierId}:${code}`);

/** The invited person whose link this is and whose link still works, locked. */
async function loadInvitation(tx: Tx, deps: Deps, token: string) {
  const row = await selectByInviteHash(tx, hashLinkToken(token));
  const now = deps.clock.now().getTime();
  if (!row || row.kind !== "person" || !row.inviteExpiresAt) throw linkInvalid();
  if (row.inviteExpiresAt.getTime() <= now || row.status !== "invited") throw linkInvalid();
  return row;
}

/** POST /api/verifier/invitation: who asks, and to which address the code would go (partly hidden). */
export async function openInvitation(deps: Deps, token: string): Promise<VerifierInvitationView> {
  return asSystem(deps.db, async (tx) => {
    const row = await loadInvitation(tx, deps, token);
    const owner = await selectPerson(tx, row.ownerId);
    return presentInvitation(row, owner?.name ?? "");
  });
}

/** POST /api/verifier/code: a new 6-digit code to the invited address (10 minutes, 5 tries); 3 per 10 minutes per verifier. */
export async function sendCode(deps: Deps, token: string): Promise<{ retryAfter: number }> {
  const now = deps.clock.now();
  const { id } = await asSystem(deps.db, (tx) => loadInvitation(tx, deps, token));
  // counted outside the transaction (PGlite has one connection), before anything is sent
  const wait = await hit(deps.db, {
    key: `verifier:${id}:code`,
    limit: PER_VERIFIER_LIMITS.codeSent,
  });
  if (wait > 0) return { retryAfter: wait };
  await asSystem(deps.db, async (tx) => {
    const row = await loadInvitation(tx, deps, token);
    const code = newVerifierCode();
    const expiresAt = new Date(now.getTime() + VERIFIER_CODE_MINUTES * 60_000);
    await updateVerifier(tx, row.id, {
      codeHash: codeHash(deps, row.id, code),
      codeExpiresAt: expiresAt,
      codeAttempts: 0,
    });
    await enqueueMail(tx, verifierCodeMail(row.email ?? "", code, expiresAt));
  });
  deps.wakeMailer();
  return { retryAfter: 0 };
}

/**
 * POST /api/verifier/answer: with the right code (single use), accepts or declines; the link is
 * used up either way. A refused code is audited ("verifier.code_failed": why, the client's IP;
 * never the code) in the transaction that counts the try.
 */
export async function answerInvitation(
  deps: Deps,
  input: VerifierAnswerInput & { ip: string },
): Promise<void> {
  const now = deps.clock.now();
  const outcome = await asSystem(deps.db, async (tx): Promise<string | null> => {
    const row = await loadInvitation(tx, deps, input.token);
    const refuse = async (reason: string, error: string) => {
      await auditVerifier(tx, {
        ownerId: row.ownerId,
        verifierId: row.id,
        action: "verifier.code_failed",
        at: now,
        actorId: null,
        ip: input.ip,
        details: { verifier: row.email, reason },
      });
      return error;
    };
    if (!row.codeHash || !row.codeExpiresAt) return refuse("no_code", VERIFIER_MSG.codeInvalid);
    if (row.codeExpiresAt.getTime() <= now.getTime())
      return refuse("expired", VERIFIER_MSG.codeInvalid);
    if (row.codeAttempts >= VERIFIER_CODE_TRIES)
      return refuse("too_many_tries", VERIFIER_MSG.codeTooManyTries);
    if (!isCodeMatch(row.codeHash, codeHash(deps, row.id, input.code))) {
      const attempts = row.codeAttempts + 1;
      await updateVerifier(tx, row.id, { codeAttempts: attempts });
      return refuse(
        "wrong_code",
        attempts >= VERIFIER_CODE_TRIES ? VERIFIER_MSG.codeTooManyTries : VERIFIER_MSG.codeInvalid,
      );
    }
    const used = {
      inviteTokenHash: null,
      inviteExpiresAt: null,
      codeHash: null,
      codeExpiresAt: null,
    };
    const isAccept = input.answer === "accept";
    await updateVerifier(tx, row.id, {
      ...used,
      ...(isAccept ? acceptedFields(now) : { status: "declined", respondedAt: now }),
    });
    if (!isAccept) await fitThreshold(tx, row.ownerId);
    await auditVerifier(tx, {
      ownerId: row.ownerId,
      verifierId: row.id,
      action: isAccept ? "verifier.accepted" : "verifier.declined",
      at: now,
      actorId: null,
      ip: input.ip,
      details: { kind: "person", verifier: row.email },
    });
    return null;
  });
  if (outcome) throw new AppError("VALIDATION", outcome, { code: outcome });
}

/** POST /api/verifier/check: the yearly one-click "still reachable?" link (single use, 60 days). */
export async function answerCheck(deps: Deps, { token, ip }: { token: string; ip: string }) {
  const now = deps.clock.now();
  await asSystem(deps.db, async (tx) => {
    const row = await selectByCheckHash(tx, hashLinkToken(token));
    if (!row || row.status !== "accepted" || !row.checkExpiresAt) throw linkInvalid();
    if (row.checkExpiresAt.getTime() <= now.getTime()) throw linkInvalid();
    if (row.kind === "firm") {
      // the firm answers only while the owner is still its client (as the admins' own routes)
      const owner = await selectPerson(tx, row.ownerId);
      if (owner?.firmId !== row.firmId) throw linkInvalid();
    }
    await updateVerifier(tx, row.id, {
      lastAnsweredAt: now,
      checkTokenHash: null,
      checkExpiresAt: null,
    });
    await auditVerifier(tx, {
      ownerId: row.ownerId,
      verifierId: row.id,
      action: "verifier.check_answered",
      at: now,
      actorId: null,
      ip,
      details: { kind: row.kind, verifier: row.email ?? undefined },
    });
  });
}
