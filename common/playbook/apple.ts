import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "apple",
  name: "Apple",
  toolName: "Legacy Contact",
  hasOwnerTool: true,
  whatItDoes:
    "Lets people you choose ask Apple for the data in your Apple Account (photos, messages, notes, files, backups) after your death, with an access key you give them. Purchased films, music and the passwords in your Keychain are not included.",
  ownerSteps: [
    "On your iPhone, iPad or Mac, open Settings, tap your name, then Sign-In & Security.",
    "Choose Legacy Contact, then Add Legacy Contact, and pick the person.",
    "Share the access key with them (by message, or print it) and keep a copy with your will.",
  ],
  officialUrl: "https://support.apple.com/en-us/102631",
  executorSteps: [
    "If you are a Legacy Contact, request access at digital-legacy.apple.com with the access key and the death certificate.",
    "Without an access key, Apple asks for a court order naming you as the person entitled to the data.",
    "Once approved, the Legacy Contact has three years to download the data; the account is then deleted.",
  ],
  executorUrl: "https://support.apple.com/en-us/102431",
  sourceUrl: "https://support.apple.com/en-us/102631",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
