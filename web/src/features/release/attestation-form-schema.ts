import { attestationSchema, RELEASE_UI_MSG } from "@common/release";
import { z } from "zod";
import { isoDay } from "@/lib/format";

/** The server's attestation rules, plus: the date of death or incapacity is not in the future. */
export const attestationFormSchema = attestationSchema.refine((v) => v.eventDate <= isoDay(), {
  path: ["eventDate"],
  message: RELEASE_UI_MSG.eventDateInFuture,
});
export type AttestationForm = z.infer<typeof attestationFormSchema>;
export const ATTESTATION_FIELDS = ["attesterName", "eventDate"] as const;
