import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "amazon",
  name: "Amazon",
  toolName: "Closure through customer service (no setting to choose ahead)",
  hasOwnerTool: false,
  whatItDoes:
    "Amazon has no legacy setting, and bought books, music and films cannot be passed on. Customer service closes the account of a customer who has died; Amazon Household can share some benefits with another adult while you are alive.",
  ownerSteps: [
    "Write your Amazon account's e-mail in your vault, with any Prime or Kindle subscriptions to cancel.",
  ],
  officialUrl: "https://www.amazon.com/gp/help/customer/contact-us",
  executorSteps: [
    "Contact Amazon customer service, say the account holder has died, and give the account's e-mail address.",
    "Send the death certificate when asked; cancel Prime and other subscriptions first if you can sign in.",
    "Closing is permanent: download invoices and photos (Amazon Photos) before you ask.",
  ],
  executorUrl: "https://www.amazon.com/gp/help/customer/contact-us",
  sourceUrl: "https://www.amazon.com/gp/help/customer/contact-us",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
