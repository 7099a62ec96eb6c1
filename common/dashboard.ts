/** The signed-in owner's dashboard (spec 02 §2): how many recent items it lists. */
export const RECENT_ASSETS = 5;
