import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "microsoft",
  name: "Microsoft",
  toolName: "No legacy setting: the account closes after 2 years unused",
  hasOwnerTool: false,
  whatItDoes:
    "Microsoft (Outlook, Hotmail, OneDrive, Xbox, Microsoft 365) has no way to name someone ahead. Outlook.com and OneDrive are frozen after a year unused and their content deleted soon after; without the password, content is released only under a court order, if at all.",
  ownerSteps: [
    "Keep your Microsoft account's address and password in your vault, so your executor can download what matters and close it.",
    "Move photos and files you want kept out of OneDrive, or leave them to someone in your vault.",
  ],
  officialUrl:
    "https://support.microsoft.com/en-us/account-billing/accessing-outlook-com-onedrive-and-other-microsoft-services-when-someone-has-died-ebbd2860-917e-4b39-9913-212362da6b2f",
  executorSteps: [
    "With the sign-in details, download what the family wants to keep, cancel subscriptions, then close the account from its settings.",
    "Without them, cancel the card or bank payments to Microsoft; the account closes itself after two years unused.",
    "For the content, take legal advice: Microsoft considers only a court order or subpoena, and may still refuse.",
  ],
  executorUrl:
    "https://support.microsoft.com/en-us/account-billing/accessing-outlook-com-onedrive-and-other-microsoft-services-when-someone-has-died-ebbd2860-917e-4b39-9913-212362da6b2f",
  sourceUrl:
    "https://support.microsoft.com/en-us/account-billing/accessing-outlook-com-onedrive-and-other-microsoft-services-when-someone-has-died-ebbd2860-917e-4b39-9913-212362da6b2f",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
