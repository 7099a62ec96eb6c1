/** The portal's one route; an open item is a search parameter, so Back closes it. */
export const LEGACY_PATH = "/legacy";
export const legacyItemPath = (id: string) => `${LEGACY_PATH}?item=${encodeURIComponent(id)}`;
/** A caregiver's item (decision 093), read-only. */
export const careItemPath = (id: string) => `${LEGACY_PATH}?care=${encodeURIComponent(id)}`;
/** Final wishes opened at a confirmed death, before the release (decision 097), read-only. */
export const earlyWishesPath = (id: string) => `${LEGACY_PATH}?wishes=${encodeURIComponent(id)}`;
