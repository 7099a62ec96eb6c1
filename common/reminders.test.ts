import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_BODY,
  DEFAULT_REMINDER_SUBJECT,
  fillReminder,
  missingStepLines,
  previewValues,
  reminderTemplateSchema,
  unknownPlaceholders,
} from "./reminders.js";

const ALL_DONE = {
  hasReleasePlan: true,
  hasBeneficiaries: true,
  areKeysHandedOver: true,
  areVerifiersAccepted: true,
  hasRecoveryKit: true,
};

describe("reminder templates", () => {
  it("fills every placeholder, leaves other braces alone and keeps text as text", () => {
    const values = previewValues("Hale & Co", "https://app.example");
    const out = fillReminder("{client_name} of {firm_name}: {link} {x} <b>", values);
    expect(out).toBe("Alex Example of Hale & Co: https://app.example/ {x} <b>");
  });

  it("a name holding a placeholder is not filled twice", () => {
    const values = { ...previewValues("F", "u"), client_name: "{link}" };
    expect(fillReminder("{client_name}", values)).toBe("{link}");
  });

  it("names the steps not done in yes/no words only", () => {
    expect(missingStepLines(ALL_DONE)).toBe("");
    expect(missingStepLines({ ...ALL_DONE, hasRecoveryKit: false, hasReleasePlan: false })).toBe(
      "- Release plan set: no\n- Recovery kit saved: no",
    );
  });

  it("finds unknown placeholders; the default template has none and passes the schema", () => {
    expect(unknownPlaceholders("{client_name} {name} {} {missing_steps}")).toEqual(["name", ""]);
    expect(
      reminderTemplateSchema.safeParse({
        subject: DEFAULT_REMINDER_SUBJECT,
        body: DEFAULT_REMINDER_BODY,
        isMonthly: false,
      }).success,
    ).toBe(true);
  });
});
