import { composeMail, type Mail } from "../mail/templates.js";

/** notify-beneficiary (spec 02 §7): who named them, and nothing of the vault's content. */
export function beneficiaryNamedMail(
  appUrl: string,
  { to, beneficiaryName, ownerName }: { to: string; beneficiaryName: string; ownerName: string },
): Mail {
  return composeMail(
    {
      template: "beneficiary-named",
      to,
      subject: `${ownerName} named you as a beneficiary on Legacy Vault`,
      expiresAt: null,
    },
    [
      { text: `Hello ${beneficiaryName},` },
      {
        text: `${ownerName} has named you as a beneficiary in their Legacy Vault, a secure place where people keep what their loved ones will need one day.`,
      },
      {
        text: "There is nothing you need to do now. If anything is ever released to you, you will receive another e-mail explaining how to access it.",
      },
      { link: appUrl, label: "About Legacy Vault" },
      { text: "If you do not know this person, you can ignore this message." },
    ],
  );
}
