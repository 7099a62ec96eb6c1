import { z } from "zod";
import type { FileTypeRule } from "./assets/files.js";

/* ---------- the rules of a release (issue 5) ---------- */

/** Months without a check-in after which the waiting period starts (null: the trigger is off, the default). */
export const INACTIVITY_MONTHS = [3, 6, 12, 18] as const;
/** The owner's choice of waiting period, in days. */
export const WAIT_DAYS = [1, 2, 7, 14, 30, 90] as const;
export const DEFAULT_WAIT_DAYS = 7;
/** Reminders before the inactivity period ends, in days. */
export const REMINDER_DAYS = [30, 7, 1] as const;
/** How long a beneficiary can open what was left to them, from the release. */
export const ACCESS_DAYS = 365;

/** Escalation (decision 085): how long the verifiers have to reach the owner before the wait starts. */
export const ESCALATION_DAYS = 7;
/** The longest pause (travel, hospital) an owner may allow themself, in days; 0: no pauses. */
export const MAX_PAUSE_DAYS = [0, 30, 90, 180, 365] as const;
export const DEFAULT_MAX_PAUSE_DAYS = 90;

export type InactivityMonths = (typeof INACTIVITY_MONTHS)[number];
export type MaxPauseDays = (typeof MAX_PAUSE_DAYS)[number];
export type WaitDays = (typeof WAIT_DAYS)[number];

/* ---------- inputs ---------- */

export const releasePlanSchema = z.strictObject({
  inactivityMonths: z.union([
    z.null(),
    ...INACTIVITY_MONTHS.map((m) => z.literal(m)),
  ] as unknown as [z.ZodNull, z.ZodLiteral<InactivityMonths>]),
  waitDays: z.union(
    WAIT_DAYS.map((d) => z.literal(d)) as unknown as [
      z.ZodLiteral<WaitDays>,
      z.ZodLiteral<WaitDays>,
    ],
    {
      error: "Choose a waiting period of 1, 2, 7, 14, 30 or 90 days",
    },
  ),
  /** "Never release without a verifier" (decision 085); kept as it was when left out. */
  requireVerifier: z.boolean().optional(),
  /** The longest pause allowed; kept as it was when left out. */
  maxPauseDays: z
    .union(
      MAX_PAUSE_DAYS.map((d) => z.literal(d)) as unknown as [
        z.ZodLiteral<MaxPauseDays>,
        z.ZodLiteral<MaxPauseDays>,
      ],
      { error: "Choose a longest pause of 0, 30, 90, 180 or 365 days" },
    )
    .optional(),
});
export type ReleasePlanInput = z.infer<typeof releasePlanSchema>;

/** The token of an e-mailed "I'm still here" or "Cancel the release" link. */
export const releaseLinkSchema = z.strictObject({ token: z.string().min(20).max(200) });

/** POST /api/release/pause: "I'm away until" a day (YYYY-MM-DD, the owner's last day away). */
export const releasePauseSchema = z.strictObject({
  until: z.iso.date("Enter the day you expect to be back"),
});
export type ReleasePauseInput = z.infer<typeof releasePauseSchema>;

/** A firm admin's attestation (multipart form: these fields plus an optional `document` file). */
export const attestationSchema = z.strictObject({
  attesterName: z.string().trim().min(2, "Enter the name of the person who attests").max(200),
  eventDate: z.iso.date("Enter the date of death or incapacity"),
});
export type AttestationInput = z.infer<typeof attestationSchema>;

/* ---------- responses ---------- */

/** none: no release and no inactivity trigger; counting_down: the inactivity trigger is on; waiting: a release will happen at releaseAt. */
export type ReleaseState = "none" | "counting_down" | "waiting" | "released";
export type ReleaseTrigger = "inactivity" | "attestation" | "verifiers";

export type ReleaseSummary = {
  id: string;
  trigger: ReleaseTrigger;
  status: "waiting" | "cancelled" | "released";
  startedAt: string;
  /** When the waiting period ends and the release happens. */
  releaseAt: string;
  releasedAt: string | null;
  cancelledAt: string | null;
  /** For an attestation: who attests and the date of death or incapacity (YYYY-MM-DD). */
  attesterName: string | null;
  eventDate: string | null;
  hasDocument: boolean;
};

/** The verifiers asked to reach the owner before any wait starts (decision 085). */
export type EscalationView = {
  status: "open" | "reached" | "checked_in" | "wait_started" | "stopped";
  startedAt: string;
  /** When the wait starts if too few verifiers answered (unless the owner requires a verifier). */
  endsAt: string;
  /** The window ended under "never release without a verifier": waiting for a verifier's answer. */
  isHeld: boolean;
  answers: { name: string; answer: "reached" | "unreachable"; at: string }[];
  /** How many "I could not reach them" answers start the wait (k, at most the verifiers accepted). */
  needed: number;
  /** How many accepted verifiers were asked. */
  asked: number;
};

export type TimelineEntry = { at: string; action: string; label: string; actorName: string | null };

