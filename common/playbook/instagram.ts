import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "instagram",
  name: "Instagram",
  toolName: "Memorialisation (no setting to choose ahead)",
  hasOwnerTool: false,
  whatItDoes:
    "Instagram has no legacy contact: after a death, family or friends ask for the account to be memorialised, or immediate family ask for it to be removed.",
  ownerSteps: [
    "Write your Instagram username in your vault, and say whether you want the account memorialised or removed.",
  ],
  officialUrl: "https://help.instagram.com/264154560391256",
  executorSteps: [
    "To memorialise the account, send Instagram's request with proof of death, such as a link to an obituary.",
    "To remove it, immediate family send the removal request with the death certificate and proof that they are family or the executor.",
  ],
  executorUrl: "https://help.instagram.com/264154560391256",
  sourceUrl: "https://help.instagram.com/264154560391256",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
