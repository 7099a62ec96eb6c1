import {
  REPORT_MSG,
  REPORT_SESSION_MINUTES,
  type MakeReportInput,
  type ReportDeskView,
} from "../../common/verifier-reports.js";
import { VERIFIER_CODE_MINUTES, VERIFIER_CODE_TRIES } from "../../common/verifiers.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { hashLinkToken, newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { hit } from "../rate-limit/limiter.js";
import { PER_VERIFIER_LIMITS } from "../rate-limit/rules.js";
import { isCodeMatch, newVerifierCode } from "../verifiers/code.js";
import { listRolesOfEmail } from "../verifiers/roles.js";
import { reportCodeMail } from "./emails.js";
import {
  insertSignIn,
  selectLatestSignIn,
  selectOpenReportForUpdate,
  selectOwner,
  selectSessionEmail,
  updateSignIn,
} from "./queries.js";
import { confirmReport, findActingVerifier, makeReport, stopReport } from "./steps.js";
import { loadReportView } from "./views.js";
import { loadVerifierEscalation } from "../release/escalation-view.js";

/**
 * A person verifier on /verifier/report, without an account (docs/decisions/082): their address,
 * a code e-mailed to it (only if it is an accepted verifier's: the answer is the same either way),
 * then a 30-minute session (its hash kept) for the actions. Item 1's code rules: 10 minutes, 5 tries.
 */

const codeHash = (deps: Deps, email: string, code: string) =>
  deps.hmac(`verifier-report-code:${email}:${code}`);

/**
 * POST /api/verifier/report/code: always the same answer; a code only to an accepted verifier's
 * address. Any address gets its sign-in row, with a code never sent to a stranger (as a taken
 * address gets its e-mail change row, decision 043): the same work either way but the queued mail,
 * so the timing tells nothing, and the sign-in answers a stranger's tries as it does a verifier's.
 */
export async function requestCode(deps: Deps, email: string): Promise<void> {
  const now = deps.clock.now();
  await asSystem(deps.db, async (tx) => {
    const isVerifier = (await listRolesOfEmail(tx, email)).length > 0;
    const code = newVerifierCode();
    const expiresAt = new Date(now.getTime() + VERIFIER_CODE_MINUTES * 60_000);
    await insertSignIn(tx, {
      email,
      createdAt: now,
      codeHash: codeHash(deps, email, code),
      codeExpiresAt: expiresAt,
    });
    if (isVerifier) await enqueueMail(tx, reportCodeMail(email, code, expiresAt));
  });
  deps.wakeMailer();
}

/** POST /api/verifier/report/sign-in: the right code (single use) opens a session. */
export async function signIn(
  deps: Deps,
  input: { email: string; code: string; ip: string },
): Promise<{ session: string }> {
  const now = deps.clock.now();
  const outcome = await asSystem(deps.db, async (tx) => {
    const row = await selectLatestSignIn(tx, input.email);
    const refuse = async (reason: string, error: string) => {
      await recordAudit(tx, {
        actorId: null,
        action: "verifier_report.code_failed",
        at: now,
        ip: input.ip,
        details: { verifier: input.email, reason },
      });
      return { error };
    };
    if (!row?.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now)
      return refuse("no_code", REPORT_MSG.codeInvalid);
    if (row.codeAttempts >= VERIFIER_CODE_TRIES)
      return refuse("too_many_tries", REPORT_MSG.codeTooManyTries);
    if (!isCodeMatch(row.codeHash, codeHash(deps, input.email, input.code))) {
      const attempts = row.codeAttempts + 1;
      await updateSignIn(tx, row.id, { codeAttempts: attempts });
      return refuse(
        "wrong_code",
        attempts >= VERIFIER_CODE_TRIES ? REPORT_MSG.codeTooManyTries : REPORT_MSG.codeInvalid,
      );
    }
    const { token, hash } = newLinkToken();
    await updateSignIn(tx, row.id, {
      codeHash: null,
      codeExpiresAt: null,
      sessionHash: hash,
      sessionExpiresAt: new Date(now.getTime() + REPORT_SESSION_MINUTES * 60_000),
    });
    return { session: token };
  });
  if ("error" in outcome) throw new AppError("VALIDATION", outcome.error, { code: outcome.error });
  return outcome;
}

