-- Files in pieces of at most 1 MiB (issue 4: memory during 4 concurrent 10 MB uploads;
-- docs/decisions/015-file-chunks.md). A statement carrying a whole 10 MB file cost the drivers
-- several copies of it (PGlite's protocol writer about four) and PGlite's WebAssembly heap as much
-- again, which it never gives back. asset_files keeps each file's kind, type and size.
CREATE TABLE "asset_file_chunks" (
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "asset_file_chunks_asset_id_kind_seq_pk" PRIMARY KEY("asset_id","kind","seq")
);
--> statement-breakpoint
ALTER TABLE "asset_file_chunks" ADD CONSTRAINT "asset_file_chunks_asset_id_kind_asset_files_asset_id_kind_fk" FOREIGN KEY ("asset_id","kind") REFERENCES "public"."asset_files"("asset_id","kind") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The files stored so far become one piece each (a piece may be of any size; new ones are 1 MiB).
INSERT INTO asset_file_chunks (asset_id, kind, seq, data) SELECT asset_id, kind, 0, data FROM asset_files;
--> statement-breakpoint
ALTER TABLE "asset_files" DROP COLUMN "data";
--> statement-breakpoint
-- As asset_files (0007): the owner's own, through their asset; no firm role, no other role.
GRANT SELECT, INSERT, DELETE ON asset_file_chunks TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_file_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY asset_file_chunks_owner ON asset_file_chunks FOR ALL TO lv_app
  USING (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())))
  WITH CHECK (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
