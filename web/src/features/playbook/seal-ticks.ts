import { PLAYBOOK, playbookTicksKeyContext, type PlaybookTicks } from "@common/playbook";
import { openJson, sealJson, type SealedJson } from "@/lib/crypto/vault-crypto";

/**
 * The owner's playbook checklist under their data key (docs/decisions/088), as a beneficiary's
 * details are: a key of its own wrapped with the data key, the owner id bound as additional data
 * (so a checklist cannot be moved onto another account), the ticks as JSON encrypted with it.
 */
export type SealedTicks = SealedJson;

export async function sealTicks(
  dataKey: CryptoKey,
  ownerId: string,
  ticks: PlaybookTicks,
): Promise<SealedTicks> {
  return sealJson(dataKey, playbookTicksKeyContext(ownerId), ticks);
}

const isTick = (v: unknown): v is PlaybookTicks[string] =>
  typeof v === "object" &&
  v !== null &&
  "status" in v &&
  (v.status === "done" || v.status === "not_used") &&
  "on" in v &&
  typeof v.on === "string" &&
  /^\d{4}-\d{2}-\d{2}$/.test(v.on);

/** What sealTicks sealed, keeping only well-formed ticks; DecryptError when it cannot be opened. */
export async function openTicks(
  dataKey: CryptoKey,
  ownerId: string,
  sealed: SealedTicks,
): Promise<PlaybookTicks> {
  const opened = await openJson<Record<string, unknown>>(
    dataKey,
    playbookTicksKeyContext(ownerId),
    sealed,
  );
  const ticks: PlaybookTicks = {};
  for (const p of PLAYBOOK) {
    const tick = opened[p.id];
    if (isTick(tick)) ticks[p.id] = { status: tick.status, on: tick.on };
  }
  return ticks;
}
