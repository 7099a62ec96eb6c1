-- Files uploaded in encrypted chunks, resumable, up to 2 GB (issue 37 item 4,
-- docs/decisions/108-chunked-uploads.md). A file row whose chunked_in is set holds a file
-- encrypted chunk by chunk (each chunk's index and the upload's id bound into its AES-GCM), its
-- chunks under blob_id in that store: 'postgres' (stored_blob_chunks below) or 's3' (the bucket
-- of decision 090). Null keeps today's meaning: one AES-GCM body, in the database's pieces or in
-- the bucket. Existing rows are untouched.
ALTER TABLE "asset_files" ADD COLUMN "chunked_in" text;
--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_chunked_in_check"
  CHECK ("chunked_in" IS NULL OR ("chunked_in" IN ('postgres', 's3') AND "blob_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "asset_file_versions" ADD COLUMN "chunked_in" text;
--> statement-breakpoint
ALTER TABLE "asset_file_versions" ADD CONSTRAINT "asset_file_versions_chunked_in_check"
  CHECK ("chunked_in" IS NULL OR ("chunked_in" IN ('postgres', 's3') AND "blob_id" IS NOT NULL));
--> statement-breakpoint
GRANT UPDATE (chunked_in) ON asset_files TO lv_app;
--> statement-breakpoint
-- The database's blob store (decision 090's BlobStore by id and chunk): one row per chunk. As
-- stored_blob_sweeps, no grant and no policy for lv_app: the server reaches it as its own role,
-- only after the request's access check on the file or upload that names the blob (as for the
-- bucket, which has no row-level security either).
CREATE TABLE "stored_blob_chunks" (
	"blob_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_blob_chunks_pk" PRIMARY KEY ("blob_id", "idx")
);
--> statement-breakpoint
ALTER TABLE "stored_blob_chunks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- An upload in progress. Its id is its blob's id, and it lives exactly as long as the blob's
-- claim (stored_blob_sweeps): the file row that takes the blob takes the claim away (the trigger
-- of 0051) and this row with it; the sweep that deletes an abandoned upload's chunks deletes
-- the claim and this row with it; an item's deletion takes it by its own cascade.
CREATE TABLE "asset_file_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_file_uploads_kind_check" CHECK ("kind" in ('document', 'attachment', 'media'))
);
--> statement-breakpoint
ALTER TABLE "asset_file_uploads" ADD CONSTRAINT "asset_file_uploads_id_fk" FOREIGN KEY ("id") REFERENCES "public"."stored_blob_sweeps"("blob_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "asset_file_uploads" ADD CONSTRAINT "asset_file_uploads_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "asset_file_uploads_asset_idx" ON "asset_file_uploads" ("asset_id");
--> statement-breakpoint
-- As asset_files (0007): the owner's own, through their asset; no firm role, no other role.
GRANT SELECT, INSERT, DELETE ON asset_file_uploads TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_file_uploads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY asset_file_uploads_owner ON asset_file_uploads FOR ALL TO lv_app
  USING (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())))
  WITH CHECK (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
