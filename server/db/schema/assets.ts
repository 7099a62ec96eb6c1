import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ASSET_TYPES } from "../../../common/assets.js";
import { ASSET_FILE_KINDS } from "../../../common/assets/files.js";
import { CHUNK_STORES } from "./storage.js";
import { bytea, createdAt, updatedAt } from "./columns.js";
import { user } from "./auth.js";

export const assets = pgTable(
  "assets",
  {
    /** Made by the browser (crypto.randomUUID): the content key is wrapped with the asset id as additional data. */
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type", { enum: ASSET_TYPES }).notNull(),
    /** The clear title of an item not moved over yet (docs/decisions/080); null once sealed. */
    title: text("title"),
    /**
     * 12-byte IV ‖ AES-GCM(content key, the title) ‖ tag, `asset-title:<asset id>` as additional
     * data (migration 0042, docs/decisions/080). Exactly one of title and encrypted_title is set.
     */
    encryptedTitle: bytea("encrypted_title"),
    /** 12-byte IV ‖ AES-GCM(data key, content key) with the asset id as additional data. */
    wrappedKey: bytea("wrapped_key").notNull(),
    /** 12-byte IV ‖ AES-GCM(content key, JSON of the small fields) ‖ tag. */
    encryptedData: bytea("encrypted_data").notNull(),
    releaseTriggered: boolean("release_triggered").notNull().default(false),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** The owner's favourite (migration 0028): lists show favourites first. */
    favorite: boolean("favorite").notNull().default(false),
    /** When the owner last copied from the item or opened it (migration 0028); never moves updated_at. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** A document the owner marks "for my legal contact" (decision 091, migration 0052). */
    isForLegalContact: boolean("is_for_legal_contact").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The asset as lists present it (presentAsset's JSON, with its files' kinds, types and sizes),
     * written by PostgreSQL's triggers on every change of the asset or its files (migration 0014,
     * docs/decisions/014-asset-list-entry.md). Never written by the server; the default only lets
     * an insert leave it out.
     */
    listEntry: text("list_entry").notNull().default(""),
  },
  (t) => [
    check(
      "assets_type_check",
      sql`${t.type} in ('password', 'document', 'note', 'estate', 'message', 'wishes')`,
    ),
    check("assets_title_one", sql`(${t.title} is null) <> (${t.encryptedTitle} is null)`),
    index("assets_user_updated_idx").on(t.userId, t.updatedAt.desc().nullsFirst()),
    index("assets_user_type_updated_idx").on(t.userId, t.type, t.updatedAt.desc().nullsFirst()),
    /** One final wishes item per owner (decision 097, migration 0057). */
    uniqueIndex("assets_one_wishes_idx")
      .on(t.userId)
      .where(sql`${t.type} = 'wishes'`),
  ],
);

/**
 * The people an item is left to (docs/decisions/053, migration 0036), one row per address, in the
 * owner's order, each with its beneficiary wrap of the item's content key (decision 032).
 */
export const assetBeneficiaries = pgTable(
  "asset_beneficiaries",
  {
    assetId: uuid("asset_id").notNull(),
    userId: text("user_id").notNull(),
    /** Lower-case, as beneficiary keys and release items store it. */
    email: text("email").notNull(),
    position: smallint("position").notNull(),
    /** The beneficiary key of this address the content key is wrapped with; null until the owner's browser wrapped it. */
    beneficiaryKeyId: uuid("beneficiary_key_id"),
    /** 12-byte IV ‖ AES-GCM(beneficiary key, content key), the asset id as additional data. */
    wrappedKey: bytea("wrapped_key"),
    /** The item named this address before beneficiary keys existed (migration 0022, carried by 0036; never set by the app). */
    namedBeforeKeys: boolean("named_before_keys").notNull().default(false),
    /** The item is left to this address (decision 053); false when only a role gives it (decision 091). */
    isLeft: boolean("is_left").notNull().default(true),
    /** The role that gives the item to this address, if any: executor (estate entries) or legal contact (marked documents). */
    role: text("role", { enum: ["executor", "legal_contact"] }),
    /**
     * What the person may receive (decision 098): the content, or only that the item exists
     * ("catalogue": no wrap, ever; the title sealed for them in catalogueTitle).
     */
    access: text("access", { enum: ["content", "catalogue"] })
      .notNull()
      .default("content"),
    /** 12-byte IV ‖ AES-GCM(beneficiary key, JSON {"title"}), "asset-catalogue:<asset id>" as additional data. */
    catalogueTitle: bytea("catalogue_title"),
  },
  (t) => [
    primaryKey({ name: "asset_beneficiaries_pk", columns: [t.assetId, t.email] }),
    foreignKey({
      columns: [t.assetId, t.userId],
      foreignColumns: [assets.id, assets.userId],
    }).onDelete("cascade"),
    index("asset_beneficiaries_user_email_idx").on(t.userId, t.email),
  ],
);

