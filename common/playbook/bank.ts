import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "bank",
  name: "Your bank",
  toolName: "The bank's bereavement service",
  hasOwnerTool: false,
  whatItDoes:
    "Banks freeze accounts in the deceased's sole name once told, then release the money to the executor. Joint accounts usually pass to the other holder. In the UK, one notification through the Death Notification Service reaches many banks at once.",
  ownerSteps: [
    "List each bank account (bank, sort code or routing number, account number) in your vault, with who should be told.",
    "Ask your bank whether it lets you name a payable-on-death beneficiary or add a joint holder, if that is what you want.",
  ],
  officialUrl: "https://www.deathnotificationservice.co.uk/",
  executorSteps: [
    "Tell each bank of the death (its bereavement team, or the Death Notification Service in the UK); the accounts are frozen and direct debits stop.",
    "Send the death certificate and, for larger balances, the grant of probate or letters of administration.",
    "Ask for the balance at the date of death for the estate's accounts, then have the money paid to the estate account.",
  ],
  executorUrl: "https://www.deathnotificationservice.co.uk/",
  sourceUrl: "https://www.deathnotificationservice.co.uk/",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
