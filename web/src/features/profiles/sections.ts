import { PROFILE_PATHS, type ProfileSection } from "@common/profiles";
import type { Role } from "@common/app";

/** The profile's sections in the order the section navigation lists them (decision 074). */
export const PROFILE_SECTIONS: readonly { section: ProfileSection; label: string }[] = [
  { section: "account", label: "Account" },
  { section: "security", label: "Sign-in and security" },
  { section: "keys", label: "Keys and recovery" },
  { section: "data", label: "Your data" },
  { section: "firm", label: "Your firm" },
];

/** The sections `role` has: "Your firm" is a client's (joining or leaving a firm); staff and admins manage their firm elsewhere. */
export const sectionsFor = (role: Role) =>
  PROFILE_SECTIONS.filter(({ section }) => section !== "firm" || role === "regular_user");

/**
 * The cards that links and e-mails written before the sections named by their anchor
 * (/profile#passkeys), and the section that now holds each.
 */
const OLD_ANCHORS = new Map<string, ProfileSection>([
  ["passkeys", "security"],
  ["sessions", "security"],
  ["sign-in-protection", "security"],
  ["delete-account", "data"],
]);

/**
 * Where /profile sends a visitor: to the section that holds the card its anchor names, keeping
 * the anchor and the query; to the first section otherwise.
 */
export function profileSectionFor({ search, hash }: { search: string; hash: string }): {
  pathname: string;
  search: string;
  hash: string;
} {
  const section = OLD_ANCHORS.get(hash.replace(/^#/, ""));
  return section
    ? { pathname: PROFILE_PATHS[section], search, hash }
    : { pathname: PROFILE_PATHS.account, search, hash: "" };
}

/** The section at `pathname` when `role` has it; otherwise undefined (the screen then goes to the first). */
export function sectionAt(pathname: string, role: Role): ProfileSection | undefined {
  const path = pathname.replace(/\/+$/, "");
  return sectionsFor(role).find(({ section }) => PROFILE_PATHS[section] === path)?.section;
}
