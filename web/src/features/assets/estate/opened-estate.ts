import {
  ESTATE_ACTIONS,
  ESTATE_CATEGORIES,
  ESTATE_NO_ACTION,
  openedEstateSchema,
  type EstateContent,
  type OpenedEstateContent,
} from "@common/assets/estate";

/**
 * An entry's content as opened: read leniently (openedEstateSchema), so a damaged or later field
 * shows as empty rather than breaking the list.
 */
export function openedEstate(content: EstateContent | unknown): OpenedEstateContent {
  const read = openedEstateSchema.safeParse(content);
  return read.success ? read.data : openedEstateSchema.parse({});
}

/** The section an entry is listed and printed under; entries of no known kind go under "Other". */
export const OTHER_SECTION = "Other";
export const sectionOf = (c: OpenedEstateContent) =>
  c.category ? ESTATE_CATEGORIES[c.category] : OTHER_SECTION;

export const actionWords = (c: OpenedEstateContent) =>
  c.action ? ESTATE_ACTIONS[c.action] : ESTATE_NO_ACTION;
