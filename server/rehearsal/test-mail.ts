import type { Mail } from "../mail/templates.js";
import { escapeHtml } from "../mail/templates.js";

/** Every address of the app in a message: in text up to a space, in HTML up to a quote or a tag. */
const linksOf = (appUrl: string) =>
  new RegExp(`${appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<]*`, "g");

/**
 * A real release e-mail made into a test (docs/decisions/083): to the owner's own address,
 * "[Test] " before its subject, a first line saying it is a test and who would have received it,
 * and every link pointing at the owner's release plan instead (the words are the real ones; no
 * link in it opens anything or carries a token).
 */
export function asTestMail(
  mail: Mail,
  { appUrl, owner, wouldGoTo }: { appUrl: string; owner: string; wouldGoTo: string },
): Mail {
  const planUrl = `${appUrl}/release`;
  const intro = `This is a test run of your Legacy Vault release plan: nothing was released and nothing changed. In a real release this e-mail would go to ${wouldGoTo}. Its links are examples: each opens your release plan.`;
  const links = linksOf(appUrl);
  return {
    template: `test-${mail.template}`,
    to: owner,
    subject: `[Test] ${mail.subject}`,
    expiresAt: null,
    text: `${intro}\n\n---\n\n${mail.text.replace(links, planUrl)}`,
    html: mail.html
      .replace(links, escapeHtml(planUrl))
      .replace(
        "<body",
        `<body><p style="padding:8px;border:2px solid #b45309"><strong>${escapeHtml(intro)}</strong></p><div`,
      )
      .replace("</body>", "</div></body>"),
  };
}
