import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "linkedin",
  name: "LinkedIn",
  toolName: "Deceased member request (no setting to choose ahead)",
  hasOwnerTool: false,
  whatItDoes:
    "Anyone can report a member's death and LinkedIn memorialises the profile; only someone with the court's authority over the estate can have the account closed.",
  ownerSteps: [
    "Write your LinkedIn profile's address and e-mail in your vault, and say whether you want it memorialised or closed.",
  ],
  officialUrl: "https://www.linkedin.com/help/linkedin/answer/124752",
  executorSteps: [
    "Send LinkedIn's deceased member request with the profile link, the member's e-mail, the date of death and a link to an obituary.",
    "To close the account, attach the court's letters of administration or testamentary: a will alone is not accepted.",
  ],
  executorUrl: "https://www.linkedin.com/help/linkedin/answer/124752",
  sourceUrl: "https://www.linkedin.com/help/linkedin/answer/124752",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
