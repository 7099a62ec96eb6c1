import { attestationSchema, RELEASE_UI_MSG } from "@common/release";
import { z } from "zod";

/** Today in the reader's own calendar, as YYYY-MM-DD (the date input's format and its `max`). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The server's attestation rules, plus: the date of death or incapacity is not in the future. */
export const attestationFormSchema = attestationSchema.refine((v) => v.eventDate <= localToday(), {
  path: ["eventDate"],
  message: RELEASE_UI_MSG.eventDateInFuture,
});
export type AttestationForm = z.infer<typeof attestationFormSchema>;
export const ATTESTATION_FIELDS = ["attesterName", "eventDate"] as const;
