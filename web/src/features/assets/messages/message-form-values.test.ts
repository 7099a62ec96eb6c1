import { CHUNKED_FILE_MAX_BYTES, FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import { describe, expect, it } from "vitest";
import { MESSAGE_MSG } from "@common/messages";
import {
  deliveryOf,
  messageContentOf,
  messageFormDefaults,
  messageFormErrors,
  valuesOfMessage,
} from "./message-form-values";

const today = new Date("2026-12-03T10:00:00Z");
const base = {
  ...messageFormDefaults,
  title: "For Emma",
  recipients: ["emma@example.com"],
  letter: "Dear Emma",
};

describe("the message form's rules", () => {
  it("computes 'when Emma turns 18' from her birth date", () => {
    expect(
      deliveryOf({ ...base, deliveryChoice: "birthday", birthDate: "2012-02-29", age: "18" }),
    ).toEqual({
      when: "date",
      date: "2030-02-28",
    });
  });

  it("asks for recipients, a letter or a recording, and a date ahead within 25 years", () => {
    expect(messageFormErrors(base, today)).toEqual({});
    expect(messageFormErrors({ ...messageFormDefaults }, today)).toMatchObject({
      recipients: MESSAGE_MSG.recipientsRequired,
      letter: MESSAGE_MSG.letterRequired,
    });
    expect(messageFormErrors({ ...base, format: "video" }, today).media).toBe(
      MESSAGE_MSG.mediaRequired,
    );
    expect(
      messageFormErrors({ ...base, deliveryChoice: "date", date: "2026-12-03" }, today).date,
    ).toBe(MESSAGE_MSG.dateNotAhead);
    expect(
      messageFormErrors(
        { ...base, deliveryChoice: "birthday", birthDate: "1990-01-01", age: "80" },
        today,
      ).birthDate,
    ).toBe(MESSAGE_MSG.dateTooFar);
    expect(
      messageFormErrors({ ...base, deliveryChoice: "anniversary", years: "26" }, today).years,
    ).toBe(MESSAGE_MSG.yearsInvalid);
    const video = { blob: new Blob(["x"]), contentType: "video/x-msvideo", name: "a.avi" };
    expect(messageFormErrors({ ...base, format: "video", media: video }, today).media).toMatch(
      /Unsupported/,
    );
    // sent in encrypted chunks: past the spec's old 100 MB, up to 2 GB
    const sized = (size: number) => {
      const blob = new Blob(["x"]);
      Object.defineProperty(blob, "size", { value: size });
      return { blob, contentType: "video/webm", name: "a.webm" };
    };
    const mediaError = (size: number) =>
      messageFormErrors({ ...base, format: "video", media: sized(size) }, today).media;
    expect(mediaError(100 * 1024 * 1024 + 1)).toBeUndefined();
    expect(mediaError(CHUNKED_FILE_MAX_BYTES)).toBeUndefined();
    expect(mediaError(CHUNKED_FILE_MAX_BYTES + 1)).toBe(FILE_UPLOAD_MSG.tooLarge);
  });

  it("a milestone: its description trimmed and its confirmer, back and forth (decision 109)", () => {
    const letter = { format: "letter" as const, letter: "Dear Emma", transcript: "", occasion: "" };
    const values = valuesOfMessage({
      title: "For Emma",
      recipients: ["emma@example.com"],
      content: { ...letter, media: null },
      delivery: { when: "milestone", label: "Emma's wedding day", confirmer: "firm" },
    });
    expect(values).toMatchObject({ deliveryChoice: "milestone", confirmer: "firm" });
    expect(messageFormErrors(values, today)).toEqual({});
    expect(deliveryOf({ ...values, milestoneLabel: "  Her wedding  " })).toEqual({
      when: "milestone",
      label: "Her wedding",
      confirmer: "firm",
    });
    expect(messageFormErrors({ ...values, milestoneLabel: " ", confirmer: "" }, today)).toEqual({
      milestoneLabel: MESSAGE_MSG.milestoneLabelRequired,
      confirmer: MESSAGE_MSG.milestoneConfirmerInvalid,
    });
    expect(messageFormErrors({ ...values, milestoneLabel: "x".repeat(121) }, today)).toEqual({
      milestoneLabel: MESSAGE_MSG.milestoneLabelTooLong,
    });
  });

  it("gives a saved message back to the form, its day as the form asks for it, and keeps its recording", () => {
    const video = {
      format: "video" as const,
      letter: "",
      transcript: "Hello Emma",
      occasion: "Your wedding",
      media: { name: "wedding.mp4", type: "video/mp4" },
    };
    const values = valuesOfMessage({
      title: "For Emma",
      recipients: ["emma@example.com"],
      content: video,
      delivery: { when: "anniversary", years: 3 },
    });
    expect(values).toMatchObject({ format: "video", deliveryChoice: "anniversary", years: "3" });
    expect(deliveryOf(values)).toEqual({ when: "anniversary", years: 3 });
    // the recording is not in the form: a saved one is not asked for again, and stays named
    expect(messageFormErrors(values, today).media).toBe(MESSAGE_MSG.mediaRequired);
    expect(messageFormErrors(values, today, { keepsMedia: true })).toEqual({});
    expect(messageContentOf(values, video.media)).toEqual(video);
    const dated = valuesOfMessage({
      title: "For Emma",
      recipients: [],
      content: { ...video, format: "letter", letter: "Dear Emma", media: null },
      delivery: { when: "date", date: "2030-02-28" },
    });
    expect(deliveryOf(dated)).toEqual({ when: "date", date: "2030-02-28" });
  });
});
