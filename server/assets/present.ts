import type {
  AssetContentView,
  AssetType,
  AssetView,
  AssetWithContentView,
  RoleGrantView,
} from "../../common/assets.js";
import type {
  AssetFileKind,
  AssetFileVersionsView,
  AssetFileView,
} from "../../common/assets/files.js";

type AssetMeta = {
  id: string;
  type: AssetType;
  title: string | null;
  encryptedTitle: Buffer | null;
  wrappedKey: Buffer;
  beneficiaryEmails: string[];
  roleGrants: RoleGrantView[];
  catalogueEmails?: string[];
  isForLegalContact: boolean;
  releaseTriggered: boolean;
  releasedAt: Date | string | null;
  favorite: boolean;
  lastUsedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};
/** `chunkedIn` set: uploaded in encrypted chunks (decision 108). */
export type FileMeta = {
  kind: AssetFileKind;
  contentType: string;
  size: number;
  chunkedIn: string | null;
};

/** Rows give Dates, list JSON gives PostgreSQL's timestamp text: both become the same ISO string. */
const iso = (d: Date | string) => new Date(d).toISOString();

export const presentFile = (f: FileMeta): AssetFileView => ({
  kind: f.kind,
  contentType: f.contentType,
  size: f.size,
  isChunked: f.chunkedIn !== null,
});

/**
 * What lists show (docs/decisions/080): the title, sealed (or clear until moved over), with the
 * wrapped content key that opens it, and the fields kept in clear; no content.
 */
export const presentAsset = ({ row, files }: { row: AssetMeta; files: FileMeta[] }): AssetView => ({
  id: row.id,
  type: row.type,
  title: row.title,
  encryptedTitle: row.encryptedTitle?.toString("base64") ?? null,
  wrappedKey: row.wrappedKey.toString("base64"),
  beneficiaryEmails: row.beneficiaryEmails,
  roleGrants: row.roleGrants,
  catalogueEmails: row.catalogueEmails ?? [],
  isForLegalContact: row.isForLegalContact,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  releaseTriggered: row.releaseTriggered,
  releasedAt: row.releasedAt === null ? null : iso(row.releasedAt),
  isFavorite: row.favorite,
  lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
  files: files.map(presentFile),
});

/** An asset's content for its owner's browser to open: the wrapped content key and the ciphertext, in base64. */
export const presentAssetContent = (c: {
  id: string;
  wrappedKey: Buffer;
  encryptedData: Buffer;
}): AssetContentView => ({
  id: c.id,
  wrappedKey: c.wrappedKey.toString("base64"),
  encryptedData: c.encryptedData.toString("base64"),
});

/** One asset for its owner's browser: the metadata plus the ciphertext, in base64. */
export const presentAssetWithContent = (a: {
  row: AssetMeta;
  files: FileMeta[];
  content: { encryptedData: Buffer };
}): AssetWithContentView => ({
  ...presentAsset(a),
  encryptedData: a.content.encryptedData.toString("base64"),
});

type VersionMeta = {
  contentType: string;
  size: number;
  chunkedIn: string | null;
  createdAt: Date | string;
};

/** A file's versions: the current one first (no version id: it is the file itself), then the earlier ones. */
export const presentFileVersions = ({
  current,
  earlier,
}: {
  current: VersionMeta | null;
  earlier: (VersionMeta & { versionId: string })[];
}): AssetFileVersionsView => ({
  versions: [
    ...(current ? [{ ...current, versionId: null, isCurrent: true }] : []),
    ...earlier.map((v) => ({ ...v, isCurrent: false })),
  ].map((v) => ({
    versionId: v.versionId,
    isCurrent: v.isCurrent,
    contentType: v.contentType,
    size: v.size,
    isChunked: v.chunkedIn !== null,
    createdAt: iso(v.createdAt),
  })),
});