/** GET /api/release (the owner). */
export type ReleasePlanView = {
  state: ReleaseState;
  plan: {
    inactivityMonths: InactivityMonths | null;
    waitDays: WaitDays;
    lastCheckInAt: string;
    inactivityEndsAt: string | null;
    requireVerifier: boolean;
    maxPauseDays: MaxPauseDays;
    /** Paused until this moment (the countdown starts again from it); null when not paused. */
    pausedUntil: string | null;
  };
  /** The open escalation, or the latest one closed in the last 30 days. */
  escalation: EscalationView | null;
  release: ReleaseSummary | null;
  /** Number of assets that name a beneficiary (what a release would hand out). */
  assetsWithBeneficiary: number;
  timeline: TimelineEntry[];
};

/** GET /api/clients/:id/release (the client's firm). */
export type ClientReleaseView = {
  state: ReleaseState;
  release: ReleaseSummary | null;
  canAttest: boolean;
  /** The viewer may download the signed evidence of the client's release (decision 079): an admin of the client's firm, once a release exists. */
  canDownloadEvidence: boolean;
};

/* ---------- messages ---------- */

export const RELEASE_MSG = {
  planSaved: "Release plan saved",
  planSaveFailed: "Failed to save the release plan",
  cancelled: "The release was cancelled. Nothing was released.",
  nothingToCancel: "There is no release waiting to be cancelled",
  alreadyStarted: "A release has already been started for this person",
  checkedIn: "Thank you. Your check-in was recorded and the countdown starts again.",
  linkInvalid: "This link is invalid or has expired",
  pauseTooLong: (days: number) =>
    days === 0
      ? "Your plan allows no pauses. Change the longest pause in your plan first."
      : `Your plan allows a pause of at most ${days} days. Choose an earlier day, or change the longest pause in your plan.`,
  pauseInPast: "Choose a day after today",
  pauseDuringWait: "A waiting period is running. Cancel the release instead.",
  pauseNeedsPlan: "Turn on the inactivity check first",
  notPaused: "Your plan is not paused",
  attestationStarted:
    "Release started. The client has been e-mailed and can cancel during the waiting period.",
} as const;

/** Human labels of audit actions for the plan's timeline. */
export const RELEASE_ACTION_LABELS: Record<string, string> = {
  "release.plan_changed": "Release plan changed",
  "release.check_in": "Checked in",
  "release.reminder_sent": "Inactivity reminder sent",
  "release.paused": "Paused (away)",
  "release.pause_ended": "Pause ended",
  "release.escalation_started": "Your verifiers were asked to reach you",
  "release.escalation_answered": "A verifier answered",
  "release.escalation_held": "Waiting for a verifier before any release",
  "release.escalation_closed": "Verifiers told that nothing more is needed",
  "release.started": "Waiting period started",
  "release.document_added": "Attestation document added",
  "release.wait_reminder_sent": "Last-day reminder sent",
  "release.cancelled": "Release cancelled",
  "release.released": "Released to beneficiaries",
  "release.item_delivered": "An item that waited was given to a beneficiary",
  "release.fallback_activated": "An item went to the next person you named",
  "release.beneficiary_reported_dead": "Your firm reported that a beneficiary has died",
  "release.access_ended": "Beneficiaries' access ended",
  "release.rehearsal_sent": "Test run e-mailed to you",
  "legacy.signed_in": "A beneficiary signed in to the portal",
  "legacy.item_viewed": "A beneficiary opened an item",
  "legacy.file_downloaded": "A beneficiary downloaded a file",
};

/* ---------- added for the web (owner and firm screens) ---------- */

const MB = 1024 * 1024;
/** The optional document of a firm's attestation: a PDF, JPG or PNG of at most 10 MB. */
export const ATTESTATION_DOCUMENT_MAX_BYTES = 10 * MB;
export const ATTESTATION_DOCUMENT_TYPES: FileTypeRule[] = [
  { type: "application/pdf", extensions: ["pdf"], maxBytes: ATTESTATION_DOCUMENT_MAX_BYTES },
  { type: "image/jpeg", extensions: ["jpg", "jpeg"], maxBytes: ATTESTATION_DOCUMENT_MAX_BYTES },
  { type: "image/png", extensions: ["png"], maxBytes: ATTESTATION_DOCUMENT_MAX_BYTES },
];

/** Texts of the owner's and the firm's release screens. */
export const RELEASE_UI_MSG = {
  loadFailed: "Your release plan could not be loaded.",
  cancelFailed: "Failed to cancel the release",
  clientLoadFailed: "The client's release could not be loaded.",
  attestationFailed: "Failed to start the release",
  eventDateInFuture: "The date cannot be in the future",
  documentInvalid: "Choose a PDF, JPG or PNG file of at most 10 MB",
  documentUploadFailed: "Failed to upload the document",
  /** Above a firm admin's 'Start a release' on /clients/{id}: a rare, deliberate act. */
  startExplained: (clientName: string) =>
    `Start a release only when you know that ${clientName} has died or can no longer manage their affairs. ${clientName} is e-mailed at once and can cancel it during their waiting period; if nobody does, each of their beneficiaries receives what was left to them.`,
  startedWithoutDocument: (clientName: string) =>
    `The release was started and ${clientName} has been e-mailed, but the document was not uploaded. Upload it again, or close this dialog without it.`,
} as const;
