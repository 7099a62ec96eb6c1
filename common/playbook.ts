import { z } from "zod";
import type { PlaybookPlatform } from "./playbook/platform.js";
import { ciphertextBase64, wrappedKeySchema } from "./ciphertext.js";
import amazon from "./playbook/amazon.js";
import apple from "./playbook/apple.js";
import bank from "./playbook/bank.js";
import facebook from "./playbook/facebook.js";
import google from "./playbook/google.js";
import instagram from "./playbook/instagram.js";
import linkedin from "./playbook/linkedin.js";
import microsoft from "./playbook/microsoft.js";
import paypal from "./playbook/paypal.js";
import x from "./playbook/x.js";

/* ---------- the per-platform playbook (docs/decisions/088) ---------- */

export { playbookPlatformSchema, type PlaybookPlatform } from "./playbook/platform.js";

/** Every platform, in the order the owner's checklist shows them. */
export const PLAYBOOK: readonly PlaybookPlatform[] = [
  google,
  apple,
  facebook,
  instagram,
  microsoft,
  linkedin,
  x,
  paypal,
  amazon,
  bank,
];

/** One platform by id; undefined for an id the playbook no longer has. */
export const findPlaybookPlatform = (id: string) => PLAYBOOK.find((p) => p.id === id);

/**
 * What the owner said about one platform, kept only inside their sealed checklist: done (the tool
 * set up, or the details left) or "I don't use it", with the day they said so.
 */
export type PlaybookTick = { status: "done" | "not_used"; on: string };
/** The owner's checklist once opened in their browser: platform id -> tick. */
export type PlaybookTicks = Record<string, PlaybookTick>;

/** Platforms ticked (done or not used) that the playbook still has: the count the server keeps. */
export const countTicked = (ticks: PlaybookTicks) =>
  PLAYBOOK.filter((p) => ticks[p.id] !== undefined).length;

/**
 * The checklist as the server keeps it: sealed in the owner's browser (a key of its own wrapped
 * with the data key, the owner id bound as additional data), and the number of platforms ticked,
 * the one fact in clear, for plan health.
 */
export const PLAYBOOK_TICKS_MAX_BYTES = 8 * 1024;
export const playbookTicksKeyContext = (ownerId: string) => `playbook-ticks:${ownerId}`;
export const savePlaybookTicksSchema = z.strictObject({
  wrappedKey: wrappedKeySchema,
  data: ciphertextBase64(PLAYBOOK_TICKS_MAX_BYTES, "The checklist is too large"),
  tickedCount: z.int().min(0).max(PLAYBOOK.length),
});
export type SavePlaybookTicksInput = z.infer<typeof savePlaybookTicksSchema>;

/** GET and PUT /api/playbook: the owner's own sealed checklist, or null before the first tick. */
export type PlaybookTicksView = {
  sealed: { wrappedKey: string; data: string } | null;
  tickedCount: number;
  updatedAt: string | null;
};

export const PLAYBOOK_UI_MSG = {
  title: "Your accounts after your death",
  intro:
    "Some companies have their own setting for what happens to your account when you die, and in some places the law puts that setting above your will. Go through each one, and tick it once it is done.",
  notDone: "Not done yet",
  done: (day: string) => `Done on ${day}`,
  notUsed: (day: string) => `You don't use it (noted ${day})`,
  markSetUp: "I've set it up",
  markDone: "Done",
  markNotUsed: "I don't use it",
  undo: "Undo",
  howTo: "How to",
  official: (name: string) => `${name}'s own help page`,
  checked: (day: string) => `Checked on ${day}`,
  loadFailed: "Your checklist could not be loaded.",
  saveFailed: "Your tick could not be saved. Try again.",
  unreadable:
    "Your earlier ticks were sealed with a key this vault no longer has, so they are shown as not done.",
  progress: (ticked: number, total: number) => `${ticked} of ${total} done`,
} as const;
