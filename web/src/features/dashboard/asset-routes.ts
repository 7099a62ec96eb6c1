import type { AssetType } from "@common/assets";

/** Where each asset type lives in the app (spec 02 §2). */
export const ASSET_ROUTES: Record<AssetType, { list: string; label: string; plural: string }> = {
  password: { list: "/vault", label: "Password", plural: "Passwords" },
  document: { list: "/documents", label: "Document", plural: "Documents" },
  note: { list: "/notes", label: "Note", plural: "Notes" },
  estate: { list: "/estate", label: "Inventory entry", plural: "Estate inventory" },
  message: { list: "/messages", label: "Message", plural: "Messages for later" },
  wishes: { list: "/wishes", label: "Final wishes", plural: "Final wishes" },
};

export const assetDetailPath = (type: AssetType, id: string) =>
  `${ASSET_ROUTES[type].list}/${encodeURIComponent(id)}`;
