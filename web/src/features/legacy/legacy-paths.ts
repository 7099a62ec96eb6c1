/** The portal's one route; an open item is a search parameter, so Back closes it. */
export const LEGACY_PATH = "/legacy";
export const legacyItemPath = (id: string) => `${LEGACY_PATH}?item=${encodeURIComponent(id)}`;
