import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";

/* ---------- the rules of reports (docs/decisions/082) ---------- */

export const REPORT_KINDS = ["death", "incapacity"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportStatus = "open" | "confirmed" | "stopped";
/** How a report was stopped: the owner's sign-in, their "I'm fine" (signed in or by the e-mailed link), or a verifier who heard from them. */
export type ReportStoppedVia = "sign_in" | "fine" | "fine_link" | "heard";

/** A report's note: at most this many characters. */
export const REPORT_NOTE_MAX = 2000;
/** The owner's "I'm fine" link works this long (and only while the report is open). */
export const REPORT_FINE_LINK_DAYS = 30;
/** After the e-mailed code, the verifier's page works this long without a new code. */
export const REPORT_SESSION_MINUTES = 30;

/* ---------- inputs ---------- */

const noteSchema = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX} characters`)
  .optional()
  .transform((s) => (s ? s : null));

/** POST /api/verifier/report/code: the address a verifier types. */
export const reportCodeRequestSchema = z.strictObject({ email: emailSchema });

/** POST /api/verifier/report/sign-in: the address and the e-mailed code. */
export const reportSignInSchema = z.strictObject({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code"),
});

const sessionSchema = z.string().min(20).max(200);

/** POST /api/verifier/report/desk: what the signed-in verifier sees. */
export const reportDeskSchema = z.strictObject({ session: sessionSchema });

/** POST /api/verifier/report/make: a report about the owner of the verifier role `verifierId`. */
export const makeReportSchema = z.strictObject({
  session: sessionSchema,
  verifierId: z.uuid(),
  kind: z.enum(REPORT_KINDS),
  note: noteSchema,
});
export type MakeReportInput = z.infer<typeof makeReportSchema>;

/** POST /api/verifier/report/confirm and /heard: the verifier role and the open report. */
export const reportActionSchema = z.strictObject({
  session: sessionSchema,
  verifierId: z.uuid(),
  reportId: z.uuid(),
});

/** POST /api/verifier/escalation/answer: a verifier's answer when asked to reach the owner (decision 085). */
export const ESCALATION_ANSWERS = ["reached", "unreachable"] as const;
export type EscalationAnswer = (typeof ESCALATION_ANSWERS)[number];
export const escalationAnswerSchema = z.strictObject({
  session: sessionSchema,
  verifierId: z.uuid(),
  escalationId: z.uuid(),
  answer: z.enum(ESCALATION_ANSWERS),
});
/** POST /api/clients/:id/escalation/answer: the firm (an admin) answers. */
export const firmEscalationAnswerSchema = z.strictObject({
  escalationId: z.uuid(),
  answer: z.enum(ESCALATION_ANSWERS),
});

/** POST /api/verifier/report/document (read), and the headers of its PUT (upload). */
export const reportDocumentReadSchema = z.strictObject({
  session: sessionSchema,
  verifierId: z.uuid(),
});

/** The reporter's document: PDF, JPEG or PNG, at most this many bytes. */
export const REPORT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** POST /api/clients/:id/report: the firm (an admin) reports. */
export const firmReportSchema = z.strictObject({ kind: z.enum(REPORT_KINDS), note: noteSchema });
/** POST /api/clients/:id/report/confirm and /heard. */
export const firmReportActionSchema = z.strictObject({ reportId: z.uuid() });

/** POST /api/reports/fine-link: the owner's one-click "I'm fine". */
export const fineLinkSchema = z.strictObject({ token: z.string().min(20).max(200) });

/* ---------- responses ---------- */

/** A report as the owner and the verifiers see it: names of verifiers, never their addresses. */
export type ReportView = {
  id: string;
  kind: ReportKind;
  note: string | null;
  reporterName: string;
  reportedAt: string;
  /** `confirmed`: the release wait started (see `releaseAt`). */
  status: ReportStatus;
  confirmations: { name: string; at: string }[];
  threshold: number;
  /** When the wait started by this report ends, while it waits. */
  releaseAt: string | null;
  stoppedVia: ReportStoppedVia | null;
  closedAt: string | null;
  /** The reporter added a document (e.g. a death certificate). */
  hasDocument: boolean;
};

/** One person the verifier is an accepted verifier for, and the report about them, if any. */
export type VerifierRoleView = {
  verifierId: string;
  ownerName: string;
  /** The open report, or the latest one closed in the last 30 days. */
  report: ReportView | null;
  hasConfirmed: boolean;
  /** The owner's verifiers are asked to reach them (decision 085): open only. */
  escalation: VerifierEscalationView | null;
};

/** An open request to reach the owner, as a verifier sees it. */
export type VerifierEscalationView = {
  id: string;
  startedAt: string;
  /** When the wait starts if too few answer (null under "never release without a verifier"). */
  endsAt: string | null;
  myAnswer: EscalationAnswer | null;
  /** How many "I could not reach them" answers start the wait, and how many there are. */
  needed: number;
  unreachable: number;
};

/** POST /api/verifier/report/desk. */
export type ReportDeskView = { roles: VerifierRoleView[] };

/** GET /api/reports: the owner's open report (or the latest closed one). */
export type OwnReportView = { report: ReportView | null };

/** GET /api/clients/:id/report: the firm's view, when the firm is an accepted verifier. */
export type FirmReportView = {
  canAct: boolean;
  report: ReportView | null;
  hasConfirmed: boolean;
  escalation: VerifierEscalationView | null;
};

/* ---------- words ---------- */

export const REPORT_KIND_WORDS: Record<ReportKind, string> = {
  death: "has died",
  incapacity: "can no longer manage their affairs",
};

/** The same, said to the owner ("… that you have died"). */
export const REPORT_KIND_TO_OWNER: Record<ReportKind, string> = {
  death: "have died",
  incapacity: "can no longer manage your affairs",
};

export const REPORT_MSG = {
  codeSent:
    "If this address belongs to a verifier, a 6-digit code is on its way. It expires in 10 minutes.",
  codeInvalid: "The code is incorrect or has expired",
  codeTooManyTries: "Too many incorrect codes. Request a new code.",
  sessionEnded: "Your session has ended. Enter your e-mail address again.",
  alreadyOpen: "Someone has already reported this. You can confirm it instead.",
  releaseUnderWay: "A release is already under way for this person.",
  notOpen: "This report is no longer open.",
  alreadyConfirmed: "You have already confirmed this report.",
  attestNeedsReport:
    "Your client has named verifiers who must confirm. Report it on the verifier card instead.",
  linkInvalid: "This link is invalid or has expired",
  made: "Your report was sent. The other verifiers are asked to confirm it.",
  confirmed: "Thank you. Your confirmation was recorded.",
  heard: "Thank you. The report is stopped and everyone who was told is told so.",
  fine: "Thank you. The report is stopped and everyone who was told is told so.",
  escalationNotOpen: "Nothing more is needed: this request is closed.",
  alreadyAnswered: "You have already answered.",
  reached: "Thank you. Their countdown starts again, and they and the other verifiers are told.",
  unreachable: "Thank you. Your answer was recorded.",
} as const;
