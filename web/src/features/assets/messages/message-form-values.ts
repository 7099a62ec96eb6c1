import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { fileTypeRule, unsupportedFileTypeMessage } from "@common/assets/files";
import { CHUNKED_FILE_MAX_BYTES, FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import {
  MESSAGE_LIMITS,
  MESSAGE_MAX_YEARS,
  MESSAGE_MSG,
  dateOfAge,
  dateRangeError,
  type MessageContent,
  type MessageDelivery,
  type MessageFormat,
  type MilestoneConfirmer,
} from "@common/messages";

/**
 * How the form asks when: a birthday is a date computed from a birth date and an age; a milestone
 * waits for its confirmer (decision 109).
 */
export type DeliveryChoice = "release" | "date" | "birthday" | "anniversary" | "milestone";

export type MessageFormValues = {
  title: string;
  recipients: string[];
  format: MessageFormat;
  letter: string;
  transcript: string;
  occasion: string;
  media: { blob: Blob; contentType: string; name: string } | null;
  deliveryChoice: DeliveryChoice;
  date: string;
  birthDate: string;
  age: string;
  years: string;
  milestoneLabel: string;
  /** "" until the owner chooses who confirms. */
  confirmer: MilestoneConfirmer | "";
};

export const messageFormDefaults: MessageFormValues = {
  title: "",
  recipients: [],
  format: "letter",
  letter: "",
  transcript: "",
  occasion: "",
  media: null,
  deliveryChoice: "release",
  date: "",
  birthDate: "",
  age: "18",
  years: "1",
  milestoneLabel: "",
  confirmer: "",
};

export type MessageFormErrors = Partial<Record<keyof MessageFormValues, string>>;

const wholeNumber = (s: string) => (/^\d{1,3}$/.test(s.trim()) ? Number(s.trim()) : NaN);

/** The delivery the choice means, or null while it is incomplete. */
export function deliveryOf(v: MessageFormValues): MessageDelivery | null {
  if (v.deliveryChoice === "release") return { when: "release" };
  if (v.deliveryChoice === "milestone") {
    const label = v.milestoneLabel.trim();
    return label && v.confirmer ? { when: "milestone", label, confirmer: v.confirmer } : null;
  }
  if (v.deliveryChoice === "date")
    return /^\d{4}-\d{2}-\d{2}$/.test(v.date) ? { when: "date", date: v.date } : null;
  if (v.deliveryChoice === "birthday") {
    const age = wholeNumber(v.age);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.birthDate) || !Number.isFinite(age)) return null;
    return { when: "date", date: dateOfAge(v.birthDate, age) };
  }
  const years = wholeNumber(v.years);
  return Number.isFinite(years) ? { when: "anniversary", years } : null;
}

/**
 * A saved message's form (editing it): its fields, and its day as the form asks for it. A birthday
 * was saved as its date, and comes back as that date. The recording itself is not in the form: it
 * stays as it is.
 */
export function valuesOfMessage(m: {
  title: string;
  recipients: string[];
  content: MessageContent;
  delivery: MessageDelivery;
}): MessageFormValues {
  const d = m.delivery;
  return {
    ...messageFormDefaults,
    title: m.title,
    recipients: m.recipients,
    format: m.content.format,
    letter: m.content.letter,
    transcript: m.content.transcript,
    occasion: m.content.occasion,
    deliveryChoice: d.when,
    date: d.when === "date" ? d.date : "",
    years: d.when === "anniversary" ? String(d.years) : messageFormDefaults.years,
    milestoneLabel: d.when === "milestone" ? d.label : "",
    confirmer: d.when === "milestone" ? d.confirmer : "",
  };
}

/**
 * Every rule the server keeps, checked here first with the same words; empty when it can be sent.
 * `keepsMedia`: a saved message's recording stays, so none is asked for.
 */
export function messageFormErrors(
  v: MessageFormValues,
  today: Date,
  { keepsMedia = false }: { keepsMedia?: boolean } = {},
): MessageFormErrors {
  const errors: MessageFormErrors = {};
  if (!v.title.trim()) errors.title = ASSET_MSG.titleRequired;
  else if (v.title.trim().length > TITLE_MAX_LENGTH) errors.title = ASSET_MSG.titleTooLong;
  if (!v.recipients.length) errors.recipients = MESSAGE_MSG.recipientsRequired;
  if (v.format === "letter" && !v.letter.trim()) errors.letter = MESSAGE_MSG.letterRequired;
  if (v.letter.length > MESSAGE_LIMITS.letter) errors.letter = MESSAGE_MSG.letterTooLong;
  if (v.transcript.length > MESSAGE_LIMITS.transcript)
    errors.transcript = MESSAGE_MSG.transcriptTooLong;
  if (v.occasion.trim().length > MESSAGE_LIMITS.occasion)
    errors.occasion = MESSAGE_MSG.occasionTooLong;
  if (v.format !== "letter" && !keepsMedia) {
    if (!v.media) errors.media = MESSAGE_MSG.mediaRequired;
    else {
      const rule = fileTypeRule("media", v.media.contentType);
      if (!rule) errors.media = unsupportedFileTypeMessage("media");
      // uploaded in encrypted chunks (docs/decisions/108): up to 2 GB
      else if (v.media.blob.size > CHUNKED_FILE_MAX_BYTES) errors.media = FILE_UPLOAD_MSG.tooLarge;
    }
  }
  if (v.deliveryChoice === "milestone") return { ...errors, ...milestoneErrors(v) };
  const delivery = deliveryOf(v);
  const field =
    v.deliveryChoice === "birthday"
      ? "birthDate"
      : v.deliveryChoice === "anniversary"
        ? "years"
        : "date";
  if (!delivery)
    errors[field] =
      v.deliveryChoice === "anniversary" ? MESSAGE_MSG.yearsInvalid : MESSAGE_MSG.dateInvalid;
  else if (delivery.when === "date") {
    const error = dateRangeError(delivery.date, today);
    if (error) errors[field] = error;
  } else if (
    delivery.when === "anniversary" &&
    (delivery.years < 1 || delivery.years > MESSAGE_MAX_YEARS)
  )
    errors.years = MESSAGE_MSG.yearsInvalid;
  return errors;
}

/** A milestone's description and confirmer, with the server's words. */
function milestoneErrors(v: MessageFormValues): MessageFormErrors {
  const errors: MessageFormErrors = {};
  const label = v.milestoneLabel.trim();
  if (!label) errors.milestoneLabel = MESSAGE_MSG.milestoneLabelRequired;
  else if (label.length > MESSAGE_LIMITS.milestoneLabel)
    errors.milestoneLabel = MESSAGE_MSG.milestoneLabelTooLong;
  if (!v.confirmer) errors.confirmer = MESSAGE_MSG.milestoneConfirmerInvalid;
  return errors;
}

/** The sealed content of the form's message; `keptMedia`: the saved recording's name and type. */
export const messageContentOf = (
  v: MessageFormValues,
  keptMedia: MessageContent["media"] = null,
): MessageContent => ({
  format: v.format,
  letter: v.format === "letter" ? v.letter : "",
  transcript: v.format === "letter" ? "" : v.transcript,
  occasion: v.occasion.trim(),
  media:
    v.format !== "letter" && v.media
      ? { name: v.media.name, type: v.media.contentType }
      : v.format !== "letter"
        ? keptMedia
        : null,
});
