import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "paypal",
  name: "PayPal",
  toolName: "Deceased account closure by the executor",
  hasOwnerTool: false,
  whatItDoes:
    "PayPal accounts cannot be passed on: the executor or administrator of the estate asks PayPal to close the account, and the balance is paid to the estate.",
  ownerSteps: [
    "Write the e-mail address of your PayPal account in your vault, so your executor can name it.",
  ],
  officialUrl:
    "https://www.paypal.com/us/smarthelp/article/how-do-i-close-the-account-of-someone-who-has-passed-away-faq1694",
  executorSteps: [
    "Send PayPal a cover letter saying the account holder has died, with the account's e-mail address and what should happen to the balance.",
    "Attach the death certificate, the will or court document naming you as executor, and your own ID.",
    "PayPal closes the account and pays any balance to the estate.",
  ],
  executorUrl:
    "https://www.paypal.com/us/smarthelp/article/how-do-i-close-the-account-of-someone-who-has-passed-away-faq1694",
  sourceUrl:
    "https://www.paypal.com/us/smarthelp/article/how-do-i-close-the-account-of-someone-who-has-passed-away-faq1694",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
