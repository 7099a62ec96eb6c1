import type { PlaybookPlatform } from "./platform.js";

export default {
  id: "facebook",
  name: "Facebook",
  toolName: "Legacy contact",
  hasOwnerTool: true,
  whatItDoes:
    "Names someone who looks after your profile once it is memorialised (a pinned post, the profile picture, friend requests), or asks Facebook to delete your account after your death instead.",
  ownerSteps: [
    "In Facebook, open Settings & privacy, then Settings, then Accounts Center, Personal details, Account ownership and control.",
    "Choose Memorialisation, then your profile.",
    "Choose a legacy contact, or choose to have your account deleted after your death.",
  ],
  officialUrl: "https://www.facebook.com/help/1568013990080948",
  executorSteps: [
    "Ask Facebook to memorialise the profile with its memorialisation request form (a link to an obituary or the death certificate helps).",
    "To delete the account instead, an immediate family member or the executor sends the special request with proof of death and of their authority.",
    "If the owner named a legacy contact, that person manages the memorialised profile; they cannot read messages.",
  ],
  executorUrl: "https://www.facebook.com/help/contact/234739086860192",
  sourceUrl: "https://www.facebook.com/help/1568013990080948",
  checkedOn: "2026-12-03",
} satisfies PlaybookPlatform;
