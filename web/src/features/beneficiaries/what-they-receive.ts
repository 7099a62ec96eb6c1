import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { ReleasePlanView } from "@common/release";
import { receivedAs } from "@common/assets";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { formatCount, formatDate, formatDateTime } from "@/lib/format";

/**
 * The owner's items this address would receive: left to it (alone or with others) or given by a
 * role it holds (decision 091), by title (as the portal lists them).
 */
export const itemsLeftTo = (assets: OpenedAssetView[], email: string): OpenedAssetView[] =>
  assets
    .filter((a) => receivedAs(a, email) !== null)
    .sort((a, b) => a.title.localeCompare(b.title));

/** The other people an item left to `email` is also left to (docs/decisions/053): each receives it too. */
export const sharedWith = (asset: OpenedAssetView, email: string): string[] =>
  asset.beneficiaryEmails.filter((e) => normalizeEmail(e) !== normalizeEmail(email));

/** One sentence: when the release plan would hand these items to `name`. */
export function releaseLine(view: ReleasePlanView, name: string): string {
  const { plan, release } = view;
  switch (view.state) {
    case "none":
      return `${name} receives these only if your law firm reports your death or incapacity: the inactivity trigger is off. You are e-mailed first and can cancel.`;
    case "counting_down": {
      const months = formatCount(plan.inactivityMonths ?? 0, "month");
      const from = plan.inactivityEndsAt
        ? ` (${formatDate(plan.inactivityEndsAt)} at the earliest)`
        : "";
      return `${name} receives these if you do not check in for ${months}${from}, after a ${plan.waitDays}-day wait during which you can cancel.`;
    }
    case "waiting":
      return release
        ? `A release is waiting: ${name} receives these on ${formatDateTime(release.releaseAt)} unless you cancel.`
        : `A release is waiting: ${name} receives these unless you cancel.`;
    case "released":
      return release?.releasedAt
        ? `Released on ${formatDate(release.releasedAt)}: ${name} was e-mailed and can open these.`
        : `Released: ${name} was e-mailed and can open these.`;
  }
}
