import { DEFAULT_WAIT_DAYS, REMINDER_DAYS } from "../../common/release.js";
import type { RehearsalView } from "../../common/rehearsal.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { addDays } from "../clock.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import type { Mail } from "../mail/templates.js";
import { auditRelease } from "../release/audit.js";
import {
  accessEndedMail,
  beneficiaryReleasedMail,
  inactivityReminderMail,
  ownerReleasedMail,
  waitLastDayMail,
  waitStartedMail,
} from "../release/emails.js";
import { inactivityEndsAt } from "../release/schedule.js";
import { WAIT_REASON } from "../release/steps.js";
import { beneficiaryNames } from "../beneficiaries/service.js";
import { fallbackActivatedMail, itemsDeliveredMail } from "../deliveries/emails.js";
import {
  selectFallbackEmails,
  selectFirmName,
  selectItemsLeft,
  selectOwner,
  selectPlanSettings,
} from "./queries.js";
import { asTestMail } from "./test-mail.js";

/** Stands in for every token of a real e-mail: the links are rewritten anyway (asTestMail). */
const EXAMPLE_LINK = { token: "example", expiresAt: new Date(0) };

type Owner = NonNullable<Awaited<ReturnType<typeof selectOwner>>>;

/**
 * Who would be e-mailed about the items, as the release and the delivery sweeps count them
 * (decision 096): at the release, each address with how many items it is given then (not a
 * message, which has its own day, nor an item that waits); on each later day (7, 30, 90), how
 * many it is given that day; and the people in turn, should nobody before them claim an item.
 */
async function itemRecipients(tx: Tx, ownerId: string) {
  const left = await selectItemsLeft(tx, ownerId);
  const fallbacks = (await selectFallbackEmails(tx, ownerId)).map((f) => f.email);
  const emails = [...new Set(left.map((r) => r.email))];
  const names = await beneficiaryNames(tx, ownerId, [...new Set([...emails, ...fallbacks])]);
  const count = (keep: (r: (typeof left)[number]) => boolean) => {
    const n = new Map<string, number>();
    for (const r of left.filter(keep)) n.set(r.email, (n.get(r.email) ?? 0) + 1);
    return n;
  };
  const atRelease = count((r) => r.type !== "message" && r.delayDays === 0);
  const later = [...new Set(left.map((r) => r.delayDays))]
    .filter((d) => d > 0)
    .sort((a, b) => a - b)
    .map((days) => ({ days, perEmail: count((r) => r.delayDays === days) }));
  const person = (email: string) => ({ email, name: names.get(email) ?? null });
  return {
    emails: emails.map(person),
    itemCount: new Set(left.map((r) => r.assetId)).size,
    atRelease,
    later,
    fallbacks: fallbacks.map(person),
  };
}

const whoIs = ({ email, name }: { email: string; name: string | null }) =>
  name ? `${name} (${email})` : email;

/**
 * Every e-mail a release of this owner's plan would send, in the order they would go, each with
 * who would receive it: the real composers of server/release/emails.ts, with example links.
 */
async function releaseMails(tx: Tx, deps: Deps, owner: Owner, now: Date) {
  const appUrl = deps.env.APP_URL;
  const plan = await selectPlanSettings(tx, owner.id);
  const items = await itemRecipients(tx, owner.id);
  const you = `you (${owner.email})`;
  const mails: { mail: Mail; wouldGoTo: string }[] = [];
  const toOwner = { to: owner.email, name: owner.name };
  const months = plan?.inactivityMonths ?? null;
  const endsAt = plan && inactivityEndsAt(plan.lastCheckInAt, months);
  if (months !== null && endsAt)
    for (const daysBefore of REMINDER_DAYS)
      mails.push({
        wouldGoTo: you,
        mail: inactivityReminderMail(appUrl, {
          ...toOwner,
          daysBefore,
          endsAt,
          waitDays: plan.waitDays,
          checkIn: EXAMPLE_LINK,
        }),
      });
  const firmName = owner.firmId ? await selectFirmName(tx, owner.firmId) : null;
  const reason =
    months !== null
      ? WAIT_REASON.inactivity(months)
      : WAIT_REASON.attestation(firmName ?? "your firm", "An administrator");
  const releaseAt = addDays(now, plan?.waitDays ?? DEFAULT_WAIT_DAYS);
  mails.push(
    {
      wouldGoTo: you,
      mail: waitStartedMail(appUrl, { ...toOwner, reason, releaseAt, cancel: EXAMPLE_LINK }),
    },
    {
      wouldGoTo: you,
      mail: waitLastDayMail(appUrl, { ...toOwner, releaseAt, cancel: EXAMPLE_LINK }),
    },
  );
  for (const r of items.emails.filter((p) => items.atRelease.has(p.email)))
    mails.push({
      wouldGoTo: whoIs(r),
      mail: beneficiaryReleasedMail(appUrl, {
        to: r.email,
        beneficiaryName: r.name,
        ownerName: owner.name,
        itemCount: items.atRelease.get(r.email) ?? 0,
      }),
    });
  mails.push({
    wouldGoTo: you,
    mail: ownerReleasedMail(appUrl, { ...toOwner, itemCount: items.itemCount }),
  });
  for (const { days, perEmail } of items.later)
    for (const r of items.emails.filter((p) => perEmail.has(p.email)))
      mails.push({
        wouldGoTo: `${whoIs(r)}, ${days} days after the release`,
        mail: itemsDeliveredMail(appUrl, {
          to: r.email,
          name: r.name,
          ownerName: owner.name,
          count: perEmail.get(r.email) ?? 0,
        }),
      });
  for (const r of items.fallbacks)
    mails.push({
      wouldGoTo: `${whoIs(r)}, only if nobody before them in turn opens an item in time`,
      mail: fallbackActivatedMail(appUrl, { to: r.email, name: r.name, ownerName: owner.name }),
    });
  for (const r of items.emails)
    mails.push({ wouldGoTo: whoIs(r), mail: accessEndedMail(appUrl, r.email, owner.name) });
  return mails;
}

/**
 * POST /api/release/rehearsal: the test run. Every e-mail of a release goes to the owner's own
 * address, marked as a test; nothing else is written but the e-mails and one audit row (no plan,
 * timer, release, link, evidence or key is touched).
 */
export async function sendRehearsal(deps: Deps, actor: ActorProfile): Promise<RehearsalView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  const result = await asSystem(deps.db, async (tx) => {
    const owner = await selectOwner(tx, actor.id);
    if (!owner) throw new AppError("NOT_FOUND");
    const mails = await releaseMails(tx, deps, owner, now);
    for (const { mail, wouldGoTo } of mails)
      await enqueueMail(
        tx,
        asTestMail(mail, { appUrl: deps.env.APP_URL, owner: owner.email, wouldGoTo }),
      );
    await auditRelease(tx, {
      ownerId: owner.id,
      action: "release.rehearsal_sent",
      at: now,
      actorId: actor.id,
      details: { mails: mails.length },
    });
    return { sent: mails.length, to: owner.email };
  });
  deps.wakeMailer();
  return result;
}
