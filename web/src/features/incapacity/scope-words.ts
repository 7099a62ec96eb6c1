import type { IncapacityView } from "@common/incapacity";
import { formatDate, formatCount } from "@/lib/format";

/** The scope's state in one plain sentence for the owner (decision 093). */
export function scopeSentence(view: IncapacityView): string {
  const marked = view.items.length;
  const s = view.scope;
  if (s?.status === "waiting")
    return `${s.reporterName} reported that you cannot look after your affairs, and your verifiers confirmed it. Your caregivers can read the ${formatCount(marked, "item")} you marked from ${formatDate(s.opensAt)}, unless you stop it.`;
  if (s?.status === "active")
    return `Your caregivers can read the ${formatCount(marked, "item")} you marked until ${formatDate(s.endsAt ?? s.opensAt)}.`;
  if (marked === 0)
    return "No item is marked for a caregiver. If your verifiers report that you cannot act, nothing is shared.";
  return `${formatCount(marked, "item")} marked for your caregivers. They can read them only if your verifiers report that you cannot act, after ${formatCount(view.waitDays, "day")} without a word from you, for ${view.accessDays} days.`;
}

/** How a past scope ended, for the card's second line. */
export function endedSentence(view: IncapacityView): string | null {
  const s = view.scope;
  if (s?.status !== "ended" || !s.endedAt) return null;
  const on = formatDate(s.endedAt);
  return {
    sign_in: `Your caregivers' last access ended on ${on}, when you signed in.`,
    check_in: `Your caregivers' last access ended on ${on}, when you told us you were back.`,
    withdrawn: `You ended your caregivers' last access on ${on}.`,
    expired: `Your caregivers' last access ended on ${on}: the time you set had passed.`,
    released: `Your caregivers' last access ended on ${on}, with the release of your plan.`,
  }[s.endedVia ?? "withdrawn"];
}
