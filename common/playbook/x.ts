import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "x",
  name: "X (Twitter)",
  toolName: "Deactivation request (no setting to choose ahead)",
  hasOwnerTool: false,
  whatItDoes:
    "X has no legacy contact and gives no one access: a family member or someone authorised to act for the estate can ask for the account to be deactivated.",
  ownerSteps: [
    "Write your X username in your vault, and anything you want saved from it (download your archive from the settings now if it matters).",
  ],
  officialUrl:
    "https://help.x.com/en/rules-and-policies/contact-x-about-a-deceased-family-members-account",
  executorSteps: [
    "Send X's request to deactivate a deceased user's account with the username.",
    "X then asks by e-mail for the death certificate and a copy of your ID.",
  ],
  executorUrl:
    "https://help.x.com/en/rules-and-policies/contact-x-about-a-deceased-family-members-account",
  sourceUrl:
    "https://help.x.com/en/rules-and-policies/contact-x-about-a-deceased-family-members-account",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
