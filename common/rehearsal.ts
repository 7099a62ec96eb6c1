import { z } from "zod";

/* ---------- the test run (rehearsal) ---------- */

/** How many test runs an owner may send in a day. */
export const REHEARSALS_PER_DAY = 3;

/** POST /api/release/rehearsal: no body is needed; an empty object is accepted. */
export const rehearsalSchema = z.strictObject({});

/** What the test run sent: how many e-mails, all to the owner's own address. */
export type RehearsalView = { sent: number; to: string };

export const REHEARSAL_MSG = {
  button: "Send me a test run",
  explain:
    "Every e-mail a real release would send comes to your own address, marked as a test. Nothing in your plan changes.",
  sent: (n: number, to: string) => `${n} test e-mails are on their way to ${to}.`,
  tooMany: `You can send at most ${REHEARSALS_PER_DAY} test runs a day. Try again tomorrow.`,
  failed: "The test run could not be sent. Nothing changed; try again.",
};
