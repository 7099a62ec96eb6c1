import { fillReminder, missingStepLines, type PlanChecks } from "../../common/reminders.js";
import { composeMail, type Mail, type MailBrand } from "../mail/templates.js";

/**
 * A reminder to a client whose plan is incomplete (decision 100): the firm's template filled in
 * (plain text, escaped in the HTML part), what is missing in yes/no words only, and a one-click
 * link to stop reminders that the firm's text cannot remove.
 */
export function reminderMail(head: {
  appUrl: string;
  to: string;
  clientName: string;
  template: { subject: string; body: string };
  plan: PlanChecks;
  optOutToken: string;
  brand: MailBrand;
}): Mail {
  const { appUrl, to, template, brand } = head;
  const link = `${appUrl}/dashboard`;
  const values = {
    client_name: head.clientName,
    firm_name: brand.firmName,
    missing_steps: missingStepLines(head.plan),
    link,
  };
  const optOut = `${appUrl}/reminders/opt-out?token=${encodeURIComponent(head.optOutToken)}`;
  const paragraphs = fillReminder(template.body, values)
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return composeMail(
    {
      template: "client-reminder",
      to,
      // one line, whatever a name holds
      subject: fillReminder(template.subject, values).replace(/[\r\n]+/g, " "),
      expiresAt: null,
    },
    [
      ...paragraphs.map((text) => ({ text })),
      { link, label: "Finish your plan" },
      {
        text: `You get this reminder at most once a month because ${brand.firmName} acts for you and your plan is not finished. To stop these reminders, open this link (no sign-in needed):`,
      },
      { link: optOut, label: "Stop these reminders" },
    ],
    brand,
  );
}
