import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "google",
  name: "Google",
  toolName: "Inactive Account Manager",
  hasOwnerTool: true,
  whatItDoes:
    "Chooses up to 10 people Google tells, and what it shares with them (Gmail, Drive, Photos), when you have not used your account for a time you pick; it can also delete the account.",
  ownerSteps: [
    "Sign in to your Google Account and open the Inactive Account Manager.",
    "Choose how long Google waits (3 to 18 months) and how it reaches you first.",
    "Add the people to tell, and tick what each of them may download.",
    "Decide whether Google deletes the account afterwards, then save.",
  ],
  officialUrl: "https://support.google.com/accounts/answer/3036546",
  executorSteps: [
    "If the owner set up Inactive Account Manager, the people they chose receive an e-mail from Google with a download link once the waiting time ends: check with them first.",
    "Otherwise use Google's request for a deceased user's account: you can ask to close the account, for funds, or for data.",
    "Have ready the death certificate, your own ID and the Gmail address; a court order may be needed for data.",
  ],
  executorUrl: "https://support.google.com/accounts/troubleshooter/6357590",
  sourceUrl: "https://support.google.com/accounts/answer/3036546",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
