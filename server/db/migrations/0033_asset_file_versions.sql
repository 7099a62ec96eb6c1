-- A document's earlier files (issue 16 point 3, docs/decisions/049-document-versions.md). The
-- current file stays in asset_files and asset_file_chunks, where every reader (release, the
-- beneficiary portal, export) finds it; replacing it first copies it here, inside the database.
CREATE TABLE "asset_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_file_versions_kind_check" CHECK ("asset_file_versions"."kind" in ('document', 'recording', 'attachment'))
);
--> statement-breakpoint
ALTER TABLE "asset_file_versions" ADD CONSTRAINT "asset_file_versions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "asset_file_versions_asset_idx" ON "asset_file_versions" USING btree ("asset_id","kind","created_at");
--> statement-breakpoint
-- Their bytes in pieces of at most 1 MiB, as asset_file_chunks (0015).
CREATE TABLE "asset_file_version_chunks" (
	"version_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "asset_file_version_chunks_version_id_seq_pk" PRIMARY KEY("version_id","seq")
);
--> statement-breakpoint
ALTER TABLE "asset_file_version_chunks" ADD CONSTRAINT "asset_file_version_chunks_version_id_asset_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."asset_file_versions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- As asset_files (0007) and asset_file_chunks (0015): the owner's own, through their asset; no
-- firm role, no other role (the release portal gives beneficiaries the current file only).
GRANT SELECT, INSERT, DELETE ON asset_file_versions TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_file_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY asset_file_versions_owner ON asset_file_versions FOR ALL TO lv_app
  USING (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())))
  WITH CHECK (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON asset_file_version_chunks TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_file_version_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Through the version (whose own policy applies inside the subquery too).
CREATE POLICY asset_file_version_chunks_owner ON asset_file_version_chunks FOR ALL TO lv_app
  USING (EXISTS (SELECT 1 FROM asset_file_versions v WHERE v.id = version_id))
  WITH CHECK (EXISTS (SELECT 1 FROM asset_file_versions v WHERE v.id = version_id));
