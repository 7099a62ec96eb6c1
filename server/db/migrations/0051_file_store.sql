-- Files' ciphertext in an S3-compatible object store as well as in PostgreSQL (issue 37 item 5,
-- docs/decisions/090-file-store.md). A file row whose blob_id is null keeps its bytes in the
-- database (asset_file_chunks, asset_file_version_chunks) as before; one whose blob_id is set
-- keeps them in the object store under that opaque id. Existing rows are untouched.
ALTER TABLE "asset_files" ADD COLUMN "blob_id" uuid;
--> statement-breakpoint
ALTER TABLE "asset_file_versions" ADD COLUMN "blob_id" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "asset_files_blob_idx" ON "asset_files" ("blob_id") WHERE "blob_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "asset_file_versions_blob_idx" ON "asset_file_versions" ("blob_id") WHERE "blob_id" IS NOT NULL;
--> statement-breakpoint
-- The owner's upload replaces the file's store with its own (lv_app wrote content_type and size already).
GRANT UPDATE (blob_id) ON asset_files TO lv_app;
--> statement-breakpoint
-- Objects to delete from the object store once due. An upload writes its row (due a day later)
-- before its first object, and the row that comes to reference the blob takes it away; a file
-- row that lets go of its blob (deleted by the owner, by a cascade from the item or the account,
-- replaced, a version past the ten kept) puts it back, due now. So a crash between the objects
-- and the commit leaves nothing behind for long, and no path that deletes a file forgets its objects.
CREATE TABLE "stored_blob_sweeps" (
	"blob_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_blob_sweeps_due_idx" ON "stored_blob_sweeps" ("due_at");
--> statement-breakpoint
-- No grant and no policy: lv_app never reads or writes it; the triggers below do, as its owner.
ALTER TABLE "stored_blob_sweeps" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stored_blob_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.blob_id IS NOT NULL THEN
    DELETE FROM stored_blob_sweeps WHERE blob_id = NEW.blob_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.blob_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.blob_id IS DISTINCT FROM OLD.blob_id)
     AND NOT EXISTS (SELECT 1 FROM asset_files f WHERE f.blob_id = OLD.blob_id)
     AND NOT EXISTS (SELECT 1 FROM asset_file_versions v WHERE v.blob_id = OLD.blob_id) THEN
    INSERT INTO stored_blob_sweeps (blob_id) VALUES (OLD.blob_id)
      ON CONFLICT (blob_id) DO UPDATE SET due_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_files_blob AFTER INSERT OR UPDATE OF blob_id OR DELETE ON asset_files
  FOR EACH ROW EXECUTE FUNCTION stored_blob_track();
--> statement-breakpoint
CREATE TRIGGER asset_file_versions_blob AFTER INSERT OR DELETE ON asset_file_versions
  FOR EACH ROW EXECUTE FUNCTION stored_blob_track();
