import type { AssetView } from "@common/assets";

/**
 * For unit and component tests only: items as the web holds them, with fixed values for every
 * field a test does not name. One builder, so a new AssetView field is added here once.
 */

/** An item as GET /api/assets lists it: its title in clear, no key (nothing opens it). */
export const assetView = (over: Partial<AssetView> = {}): AssetView => ({
  id: crypto.randomUUID(),
  type: "password",
  title: "Bank",
  encryptedTitle: null,
  wrappedKey: "",
  beneficiaryEmails: [],
  roleGrants: [],
  isForLegalContact: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  releaseTriggered: false,
  releasedAt: null,
  isFavorite: false,
  lastUsedAt: null,
  files: [],
  ...over,
});

/**
 * An item once its title is opened: the shape of OpenedAssetView
 * (features/assets/titles/open-titles.ts), written out because testing/ imports no feature; the
 * type checker holds the two together wherever a test passes one for the other.
 */
export type OpenedAssetViewShape = Omit<AssetView, "title"> & {
  title: string;
  isTitleOpen: boolean;
};

/** An item with its title opened (`isTitleOpen` true unless a test says otherwise). */
export const openedAssetView = (
  over: Partial<OpenedAssetViewShape> = {},
): OpenedAssetViewShape => ({
  ...assetView(),
  title: "Bank",
  isTitleOpen: true,
  ...over,
});