export async function sessionEmail(tx: Tx, deps: Deps, session: string) {
  const email = await selectSessionEmail(tx, hashLinkToken(session), deps.clock.now());
  if (!email) throw new AppError("UNAUTHENTICATED", REPORT_MSG.sessionEnded);
  return email;
}

/** POST /api/verifier/report/desk: the people this address is an accepted verifier for, and any report. */
export async function getDesk(deps: Deps, session: string): Promise<ReportDeskView> {
  const now = deps.clock.now();
  return asSystem(deps.db, async (tx) => {
    const email = await sessionEmail(tx, deps, session);
    const roles = [];
    for (const role of await listRolesOfEmail(tx, email)) {
      const owner = await selectOwner(tx, role.ownerId);
      const view = await loadReportView(tx, { now, ...role });
      const escalation = await loadVerifierEscalation(tx, role);
      roles.push({
        verifierId: role.verifierId,
        ownerName: owner?.name ?? "",
        ...view,
        escalation,
      });
    }
    return { roles };
  });
}

/** Each action counts against the address (and, for confirm and heard, the report), outside the transaction. */
async function limit(deps: Deps, keys: string[]) {
  for (const key of keys) {
    const wait = await hit(deps.db, { key, limit: PER_VERIFIER_LIMITS.reportAction });
    if (wait > 0) throw new AppError("RATE_LIMITED");
  }
}

/** The acting verifier: a role of the session's address; NOT_FOUND for any other id. */
export async function loadActor(
  tx: Tx,
  deps: Deps,
  a: { session: string; verifierId: string; ip: string },
) {
  const email = await sessionEmail(tx, deps, a.session);
  const role = (await listRolesOfEmail(tx, email)).find((r) => r.verifierId === a.verifierId);
  if (!role) throw new AppError("NOT_FOUND");
  const found = await findActingVerifier(tx, role.ownerId, role.verifierId);
  if (!found.verifier) throw new AppError("NOT_FOUND");
  return { ...found, verifier: found.verifier, ownerId: role.ownerId, email, ip: a.ip };
}

/** POST /api/verifier/report/make. */
export async function makeByPerson(deps: Deps, input: MakeReportInput & { ip: string }) {
  const email = await asSystem(deps.db, (tx) => sessionEmail(tx, deps, input.session));
  await limit(deps, [`verifier-report-by:${email}`]);
  try {
    await asSystem(deps.db, async (tx) => {
      const found = await loadActor(tx, deps, input);
      if (await selectOpenReportForUpdate(tx, found.ownerId))
        throw new AppError("CONFLICT", REPORT_MSG.alreadyOpen);
      await makeReport(tx, deps, {
        ownerId: found.ownerId,
        by: { verifier: found.verifier, userId: null, ip: input.ip },
        kind: input.kind,
        note: input.note,
        now: deps.clock.now(),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", REPORT_MSG.alreadyOpen);
    throw err;
  }
  deps.wakeMailer();
}

/** POST /api/verifier/report/confirm and /heard. */
export async function actByPerson(
  deps: Deps,
  input: { session: string; verifierId: string; reportId: string; ip: string },
  action: "confirm" | "heard",
) {
  const email = await asSystem(deps.db, (tx) => sessionEmail(tx, deps, input.session));
  await limit(deps, [`verifier-report-by:${email}`, `verifier-report:${input.reportId}`]);
  await asSystem(deps.db, async (tx) => {
    const found = await loadActor(tx, deps, input);
    const report = await selectOpenReportForUpdate(tx, found.ownerId);
    if (!report || report.id !== input.reportId) throw new AppError("CONFLICT", REPORT_MSG.notOpen);
    const by = { verifier: found.verifier, userId: null, ip: input.ip };
    const now = deps.clock.now();
    if (action === "confirm") await confirmReport(tx, deps, { report, by, ...found, now });
    else await stopReport(tx, deps, { report, via: "heard", by, actorId: null, now });
  });
  deps.wakeMailer();
}