/** An asset's encrypted files (IV ‖ ciphertext ‖ tag), one per kind. */
export const assetFiles = pgTable(
  "asset_files",
  {
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    /** The plaintext's declared type (checked against the spec's table); the bytes are ciphertext. */
    contentType: text("content_type").notNull(),
    /** Ciphertext bytes (plaintext + 28). */
    size: integer("size").notNull(),
    createdAt: createdAt(),
    /** Set: the bytes are in the object store under this opaque id; null: in asset_file_chunks (migration 0051). */
    blobId: uuid("blob_id"),
    /** Set: uploaded in encrypted chunks, stored under blobId in this store (migration 0065, decision 108). */
    chunkedIn: text("chunked_in", { enum: CHUNK_STORES }),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.kind] }),
    check(
      "asset_files_kind_check",
      sql`${t.kind} in ('document', 'recording', 'attachment', 'media')`,
    ),
  ],
);

/**
 * A file's ciphertext in pieces of at most 1 MiB, in order (migration 0015): no statement carries
 * a whole 10 MB file, so neither the driver nor PGlite's WebAssembly heap holds several copies of
 * one (issue 4: memory during 4 concurrent 10 MB uploads; docs/decisions/015-file-chunks.md).
 */
export const assetFileChunks = pgTable(
  "asset_file_chunks",
  {
    assetId: uuid("asset_id").notNull(),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.kind, t.seq] }),
    foreignKey({
      columns: [t.assetId, t.kind],
      foreignColumns: [assetFiles.assetId, assetFiles.kind],
    }).onDelete("cascade"),
  ],
);

/**
 * A file's earlier versions (migration 0033, docs/decisions/049-document-versions.md): replacing
 * a document's file copies the current one here first; the current file stays in asset_files.
 */
export const assetFileVersions = pgTable(
  "asset_file_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    contentType: text("content_type").notNull(),
    /** Ciphertext bytes (plaintext + 28). */
    size: integer("size").notNull(),
    /** When this version was uploaded (the file's created_at then). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
    /** As asset_files.blob_id: set, the bytes are in the object store; null, in asset_file_version_chunks. */
    blobId: uuid("blob_id"),
    /** As asset_files.chunked_in. */
    chunkedIn: text("chunked_in", { enum: CHUNK_STORES }),
  },
  (t) => [
    check(
      "asset_file_versions_kind_check",
      sql`${t.kind} in ('document', 'recording', 'attachment', 'media')`,
    ),
    index("asset_file_versions_asset_idx").on(t.assetId, t.kind, t.createdAt),
  ],
);

/** An earlier version's ciphertext in pieces of at most 1 MiB, in order (as asset_file_chunks). */
export const assetFileVersionChunks = pgTable(
  "asset_file_version_chunks",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => assetFileVersions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.seq] })],
);

/**
 * An upload in encrypted chunks in progress (migration 0065, docs/decisions/108): its id is its
 * blob's id, and it lives as long as the blob's claim in stored_blob_sweeps.
 */
export const assetFileUploads = pgTable(
  "asset_file_uploads",
  {
    id: uuid("id").primaryKey(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    /** The plaintext's declared type. */
    contentType: text("content_type").notNull(),
    /** Plaintext bytes. */
    size: integer("size").notNull(),
    chunkCount: integer("chunk_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("asset_file_uploads_asset_idx").on(t.assetId)],
);
