-- The executor's task proofs follow the file store (docs/decisions/090-file-store.md, decision
-- 099): with FILE_STORE=s3 a proof's ciphertext is in the object store under the opaque blob_id,
-- otherwise in data, as before. Exactly one of them is set; existing rows keep their data.
ALTER TABLE "executor_task_proofs" ALTER COLUMN "data" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "executor_task_proofs" ADD COLUMN "blob_id" uuid;
--> statement-breakpoint
ALTER TABLE "executor_task_proofs" ADD CONSTRAINT "executor_task_proofs_one_store"
  CHECK (("data" IS NULL) <> ("blob_id" IS NULL));
--> statement-breakpoint
CREATE UNIQUE INDEX "executor_task_proofs_blob_idx" ON "executor_task_proofs" ("blob_id") WHERE "blob_id" IS NOT NULL;
--> statement-breakpoint
-- Grants and policies stay those of migration 0059: lv_app reads (SELECT on the table, the owner's
-- rows only) and never writes; the portal's routes write as the system.
-- The sweep's trigger (migration 0051) learns the third kind of row that names a blob: a proof row
-- written takes its blob's claim away; a proof row deleted (by the executor, or by a cascade from
-- its task, the owner's account) puts its blob back, due now.
CREATE OR REPLACE FUNCTION stored_blob_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.blob_id IS NOT NULL THEN
    DELETE FROM stored_blob_sweeps WHERE blob_id = NEW.blob_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.blob_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.blob_id IS DISTINCT FROM OLD.blob_id)
     AND NOT EXISTS (SELECT 1 FROM asset_files f WHERE f.blob_id = OLD.blob_id)
     AND NOT EXISTS (SELECT 1 FROM asset_file_versions v WHERE v.blob_id = OLD.blob_id)
     AND NOT EXISTS (SELECT 1 FROM executor_task_proofs p WHERE p.blob_id = OLD.blob_id) THEN
    INSERT INTO stored_blob_sweeps (blob_id) VALUES (OLD.blob_id)
      ON CONFLICT (blob_id) DO UPDATE SET due_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER executor_task_proofs_blob AFTER INSERT OR UPDATE OF blob_id OR DELETE ON executor_task_proofs
  FOR EACH ROW EXECUTE FUNCTION stored_blob_track();
